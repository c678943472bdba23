# syntax=docker/dockerfile:1
# One image for every target: `TARGET` (gateway, identity, trust-center, questionnaire, outbound,
# ingest-worker, llm-worker, migrate, or `all`) picks what the process runs. See k8s/README.md.
#
#   docker build -t trust-portal .                 # production image (last stage, `runtime`)
#   docker build --target dev -t trust-portal .    # Tilt: the workspace, restarts on source changes
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: dependencies, the web app, the compiled server and its production folder ----------
FROM ${NODE_IMAGE} AS build
ENV CI=true
RUN npm install --global --no-audit --no-fund --loglevel=error pnpm@12.21.0
WORKDIR /app
# Packages are fetched from the lock file alone, so this layer is rebuilt only when it changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline
RUN pnpm --filter @portal/web run build
# The workspace's TypeScript compiled to JavaScript (dist/server), then /prod: that, the web app and
# the production dependencies only, flat (scripts/prod-install.sh). No tsx, no dev dependency.
RUN node scripts/build-server.mjs && sh scripts/prod-install.sh /prod

# ---- dev: for Tilt's live update (see Tiltfile); never deployed outside a local machine -------
FROM ${NODE_IMAGE} AS dev
WORKDIR /app
COPY --from=build /app /app
RUN chown -R 1000:1000 /app/services /app/packages /app/web
USER 1000:1000
ENV NODE_ENV=development HOST=0.0.0.0 PORT=8080 DATA_DIR=/tmp/portal-data SEED_DEMO=false
# tsx restarts the process when a file under services/ or packages/ changes; the one-shot migrate
# target runs once and exits.
ENTRYPOINT ["sh", "-c", "if [ \"$TARGET\" = migrate ]; then exec node --import tsx services/host/src/main.ts; else exec node_modules/.bin/tsx watch --clear-screen=false services/host/src/main.ts; fi"]

# ---- runtime: the production image (default target) --------------------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
# Compiled JavaScript, the web app and production dependencies (tests/bench/footprint.ts measures
# this folder), owned by root and not writable by the process user; the root filesystem may be
# read-only (k8s): DATA_DIR only holds anything when a backend is left embedded, in /tmp.
COPY --from=build /prod /app
# No demo tenant: its admin's password is public (SEED_DEMO=true needs a DEMO_PASSWORD here).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/tmp/portal-data SEED_DEMO=false
# Two malloc arenas: glibc's default (8 per core) fragments under PGlite's and the parsers' buffers
# and never returns the memory (tests/bench/footprint.ts: 757 MB → 298 MB after migrating a database).
ENV MALLOC_ARENA_MAX=2
# The `node` user of the base image (uid 1000), numeric so that runAsNonRoot can check it.
USER 1000:1000
EXPOSE 8080
ENTRYPOINT ["node", "dist/server/main.mjs"]
