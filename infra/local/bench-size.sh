#!/usr/bin/env bash
# `make bench-size`: a private OpenSearch (own port and data folder) loaded with the bench dataset at
# several sizes, then test/bench/index-size.ts times every read use case against each size. The
# node is stopped after, even on failure. Takes minutes (16x is about 2 M articles).
#   env: BENCH_SIZE_OS_PORT (9275), BENCH_SIZE_DATA (.data/bench-size), BENCH_SIZE_FACTORS (1,4,16),
#        BENCH_SIZE_ROUNDS (5), OS_HEAP (1g)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
BENCH_SIZE_OS_PORT="${BENCH_SIZE_OS_PORT:-9275}"
BENCH_SIZE_DATA="${BENCH_SIZE_DATA:-$ROOT/.data/bench-size}"
export OS_PORT="$BENCH_SIZE_OS_PORT" OS_HOME="$BENCH_SIZE_DATA/opensearch" OS_HEAP="${OS_HEAP:-1g}" OS_WAIT_SECONDS="${OS_WAIT_SECONDS:-600}"

child=""
stop_all() {
  if [ -n "$child" ]; then kill "$child" 2>/dev/null || true; fi
  bash infra/local/opensearch.sh stop || true
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
bash infra/local/opensearch.sh start
OPENSEARCH_URL="http://127.0.0.1:$BENCH_SIZE_OS_PORT" node --import tsx test/bench/index-size.ts &
child=$!
wait "$child"
