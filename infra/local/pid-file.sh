#!/usr/bin/env bash
# Pid-file helpers shared by the scripts that start a background process (sourced, not run).

# Prints the pid in pid file $1 if that process is alive; removes a stale file and fails otherwise.
pid_file_running() {
  [ -f "$1" ] || return 1
  local pid; pid="$(cat "$1")"
  if kill -0 "$pid" 2>/dev/null; then echo "$pid"; return 0; fi
  rm -f "$1"
  return 1
}

# Stops the process of pid file $1: SIGTERM, up to $2 tenths of a second to exit, then SIGKILL.
# Prints the pid it stopped; fails when nothing was running.
pid_file_stop() {
  local pid
  pid="$(pid_file_running "$1")" || return 1
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 "$2"); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$1"
  echo "$pid"
}
