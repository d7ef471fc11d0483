#!/usr/bin/env bash
# Sourced by the scripts that start services: whether a local TCP port is taken, and whether the
# process listening on it is one of ours (a pid, or a child of it), read from /proc.

# True when something accepts connections on 127.0.0.1:PORT.
port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Socket inodes listening on PORT (any address), from /proc/net/tcp and tcp6.
listening_inodes() {
  local hex; hex="$(printf '%04X' "$1")"
  awk -v p=":$hex" '$4 == "0A" && substr($2, length($2) - 4) == p { print $10 }' \
    /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# PID and every descendant of it.
pid_tree() {
  local pid="$1" child
  echo "$pid"
  for child in $(pgrep -P "$pid" 2>/dev/null); do pid_tree "$child"; done
}

# True when PORT is listened on by PID or one of its descendants. Where /proc cannot tell (another
# OS, or another user's process), answers true when PID is alive, as the pid file is then all we know.
port_owned_by() {
  local port="$1" pid="$2" inodes p links inode
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
  [ -r /proc/net/tcp ] || return 0
  inodes="$(listening_inodes "$port")"
  [ -n "$inodes" ] || return 1
  for p in $(pid_tree "$pid"); do
    # Read whole, not piped into `grep -q`: under `set -o pipefail` (up.sh) the early exit of grep
    # kills `ls` with SIGPIPE on a process with many descriptors (a JVM) and fails the match.
    links="$(ls -l "/proc/$p/fd" 2>/dev/null || true)"
    for inode in $inodes; do
      [[ "$links" == *"socket:[$inode]"* ]] && return 0
    done
  done
  return 1
}

# The pid in a pid file when that process is alive; nothing otherwise.
live_pid() {
  local pid
  [ -f "$1" ] && pid="$(cat "$1")" && kill -0 "$pid" 2>/dev/null && echo "$pid"
  return 0
}
