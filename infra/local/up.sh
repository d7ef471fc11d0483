#!/usr/bin/env bash
# `make up`: with a Docker engine that answers, docker compose; otherwise OpenSearch, Redis and the
# services as local processes. Returns when /health answers 200. Safe to run twice.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
API_PORT="${API_PORT:-8080}"
OS_PORT="${OS_PORT:-9200}"
REDIS_PORT="${REDIS_PORT:-6379}"
export OPENSEARCH_URL="${OPENSEARCH_URL:-http://127.0.0.1:$OS_PORT}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:$REDIS_PORT}"
export API_PORT
# The console's snippets and the OpenAPI document name the port the API really listens on.
export API_PUBLIC_URL="${API_PUBLIC_URL:-http://127.0.0.1:$API_PORT}"
UP_WAIT_SECONDS="${UP_WAIT_SECONDS:-120}"

if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1 && [ "${TRENDSCOPE_LOCAL:-0}" != "1" ]; then
  echo "up: Docker engine found; docker compose up -d --build" >&2
  docker compose up -d --build
else
  echo "up: no Docker engine; starting local processes" >&2
  OS_PORT="$OS_PORT" OS_HOME="${OS_HOME:-$ROOT/.data/opensearch}" bash infra/local/opensearch.sh start
  REDIS_PORT="$REDIS_PORT" REDIS_HOME="${REDIS_HOME:-$ROOT/.data/redis}" bash infra/local/redis.sh start
  # One service per line; the part after NAME= is split into node flags, entry and arguments.
  while IFS= read -r svc; do
    name="${svc%%=*}"; entry="${svc#*=}"
    # shellcheck disable=SC2086
    bash infra/local/node-service.sh start "$name" $entry
  done < <(bash infra/local/services.sh)
fi

deadline=$((SECONDS + UP_WAIT_SECONDS))
until curl -fsS --max-time 3 "http://127.0.0.1:$API_PORT/health" >/dev/null 2>&1; do
  if [ "$SECONDS" -ge "$deadline" ]; then
    echo "up: /health did not answer 200 within ${UP_WAIT_SECONDS}s" >&2
    curl -sS --max-time 3 "http://127.0.0.1:$API_PORT/health" >&2 || true
    tail -n 30 "$ROOT/.data/run/api.log" >&2 2>/dev/null || true
    exit 1
  fi
  sleep 1
done
echo "up: Trendscope is up: http://127.0.0.1:$API_PORT (health 200), OpenSearch $OPENSEARCH_URL, Redis $REDIS_URL" >&2
echo "up: API keys: sign up at http://127.0.0.1:$API_PORT/console (README, \"Get an API key\")" >&2
