#!/usr/bin/env bash
# Sourced by the scripts behind `make` (up, down, demo, snapshot): exports the KEY=VALUE lines of
# the repository's .env that the environment does not already set (the shell wins), as the Node
# entry points do (core's processEnvironment). Comments, blank lines and `export ` prefixes are
# allowed; one pair of surrounding quotes is removed. Tests never read it.
dotenv_load() {
  local file="$1" line key value
  [ -f "$file" ] || return 0
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line#"${line%%[![:space:]]*}"}"
    line="${line#export }"
    [[ "$line" =~ ^([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]] || continue
    key="${BASH_REMATCH[1]}"; value="${BASH_REMATCH[2]}"
    value="${value%"${value##*[![:space:]]}"}"
    if [[ "$value" =~ ^\"(.*)\"$ || "$value" =~ ^\'(.*)\'$ ]]; then
      value="${BASH_REMATCH[1]}"
    else
      value="${value%%[[:space:]]#*}"  # an unquoted value ends at a comment
    fi
    [ -n "${!key+set}" ] || export "$key=$value"
  done < "$file"
}
# TRENDSCOPE_DOTENV names another file (the script tests use an empty one).
dotenv_load "${TRENDSCOPE_DOTENV:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.env}"
