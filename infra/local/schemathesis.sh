#!/usr/bin/env bash
# Runs Schemathesis (pinned, from PyPI) against a running API, from the API's own OpenAPI document,
# with every check: a 5xx, an undocumented status, a body outside its schema, a valid request
# refused or an invalid one accepted is a failure. Installs it once into a venv under .cache.
#
#   schemathesis.sh <base-url> [st run options]     e.g. schemathesis.sh http://127.0.0.1:8120
#
# Exits 3 when python3 is missing (the test that calls it then skips, saying so).
# env: SCHEMATHESIS_SEED (default fixed, so a run is reproducible), SCHEMATHESIS_MAX_EXAMPLES.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
VERSION="4.32.5"
VENV="${SCHEMATHESIS_VENV:-$ROOT/.cache/venv}"
BASE="${1:?usage: schemathesis.sh <base-url> [st run options]}"
shift

log() { echo "schemathesis: $*" >&2; }

command -v python3 >/dev/null || { log "python3 not found: install Python 3.9+ to run Schemathesis"; exit 3; }
if ! "$VENV/bin/st" --version 2>/dev/null | grep -qF "$VERSION"; then
  log "installing schemathesis $VERSION into $VENV (once)"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION" >&2
fi

# `--include-path-regex '.*'`: by default Schemathesis leaves out the operation that serves the
# document it loaded (GET /docs/openapi.json); every documented operation is tested here.
# Hypothesis keeps its example database in the working directory: keep it out of the repository.
mkdir -p "$ROOT/.cache/schemathesis"
cd "$ROOT/.cache/schemathesis"
exec "$VENV/bin/st" run "$BASE/docs/openapi.json" \
  --url "$BASE" \
  --checks all \
  --include-path-regex '.*' \
  --seed "${SCHEMATHESIS_SEED:-20261123}" \
  --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-40}" \
  --generation-database none \
  --workers 2 \
  --request-timeout 10 \
  --no-color \
  "$@"
