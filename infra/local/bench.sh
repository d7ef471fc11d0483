#!/usr/bin/env bash
# `make bench`: a private OpenSearch and Redis for the benchmarks (own ports and data folder, never
# the ones of `make up` or `make test`), then every test/bench/*.bench.ts; the services are stopped
# after, even on failure. The indexed corpus is kept in .data/bench between runs.
# BENCH=api (a name under test/bench, without .bench.ts) runs that one alone.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
BENCH_OS_PORT="${BENCH_OS_PORT:-9270}"
BENCH_REDIS_PORT="${BENCH_REDIS_PORT:-6395}"
BENCH_DATA="${BENCH_DATA:-$ROOT/.data/bench}"
# A relative BENCH_DATA is read from the repository root (Redis resolves its log file elsewhere).
BENCH_DATA="$(realpath -m "$BENCH_DATA")"
export OS_PORT="$BENCH_OS_PORT" OS_HOME="$BENCH_DATA/opensearch" OS_HEAP="${OS_HEAP:-1g}"
export REDIS_PORT="$BENCH_REDIS_PORT" REDIS_HOME="$BENCH_DATA/redis"

stop_services() {
  bash infra/local/redis.sh stop || true
  bash infra/local/opensearch.sh stop || true
}
trap stop_services EXIT

bash infra/local/opensearch.sh start
bash infra/local/redis.sh start
export OPENSEARCH_URL="http://127.0.0.1:$BENCH_OS_PORT"
export REDIS_URL="redis://127.0.0.1:$BENCH_REDIS_PORT"
export LOG_LEVEL="${LOG_LEVEL:-warn}"
# Quality replays, not speed against a baseline: run only when named (BENCH=slice-runs, `make slice-runs`).
BY_NAME_ONLY=(slice-runs)
status=0
for bench in test/bench/${BENCH:-*}.bench.ts; do
  [ -f "$bench" ] || { echo "bench: no $bench" >&2; exit 2; }
  name="$(basename "$bench" .bench.ts)"
  if [ -z "${BENCH:-}" ] && [[ " ${BY_NAME_ONLY[*]} " == *" $name "* ]]; then continue; fi
  echo "bench: $bench" >&2
  node --import tsx "$bench" || status=$?
done
exit "$status"
