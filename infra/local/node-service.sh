#!/usr/bin/env bash
# Starts or stops one of the project's Node processes in the background, with a pid file and a log
# under $RUN_DIR. Stale pid files (process gone) are cleaned up.
#
#   node-service.sh start NAME ENTRY.ts [args...]   |   node-service.sh stop NAME
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
RUN_DIR="${RUN_DIR:-$ROOT/.data/run}"
mkdir -p "$RUN_DIR"
cmd="${1:-}"; name="${2:-}"
[ -n "$name" ] || { echo "usage: $0 start NAME ENTRY [args] | stop NAME" >&2; exit 2; }
pid_file="$RUN_DIR/$name.pid"; log_file="$RUN_DIR/$name.log"

running_pid() {
  [ -f "$pid_file" ] || return 1
  local pid; pid="$(cat "$pid_file")"
  if kill -0 "$pid" 2>/dev/null; then echo "$pid"; return 0; fi
  rm -f "$pid_file"; return 1
}

case "$cmd" in
  start)
    shift 2
    if pid="$(running_pid)"; then echo "$name: already running (pid $pid)" >&2; exit 0; fi
    cd "$ROOT"
    nohup node --import tsx "$@" >> "$log_file" 2>&1 < /dev/null &
    echo $! > "$pid_file"
    echo "$name: started (pid $!, log $log_file)" >&2
    ;;
  stop)
    if ! pid="$(running_pid)"; then echo "$name: not running" >&2; exit 0; fi
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$pid_file"; echo "$name: stopped (pid $pid)" >&2
    ;;
  *) echo "usage: $0 start NAME ENTRY [args] | stop NAME" >&2; exit 2 ;;
esac
