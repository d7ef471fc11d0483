#!/usr/bin/env bash
# `make cluster-test`: three OpenSearch nodes (infra/local/cluster.sh), Redis, the API and a pipeline
# worker; 32 readers and a replay ingest run while the node with the most primaries is killed
# (SIGKILL) and started again (test/failover/cluster-failover.ts). Prints one summary line
#   cluster-test: reads=N 5xx=N articles=N lost=N duplicated=N status=<colour>
# and stops everything it started, even on failure. Takes minutes; not part of `make test`.
#   env: CLUSTER_OS_PORT (9220: nodes on 9220-9222, transport 9320-9322), CLUSTER_REDIS_PORT (6385),
#        CLUSTER_API_PORT (8095; the replay feed server on the next port), CLUSTER_HOME (.data/cluster-test),
#        CLUSTER_TEST_ARTICLES (2500), CLUSTER_TEST_FETCH_DELAY_MS (30: paces the ingest so it spans the
#        failure), CLUSTER_TEST_DOWN_SECONDS (20: how long the node stays dead)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
export CLUSTER_OS_PORT="${CLUSTER_OS_PORT:-9220}"
export CLUSTER_HOME="${CLUSTER_HOME:-$ROOT/.data/cluster-test}"
export REDIS_PORT="${CLUSTER_REDIS_PORT:-6385}" REDIS_HOME="$CLUSTER_HOME/redis"
export OS_WAIT_SECONDS="${OS_WAIT_SECONDS:-400}"

child=""
stop_all() {
  # The test stops the API and worker it started when it gets SIGTERM; the nodes and Redis are ours.
  if [ -n "$child" ] && kill -0 "$child" 2>/dev/null; then
    kill -TERM "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  bash infra/local/cluster.sh stop || true
  bash infra/local/redis.sh stop || true
}
trap stop_all EXIT
# Ctrl-C or a kill: leave through the EXIT trap at once (bash would otherwise wait for the test).
trap 'exit 130' INT
trap 'exit 143' TERM

stop_all
rm -rf "$CLUSTER_HOME"
bash infra/local/cluster.sh start
bash infra/local/redis.sh start
export OPENSEARCH_URL
OPENSEARCH_URL="$(bash infra/local/cluster.sh urls)"
export REDIS_URL="redis://127.0.0.1:$REDIS_PORT" API_PORT="${CLUSTER_API_PORT:-8095}"
export FEED_PORT="${CLUSTER_FEED_PORT:-$((API_PORT + 1))}"
echo "cluster-test: load average at start: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
status=0
node --import tsx test/failover/cluster-failover.ts &
child=$!
wait "$child" || status=$?
child=""
echo "cluster-test: load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
exit "$status"
