#!/usr/bin/env bash
# Starts or stops one of the project's Node processes in the background, with a pid file and a log
# under $RUN_DIR. Stale pid files (process gone) are cleaned up.
#
#   node-service.sh start NAME [VAR=value ...] [node flags] ENTRY.ts [args...]   |   node-service.sh stop NAME
#
# Leading VAR=value words are this process's own settings (over the environment), so one entry can
# run as two services, e.g. the pipeline worker as an ingest process and a detection process.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
RUN_DIR="${RUN_DIR:-$ROOT/.data/run}"
mkdir -p "$RUN_DIR"
cmd="${1:-}"; name="${2:-}"
[ -n "$name" ] || { echo "usage: $0 start NAME ENTRY [args] | stop NAME" >&2; exit 2; }
pid_file="$RUN_DIR/$name.pid"; log_file="$RUN_DIR/$name.log"

# shellcheck source=pid-file.sh
. "$ROOT/infra/local/pid-file.sh"
running_pid() { pid_file_running "$pid_file"; }

case "$cmd" in
  start)
    shift 2
    if pid="$(running_pid)"; then echo "$name: already running (pid $pid)" >&2; exit 0; fi
    cd "$ROOT"
    settings=()
    while [ $# -gt 0 ] && [[ "$1" =~ ^[A-Z_][A-Z0-9_]*= ]]; do settings+=("$1"); shift; done
    nohup env ${settings[@]+"${settings[@]}"} node --import tsx "$@" >> "$log_file" 2>&1 < /dev/null &
    echo $! > "$pid_file"
    echo "$name: started (pid $!, log $log_file)" >&2
    ;;
  stop)
    if pid="$(pid_file_stop "$pid_file" 100)"; then echo "$name: stopped (pid $pid)" >&2; else echo "$name: not running" >&2; fi
    ;;
  *) echo "usage: $0 start NAME ENTRY [args] | stop NAME" >&2; exit 2 ;;
esac
