#!/usr/bin/env bash
# `make cluster-up` / `make cluster-down`: three local OpenSearch 2.19 nodes, each its own JVM
# (infra/local/opensearch.sh with a seed list), forming one cluster on 127.0.0.1.
#
#   cluster.sh start|stop|status|kill <n>|start-node <n>
#   env: CLUSTER_OS_PORT (HTTP of node 1, default 9220; node n listens on +n-1, transport on +100),
#        CLUSTER_NODES (3), CLUSTER_HOME (.data/cluster), OS_HEAP (512m per node)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLUSTER_OS_PORT="${CLUSTER_OS_PORT:-9220}"
CLUSTER_NODES="${CLUSTER_NODES:-3}"
CLUSTER_HOME="${CLUSTER_HOME:-$ROOT/.data/cluster}"
export OS_HEAP="${OS_HEAP:-512m}" OS_CLUSTER_NAME="${OS_CLUSTER_NAME:-trendscope-cluster}"
# Every node sees the same snapshot folder (on several machines: a shared filesystem).
export OS_SNAPSHOT_DIR="${OS_SNAPSHOT_DIR:-$CLUSTER_HOME/snapshots}"

log() { echo "cluster: $*" >&2; }

seeds="" managers=""
for i in $(seq 1 "$CLUSTER_NODES"); do
  seeds="$seeds${seeds:+,}$((CLUSTER_OS_PORT + i - 1 + 100))"
  managers="$managers${managers:+,}trendscope-node-$i"
done

# Runs opensearch.sh for node n (1-based).
node() {
  local n="$1" action="$2"
  OS_PORT=$((CLUSTER_OS_PORT + n - 1)) OS_HOME="$CLUSTER_HOME/node-$n" OS_NODE_NAME="trendscope-node-$n" \
    OS_SEED_TRANSPORT_PORTS="$seeds" OS_INITIAL_MANAGERS="$managers" \
    bash "$ROOT/infra/local/opensearch.sh" "$action"
}

urls() {
  local out="" i
  for i in $(seq 1 "$CLUSTER_NODES"); do out="$out${out:+,}http://127.0.0.1:$((CLUSTER_OS_PORT + i - 1))"; done
  echo "$out"
}

start() {
  bash "$ROOT/infra/local/opensearch.sh" fetch
  # Started together: no node reaches yellow health before a majority of them has formed the cluster.
  local pids=() i failed=0
  for i in $(seq 1 "$CLUSTER_NODES"); do node "$i" start & pids+=($!); done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  [ "$failed" -eq 0 ] || { log "a node did not start; stopping the others"; stop; exit 1; }
  curl -fsS "http://127.0.0.1:$CLUSTER_OS_PORT/_cat/nodes?v&h=name,ip,http_address,node.role,cluster_manager" >&2
  log "ready: OPENSEARCH_URL=$(urls)"
}

stop() {
  local i
  for i in $(seq 1 "$CLUSTER_NODES"); do node "$i" stop || true; done
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) for i in $(seq 1 "$CLUSTER_NODES"); do node "$i" status || true; done ;;
  urls) urls ;;
  # SIGKILL one node (the cluster test's failure), and start it again.
  kill) kill -9 "$(cat "$CLUSTER_HOME/node-$2/opensearch.pid")"; log "killed trendscope-node-$2 (SIGKILL)" ;;
  start-node) node "$2" start ;;
  *) echo "usage: $0 start|stop|status|urls|kill <n>|start-node <n>" >&2; exit 2 ;;
esac
