#!/usr/bin/env bash
# `make test`: a private OpenSearch and Redis for the tests (own ports and data folders, so they
# never touch `make up`'s), then the checks and the mocha suites; the services are stopped even
# when a test fails, and the exit code is the tests'.
# With test files as arguments (`make test-file`), only those run, and unit files need no services.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
TEST_OS_PORT="${TEST_OS_PORT:-9250}"
TEST_REDIS_PORT="${TEST_REDIS_PORT:-6390}"
TEST_DATA="${TEST_DATA:-$ROOT/.data/test}"
# A relative TEST_DATA is read from the repository root (Redis resolves its log file elsewhere).
TEST_DATA="$(realpath -m "$TEST_DATA")"
MOCHA_ONE=(npx mocha --node-option import=tsx --extension ts --timeout 20000 --exit)

needs_services=$(($# == 0))
for file in "$@"; do
  case "$file" in test/unit/*) ;; *) needs_services=1 ;; esac
done
if [ "$needs_services" = 0 ]; then
  NODE_ENV=test LOG_LEVEL="${LOG_LEVEL:-silent}" exec "${MOCHA_ONE[@]}" "$@"
fi
export OS_PORT="$TEST_OS_PORT" OS_HOME="$TEST_DATA/opensearch"
export REDIS_PORT="$TEST_REDIS_PORT" REDIS_HOME="$TEST_DATA/redis"

stop_services() {
  bash infra/local/redis.sh stop || true
  bash infra/local/opensearch.sh stop || true
}
trap stop_services EXIT

# The console's browser tests drive Debian's Chromium; install it where it is missing and we may
# (CI runs on a fresh machine). Where it cannot be installed, those tests skip and say why.
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "test: installing chromium for the console browser tests" >&2
  (apt-get -o DPkg::Lock::Timeout=600 update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >/dev/null) \
    || echo "test: could not install chromium; the browser tests will skip" >&2
fi

# A fresh data folder each run: tests start from empty indices.
stop_services
rm -rf "$TEST_DATA"
started=$SECONDS
bash infra/local/opensearch.sh start
bash infra/local/redis.sh start
echo "test: services ready in $((SECONDS - started))s" >&2
info="$(curl -fsS "http://127.0.0.1:$TEST_OS_PORT")"
dist="$(echo "$info" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s).version;console.log(`${v.distribution} ${v.number} (lucene ${v.lucene_version})`)})')"
echo "test: integration tests run against OpenSearch distribution: $dist" >&2

export OPENSEARCH_URL="http://127.0.0.1:$TEST_OS_PORT"
export REDIS_URL="redis://127.0.0.1:$TEST_REDIS_PORT"
export TEST_OPENSEARCH_HOME="$OS_HOME" TEST_OPENSEARCH_PORT="$TEST_OS_PORT"
export NODE_ENV=test LOG_LEVEL="${LOG_LEVEL:-silent}"
if [ $# -gt 0 ]; then
  "${MOCHA_ONE[@]}" "$@"
else
  npx mocha --config test/.mocharc.json
fi
