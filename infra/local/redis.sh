#!/usr/bin/env bash
# Runs redis-server from Debian's packages (installed when missing) on 127.0.0.1, with
# noeviction (BullMQ needs every key kept) and AOF on.
#
#   redis.sh start|stop|status   (env: REDIS_PORT, REDIS_HOME)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
REDIS_PORT="${REDIS_PORT:-6379}"
REDIS_HOME="${REDIS_HOME:-$ROOT/.data/redis}"
PID_FILE="$REDIS_HOME/redis.pid"

# shellcheck source=pid-file.sh
. "$ROOT/infra/local/pid-file.sh"

log() { echo "redis: $*" >&2; }

install() {
  # redis-sentinel serves the Sentinel test (a primary, a replica and three Sentinels).
  command -v redis-server >/dev/null 2>&1 && command -v redis-sentinel >/dev/null 2>&1 && return 0
  log "redis-server or redis-sentinel not found; installing Debian's redis-server and redis-sentinel packages"
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  # Another install on this machine (make test's Chromium, a second checkout) holds dpkg's lock for
  # a while: wait for it rather than fail.
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq redis-server redis-sentinel >&2
  # Debian's packages start system services on 6379 and 26379; this project runs its own.
  $sudo systemctl disable --now redis-server redis-sentinel >/dev/null 2>&1 ||
    { $sudo service redis-server stop; $sudo service redis-sentinel stop; } >/dev/null 2>&1 || true
}

running_pid() { pid_file_running "$PID_FILE"; }

start() {
  install
  if pid="$(running_pid)"; then log "already running (pid $pid) on 127.0.0.1:$REDIS_PORT"; return 0; fi
  if redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    # Never use a Redis this script did not start (another stack's, a system one).
    log "port $REDIS_PORT (REDIS_PORT) already answers, but not from the Redis of $REDIS_HOME; set REDIS_PORT to a free port"
    exit 1
  fi
  mkdir -p "$REDIS_HOME"
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes --pidfile "$PID_FILE" \
    --dir "$REDIS_HOME" --logfile "$REDIS_HOME/redis.log" --maxmemory-policy noeviction \
    --appendonly yes --save "" --protected-mode yes
  for _ in $(seq 1 50); do
    redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG && { log "ready on 127.0.0.1:$REDIS_PORT"; return 0; }
    sleep 0.1
  done
  log "did not answer PING; last lines of $REDIS_HOME/redis.log:"; tail -n 20 "$REDIS_HOME/redis.log" >&2 || true
  exit 1
}

stop() {
  local pid
  if pid="$(pid_file_stop "$PID_FILE" 50)"; then log "stopped (pid $pid)"; else log "not running"; fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) if pid="$(running_pid)"; then log "running (pid $pid)"; else log "not running"; exit 3; fi ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
