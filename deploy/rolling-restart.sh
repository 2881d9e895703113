#!/usr/bin/env bash
# Restarts the portal's instances behind nginx one after the other, so that no request fails (deploy/nginx.conf,
# docs/operations.md, "Rolling restart and two instances"; tested as written by server/rolling-restart.test.ts).
#
#   deploy/rolling-restart.sh kita-portal@1=http://127.0.0.1:3000 kita-portal@2=http://127.0.0.1:3001
#
# Each argument is NAME=URL: the name the restart command gets, and the address where this instance itself answers
# (not nginx's). For each instance in turn:
#   1. every other instance must answer 200 on /api/health?ready (never stop the last one serving);
#   2. the restart command stops it and starts it again (default `systemctl restart NAME`: SIGTERM, systemd waits
#      until it exited). On SIGTERM the instance answers 503 on ?ready, stops accepting connections (nginx sends new
#      ones to the other instance: a refused connection is retried there, a booking too, since it was never sent),
#      waits up to 3 s for nginx to close its open ones (the sample's upstream keepalive_timeout 2s), answers every
#      request it has and exits;
#   3. wait until it answers 200 on ?ready (migrations done, database reached), at most --ready-timeout seconds;
#      if it never does, stop here with exit code 1: the instances not yet restarted keep serving;
#   4. wait --settle seconds before the next one, so nginx has taken this one back (with the sample's max_fails=0 it
#      takes it back at its next turn; with passive checks, settle at least the upstream's fail_timeout).
#
# Options:
#   --restart-command CMD   run as `CMD NAME` (words split on spaces); default `systemctl restart`
#   --ready-timeout SEC     how long an instance may take to become ready again (default 120)
#   --settle SEC            pause after an instance is ready again (default 2)
set -euo pipefail

restart_command="systemctl restart"
ready_timeout=120
settle=2
instances=()
while [ $# -gt 0 ]; do
  case "$1" in
    --restart-command) restart_command="$2"; shift 2 ;;
    --ready-timeout) ready_timeout="$2"; shift 2 ;;
    --settle) settle="$2"; shift 2 ;;
    -h | --help) sed -n '2,23p' "$0"; exit 0 ;;
    *=http*) instances+=("$1"); shift ;;
    *) echo "rolling-restart: unknown argument '$1' (instances are NAME=URL, e.g. kita-portal@1=http://127.0.0.1:3000)" >&2; exit 2 ;;
  esac
done
if [ ${#instances[@]} -lt 2 ]; then
  echo "rolling-restart: give at least two instances (NAME=URL): with one, a restart is downtime" >&2
  exit 2
fi
read -r -a restart <<<"$restart_command"
if ! command -v curl >/dev/null; then
  echo "rolling-restart: needs curl (apt-get install curl)" >&2
  exit 2
fi

log() { echo "rolling-restart: $*"; }

# 200 from URL/api/health?ready (curl: no output, no retries, 3 s at most)
ready() { curl -fsS -o /dev/null --max-time 3 "$1/api/health?ready" 2>/dev/null; }

for instance in "${instances[@]}"; do
  name="${instance%%=*}"
  url="${instance#*=}"
  url="${url%/}"
  for other in "${instances[@]}"; do
    [ "$other" = "$instance" ] && continue
    if ! ready "${other#*=}"; then
      log "${other%%=*} (${other#*=}) is not ready: not restarting $name, nothing changed" >&2
      exit 1
    fi
  done

  log "restarting $name"
  "${restart[@]}" "$name"

  waited=0
  until ready "$url"; do
    if [ "$waited" -ge "$ready_timeout" ]; then
      log "$name ($url) did not become ready within ${ready_timeout} s: stopped here, the others keep serving" >&2
      exit 1
    fi
    sleep 1
    waited=$((waited + 1))
  done
  log "$name is ready again"
  sleep "$settle"
done
log "all ${#instances[@]} instances restarted"
