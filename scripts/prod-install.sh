#!/bin/sh
# The production folder of the single binary: the compiled server (dist/, from build-server.mjs), the
# web app (web/dist) and the production dependency set of the host and what it uses, flat
# (node-linker=hoisted) so that the bundle finds every third-party package from its own folder. No
# TypeScript, no tsx, no development dependency. The Dockerfile's runtime stage is this folder;
# tests/bench/footprint.ts measures it.   Usage: sh scripts/prod-install.sh OUT_DIR
set -eu
OUT=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$ROOT/dist/server/main.mjs" ] || { echo "prod-install: run node scripts/build-server.mjs first" >&2; exit 1; }
[ -f "$ROOT/web/dist/index.html" ] || { echo "prod-install: build the web app first (pnpm --filter @portal/web run build)" >&2; exit 1; }
rm -rf "$OUT"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
cd "$ROOT"
# The workspace's manifests only: pnpm needs them to read the lock file; the sources are bundled.
for f in package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc $(find packages services web tests -name package.json -not -path '*/node_modules/*'); do
  mkdir -p "$OUT/$(dirname "$f")"
  cp "$f" "$OUT/$f"
done
(cd "$OUT" && CI=true pnpm install --prod --frozen-lockfile --config.node-linker=hoisted --filter '@portal/svc-host...' --reporter=append-only >&2)
# Only the third-party packages stay: the workspace's links and manifests have nothing to run.
rm -rf "$OUT/node_modules/@portal" "$OUT/packages" "$OUT/services" "$OUT/tests" "$OUT/web"
# TypeScript (30 MB) arrives as an auto-installed peer of @qdrant/js-client-rest, for its type
# definitions only: nothing at run time loads it.
rm -rf "$OUT/node_modules/typescript"
for d in "$OUT"/node_modules/.pnpm "$OUT"/node_modules/.cache; do rm -rf "$d"; done
mkdir -p "$OUT/web"
cp -R dist "$OUT/dist"
cp -R web/dist "$OUT/web/dist"
echo "prod-install: $OUT" >&2
