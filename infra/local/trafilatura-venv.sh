#!/usr/bin/env bash
# Installs trafilatura (a benchmark-only reference; the service never needs Python) into a venv
# under .cache once, pinned, and prints the venv's python. Exits 1 when no python3 is available.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
VENV="$ROOT/.cache/trafilatura-venv"
PINS=(trafilatura==2.3.1 lxml_html_clean==0.4.6)
STAMP="$VENV/.installed-${PINS[*]// /_}"
if [ ! -f "$STAMP" ]; then
  command -v python3 >/dev/null || { echo "trafilatura-venv: python3 not found" >&2; exit 1; }
  rm -rf "$VENV"
  python3 -m venv "$VENV" >&2
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "${PINS[@]}" >&2
  touch "$STAMP"
fi
echo "$VENV/bin/python"
