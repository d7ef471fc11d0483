#!/usr/bin/env bash
# `make snapshot` / `make restore SNAPSHOT=<name>`: the CLI's snapshot and restore against the
# stack `make up` runs (OPENSEARCH_URL / REDIS_URL, else OS_PORT / REDIS_PORT on 127.0.0.1).
# The repository folder is OPENSEARCH_SNAPSHOT_LOCATION under the node's path.repo
# (infra/local/opensearch.sh: OS_SNAPSHOT_DIR, default .data/opensearch/snapshots).
# Content (articles, bodies, trends, domains, runs) and account data (accounts, API keys) are two
# snapshots of the same moment (SNAPSHOT_SETS in services/core/src/opensearch/snapshots.ts).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
source infra/local/dotenv.sh
export OPENSEARCH_URL="${OPENSEARCH_URL:-http://127.0.0.1:${OS_PORT:-9200}}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:${REDIS_PORT:-6379}}"
case "${1:-}" in
  snapshot) exec npx --no-install trendscope snapshot ;;
  restore)
    if [ -z "${2:-}" ]; then
      echo "usage: make restore SNAPSHOT=<name> [ACCOUNTS=1] [DROP_CONCRETE=1]   (names: npx trendscope snapshots)" >&2
      exit 2
    fi
    # Content by default; ACCOUNTS=1 adds accounts and API keys (revocations since are kept).
    flags=()
    [ -n "${ACCOUNTS:-}" ] && flags+=(--accounts)
    [ -n "${DROP_CONCRETE:-}" ] && flags+=(--drop-concrete)
    exec npx --no-install trendscope restore "$2" "${flags[@]}" ;;
  *) echo "usage: $0 snapshot|restore <name>" >&2; exit 2 ;;
esac
