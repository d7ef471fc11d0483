#!/usr/bin/env bash
# `make down`: stops what `make up` started (compose, or the local processes), leaving nothing listening.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
source infra/local/dotenv.sh
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1 && [ "${TRENDSCOPE_LOCAL:-0}" != "1" ]; then
  docker compose down
  exit 0
fi
while IFS= read -r svc; do
  bash infra/local/node-service.sh stop "${svc%%=*}"
done < <(bash infra/local/services.sh | tac)
REDIS_HOME="${REDIS_HOME:-$ROOT/.data/redis}" bash infra/local/redis.sh stop
OS_HOME="${OS_HOME:-$ROOT/.data/opensearch}" bash infra/local/opensearch.sh stop
