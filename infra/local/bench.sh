#!/usr/bin/env bash
# `make bench`: a private OpenSearch + Redis (own ports and data folders), then the benchmarks in
# test/bench, each printing ratios against a baseline measured in the same run; stops them after.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
BENCH_OS_PORT="${BENCH_OS_PORT:-9270}"
BENCH_REDIS_PORT="${BENCH_REDIS_PORT:-6395}"
BENCH_DATA="${BENCH_DATA:-$ROOT/.data/bench}"
export OS_PORT="$BENCH_OS_PORT" OS_HOME="$BENCH_DATA/opensearch" OS_HEAP="${OS_HEAP:-1g}"
export REDIS_PORT="$BENCH_REDIS_PORT" REDIS_HOME="$BENCH_DATA/redis"
stop_services() {
  bash infra/local/redis.sh stop || true
  bash infra/local/opensearch.sh stop || true
}
trap stop_services EXIT
stop_services
rm -rf "$BENCH_DATA"
bash infra/local/opensearch.sh start
bash infra/local/redis.sh start
export OPENSEARCH_URL="http://127.0.0.1:$BENCH_OS_PORT" REDIS_URL="redis://127.0.0.1:$BENCH_REDIS_PORT" LOG_LEVEL=silent
for bench in test/bench/*.bench.ts; do
  echo "bench: $bench" >&2
  node --import tsx "$bench"
done
