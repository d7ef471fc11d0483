#!/usr/bin/env bash
# Prints a directory holding a `node` binary of version >= 22. The machines ship an older Node, so
# when the one on PATH is too old we install the npm registry's `node` package (a real Node binary)
# into the project cache once and reuse it. The Makefile puts the printed directory first on PATH.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
WANT_MAJOR="${NODE_WANT_MAJOR:-24}"
MIN_MAJOR=22
CACHE="${TRENDSCOPE_CACHE:-$ROOT/.cache}/node"

major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ -x "$CACHE/bin/node" ] && [ "$(major "$CACHE/bin/node")" -ge "$MIN_MAJOR" ]; then
  echo "$CACHE/bin"; exit 0
fi
if command -v node >/dev/null 2>&1 && [ "$(major node)" -ge "$MIN_MAJOR" ]; then
  dirname "$(command -v node)"; exit 0
fi
echo "ensure-node: system Node is $(node --version 2>/dev/null || echo missing); installing node@$WANT_MAJOR into $CACHE" >&2
mkdir -p "$CACHE"
npm install --prefix "$CACHE" --no-save --no-audit --no-fund --loglevel=error "node@$WANT_MAJOR" >&2
mkdir -p "$CACHE/bin"
ln -sf "$CACHE/node_modules/node/bin/node" "$CACHE/bin/node"
"$CACHE/bin/node" --version >&2
echo "$CACHE/bin"
