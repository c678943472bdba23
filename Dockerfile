# syntax=docker/dockerfile:1
# One image for every target: `TARGET` (gateway, identity, trust-center, questionnaire, outbound,
# ingest-worker, llm-worker, or `all`) picks what the process runs. See k8s/README.md.
#
#   docker build -t trust-portal .                 # production image (last stage, `runtime`)
#   docker build --target dev -t trust-portal .    # Tilt: same image, restarts on source changes
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: dependencies and the web app -------------------------------------------------------
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

# ---- app: what every runtime stage shares ------------------------------------------------------
FROM ${NODE_IMAGE} AS app
WORKDIR /app
# The whole workspace, node_modules included: the portal runs TypeScript through tsx, which is a
# development dependency of the root package, so the dependencies are not pruned to production.
# Owned by root and not writable by the process user.
COPY --from=build /app /app
# DATA_DIR only holds anything when a backend is left embedded; in Kubernetes /tmp is an emptyDir.
# No demo tenant: its admin's password is public (SEED_DEMO=true needs a DEMO_PASSWORD here).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/tmp/portal-data SEED_DEMO=false
# The `node` user of the base image (uid 1000), numeric so that runAsNonRoot can check it.
USER 1000:1000
EXPOSE 8080
ENTRYPOINT ["node","--import","tsx","services/host/src/main.ts"]

# ---- dev: for Tilt's live update (see Tiltfile); never deployed outside a local cluster --------
FROM app AS dev
USER root
RUN chown -R 1000:1000 /app/services /app/packages /app/web
USER 1000:1000
ENV NODE_ENV=development
# tsx restarts the process when a file under services/ or packages/ changes.
ENTRYPOINT ["node_modules/.bin/tsx","watch","--clear-screen=false","services/host/src/main.ts"]

# ---- runtime: the production image (default target) --------------------------------------------
FROM app AS runtime
ENTRYPOINT ["node","--import","tsx","services/host/src/main.ts"]
