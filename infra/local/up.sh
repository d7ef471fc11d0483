#!/usr/bin/env bash
# `make up`: with a Docker engine that answers, docker compose; otherwise OpenSearch, Redis and the
# services as local processes. Returns when /health answers 200 from the API this script started.
# Safe to run twice. Reads .env under the environment; never uses an OpenSearch or Redis it did not
# start unless OPENSEARCH_URL / REDIS_URL name it; a busy port is one line naming its variable.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
source infra/local/dotenv.sh
source infra/local/ports.sh
API_PORT="${API_PORT:-8080}"
OS_PORT="${OS_PORT:-9200}"
REDIS_PORT="${REDIS_PORT:-6379}"
API_METRICS_PORT="${API_METRICS_PORT:-9464}"
PIPELINE_METRICS_PORT="${PIPELINE_METRICS_PORT:-9465}"
# The detection worker's metrics: the port after the pipeline worker's (off when that one is off).
if [ "$PIPELINE_METRICS_PORT" = 0 ]; then PIPELINE_DETECT_METRICS_PORT="${PIPELINE_DETECT_METRICS_PORT:-0}"
else PIPELINE_DETECT_METRICS_PORT="${PIPELINE_DETECT_METRICS_PORT:-$((PIPELINE_METRICS_PORT + 1))}"; fi
# Given URLs mean "use that one": no local OpenSearch / Redis is started for them.
OS_GIVEN="${OPENSEARCH_URL:-}"
REDIS_GIVEN="${REDIS_URL:-}"
export OPENSEARCH_URL="${OPENSEARCH_URL:-http://127.0.0.1:$OS_PORT}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:$REDIS_PORT}"
export API_PORT OS_PORT REDIS_PORT API_METRICS_PORT PIPELINE_METRICS_PORT PIPELINE_DETECT_METRICS_PORT
# The console's snippets and the OpenAPI document name the port the API really listens on.
export API_PUBLIC_URL="${API_PUBLIC_URL:-http://127.0.0.1:$API_PORT}"
export OS_HOME="${OS_HOME:-$ROOT/.data/opensearch}" REDIS_HOME="${REDIS_HOME:-$ROOT/.data/redis}"
export RUN_DIR="${RUN_DIR:-$ROOT/.data/run}"
UP_WAIT_SECONDS="${UP_WAIT_SECONDS:-120}"

die() { echo "up: $*" >&2; exit 1; }

# Says once, up front, when no real feed can be reached (no internet, no DNS): the lists would stay
# empty and the dead letters fill with "cannot resolve the host", so name the way to data now.
check_feeds() {
  local file="${PIPELINE_SOURCES_FILE:-infra/sources/sources.json}" urls url err=""
  [ "${UP_CHECK_FEEDS:-1}" = 1 ] && [ -f "$file" ] || return 0
  urls="$(grep -o '"feed_url": *"[^"]*"' "$file" | sed 's/.*"\(http[^"]*\)"/\1/' | head -n 3)"
  for url in $urls; do
    err="$(curl -sS -o /dev/null --max-time 4 -I "$url" 2>&1 | sed 's/^curl: ([0-9]*) //')" || true
    [ -n "$err" ] || return 0
  done
  [ -n "$urls" ] || return 0
  echo "up: the real feeds cannot be reached from this machine ($err); the lists stay empty and the feeds go to dead letters. For data now, run make demo (replays the local corpora)" >&2
}

# A port held by anything but the process this script started for it (pid file) stops `make up`
# before it starts anything: one line naming the port and the variable to change.
refuse_foreign() {
  local port="$1" variable="$2" pid_file="$3" also="${4:-}"
  [ "$port" != 0 ] && port_in_use "$port" || return 0
  port_owned_by "$port" "$(live_pid "$pid_file")" && return 0
  die "port $port ($variable) is in use by a process this stack did not start; set $variable to a free port${also}"
}

if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1 && [ "${TRENDSCOPE_LOCAL:-0}" != "1" ]; then
  echo "up: Docker engine found; docker compose up -d --build (host ports OS_PORT=$OS_PORT REDIS_PORT=$REDIS_PORT API_PORT=$API_PORT)" >&2
  docker compose up -d --build
  api_pid=""
else
  [ -n "$OS_GIVEN" ] || refuse_foreign "$OS_PORT" OS_PORT "$OS_HOME/opensearch.pid" \
    ", or OPENSEARCH_URL=http://127.0.0.1:$OS_PORT to use that OpenSearch"
  [ -n "$REDIS_GIVEN" ] || refuse_foreign "$REDIS_PORT" REDIS_PORT "$REDIS_HOME/redis.pid" \
    ", or REDIS_URL=redis://127.0.0.1:$REDIS_PORT to use that Redis"
  refuse_foreign "$API_PORT" API_PORT "$RUN_DIR/api.pid"
  refuse_foreign "$API_METRICS_PORT" API_METRICS_PORT "$RUN_DIR/api.pid" " (or 0 to turn it off)"
  refuse_foreign "$PIPELINE_METRICS_PORT" PIPELINE_METRICS_PORT "$RUN_DIR/pipeline-worker.pid" " (or 0 to turn it off)"
  refuse_foreign "$PIPELINE_DETECT_METRICS_PORT" PIPELINE_DETECT_METRICS_PORT "$RUN_DIR/pipeline-detect.pid" " (or 0 to turn it off)"

  echo "up: no Docker engine; starting local processes" >&2
  if [ -n "$OS_GIVEN" ]; then echo "up: using the OpenSearch of OPENSEARCH_URL (not started here)" >&2
  else bash infra/local/opensearch.sh start; fi
  if [ -n "$REDIS_GIVEN" ]; then echo "up: using the Redis of REDIS_URL (not started here)" >&2
  else bash infra/local/redis.sh start; fi
  # One service per line; the part after NAME= is split into node flags, entry and arguments.
  while IFS= read -r svc; do
    name="${svc%%=*}"; entry="${svc#*=}"
    # shellcheck disable=SC2086
    bash infra/local/node-service.sh start "$name" $entry
  done < <(bash infra/local/services.sh)
  api_pid="$(live_pid "$RUN_DIR/api.pid")"
fi

deadline=$((SECONDS + UP_WAIT_SECONDS))
until curl -fsS --max-time 3 "http://127.0.0.1:$API_PORT/health" >/dev/null 2>&1; do
  if [ -n "$api_pid" ] && ! kill -0 "$api_pid" 2>/dev/null; then
    die "the API (pid $api_pid) stopped: $(grep -v '^\s*at ' "$RUN_DIR/api.log" 2>/dev/null | tail -n 1 | cut -c1-300)"
  fi
  if [ "$SECONDS" -ge "$deadline" ]; then
    echo "up: /health did not answer 200 within ${UP_WAIT_SECONDS}s" >&2
    curl -sS --max-time 3 "http://127.0.0.1:$API_PORT/health" >&2 || true
    tail -n 30 "$RUN_DIR/api.log" >&2 2>/dev/null || true
    exit 1
  fi
  sleep 1
done
# The answer must come from the API started here, not from another service on the same port.
if [ -n "$api_pid" ] && ! port_owned_by "$API_PORT" "$api_pid"; then
  die "port $API_PORT (API_PORT) answers, but not from the API this script started (pid $api_pid); set API_PORT to a free port"
fi
check_feeds
echo "up: Trendscope is up: http://127.0.0.1:$API_PORT (health 200), OpenSearch $OPENSEARCH_URL, Redis $REDIS_URL" >&2
echo "up: API keys: sign up at http://127.0.0.1:$API_PORT/console (README, \"Get an API key\")" >&2
