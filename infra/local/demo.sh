#!/usr/bin/env bash
# `make demo`: `make up`, then replay the giveme5w1h news cluster (full articles with pages) and
# DEMO_UCI_LIMIT UCI headlines (feed items only) with dates shifted to now, run detection, and show
# what the API serves. Honours OS_PORT, REDIS_PORT, API_PORT (run it beside another stack on other
# ports), OPENSEARCH_URL / REDIS_URL (an existing OpenSearch / Redis), .env and CORPUS_DIR.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
source infra/local/dotenv.sh
# Only the ports: OPENSEARCH_URL / REDIS_URL stay unset unless given, so up.sh starts its own
# OpenSearch and Redis (a given URL means "use that one"); the CLI derives them from the ports.
export OS_PORT="${OS_PORT:-9200}" REDIS_PORT="${REDIS_PORT:-6379}" API_PORT="${API_PORT:-8080}"
export API_PUBLIC_URL="${API_PUBLIC_URL:-http://127.0.0.1:$API_PORT}"
CORPUS_DIR="${CORPUS_DIR:-$(cd "$ROOT/.." && pwd)/shared/corpus}"
DEMO_UCI_LIMIT="${DEMO_UCI_LIMIT:-12000}"
# Replays are fed by our own local server: a wider fetch stage and bigger batches go faster.
export PIPELINE_FETCH_CONCURRENCY="${PIPELINE_FETCH_CONCURRENCY:-32}"
export PIPELINE_PROCESS_CONCURRENCY="${PIPELINE_PROCESS_CONCURRENCY:-4}"
started=$SECONDS

# The corpora are local: up.sh's word on unreachable real feeds (and on make demo) is not for here.
UP_CHECK_FEEDS=0 bash infra/local/up.sh

trendscope() { node --import tsx services/cli/src/main.ts "$@"; }

echo "demo: replaying giveme5w1h-news-cluster (419 full articles, dates shifted to now)" >&2
trendscope replay "$CORPUS_DIR/giveme5w1h-news-cluster" --shift-to-now
echo "demo: replaying $DEMO_UCI_LIMIT uci-news-aggregator headlines (feed items, dates shifted to now)" >&2
trendscope replay "$CORPUS_DIR/uci-news-aggregator" --shift-to-now --limit "$DEMO_UCI_LIMIT"
echo "demo: detecting trends (after the scheduled run, if one is in progress)" >&2
trendscope detect --wait
trendscope status

api="http://127.0.0.1:$API_PORT"
show() {
  echo "--- GET $1"
  local body
  if ! body="$(curl -fsS --max-time 10 "$api$1")"; then echo "(not available: $1)"; return 0; fi
  echo "$body" | node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      console.log(JSON.stringify(JSON.parse(s), null, 1).split("\n").slice(0, Number(process.argv[1])).join("\n"));
    });' "$2"
}
show /v1/stats 40
show /v1/categories 60
show "/v1/trends/recent?limit=5" 60
echo "demo: done in $((SECONDS - started)) s; the API is at $api (make down stops everything)" >&2
