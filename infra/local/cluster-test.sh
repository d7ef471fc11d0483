#!/usr/bin/env bash
# `make cluster-test`: three OpenSearch nodes (infra/local/cluster.sh), Redis, the API and a pipeline
# worker; 32 readers and a replay ingest run while the node with the most primaries is killed
# (SIGKILL) and started again (test/cluster/cluster-failover.ts). Prints one summary line
#   cluster-test: reads=N 5xx=N articles=N lost=N duplicated=N status=<colour>
# and stops everything it started, even on failure. Takes minutes; not part of `make test`.
#   env: CLUSTER_OS_PORT (9220: nodes on 9220-9222, transport 9320-9322), CLUSTER_REDIS_PORT (6385),
#        CLUSTER_API_PORT (8095), CLUSTER_HOME (.data/cluster-test), CLUSTER_TEST_ARTICLES (2500)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
export CLUSTER_OS_PORT="${CLUSTER_OS_PORT:-9220}"
export CLUSTER_HOME="${CLUSTER_HOME:-$ROOT/.data/cluster-test}"
export REDIS_PORT="${CLUSTER_REDIS_PORT:-6385}" REDIS_HOME="$CLUSTER_HOME/redis"
export OS_WAIT_SECONDS="${OS_WAIT_SECONDS:-400}"

stop_all() {
  bash infra/local/cluster.sh stop || true
  bash infra/local/redis.sh stop || true
}
trap stop_all EXIT

stop_all
rm -rf "$CLUSTER_HOME"
bash infra/local/cluster.sh start
bash infra/local/redis.sh start
export OPENSEARCH_URL
OPENSEARCH_URL="$(bash infra/local/cluster.sh urls)"
export REDIS_URL="redis://127.0.0.1:$REDIS_PORT" API_PORT="${CLUSTER_API_PORT:-8095}"
node --import tsx test/cluster/cluster-failover.ts
