#!/usr/bin/env bash
# Deploys a new version with docker compose without downtime (docs/operations.md, "Container"; its logic is tested with a
# stand-in `docker` by server/compose-deploy.test.ts). Run it in the folder of compose.yaml and .env, after fetching
# the new version's sources:
#
#   deploy/compose-deploy.sh
#
#   1. builds the image kita-portal:<version> (the version from package.json, or KITA_VERSION if set): the running
#      version's image stays as it is;
#   2. starts one new portal container beside the running one(s) (`up --no-deps --no-recreate --scale`): it applies
#      the migrations and gets the next host port of the range (nginx passes requests to whichever answers);
#   3. waits until it is healthy (its HEALTHCHECK: /api/health?ready answers 200), at most READY_TIMEOUT seconds
#      (default 180). If it does not get there, or restarts (a failed migration exits), it is stopped and removed,
#      its last log lines shown, and the script ends with exit code 1: the old version goes on serving;
#   4. stops the old container(s) (SIGTERM: requests in flight are answered within stop_grace_period) and removes
#      them, then records the version in .env (KITA_VERSION=…), so `docker compose run --rm backup` and later
#      `docker compose` commands use the new image.
# Without a running portal (the first start) it starts everything and waits for health the same way.
set -euo pipefail

ready_timeout="${READY_TIMEOUT:-180}"
if [ ! -f compose.yaml ] || [ ! -f package.json ]; then
  echo "compose-deploy: run it in the folder of compose.yaml and package.json" >&2
  exit 2
fi
version="${KITA_VERSION:-$(sed -n 's/^  "version": "\([^"]*\)",*$/\1/p' package.json)}"
if [ -z "$version" ]; then
  echo "compose-deploy: no version in package.json and no KITA_VERSION" >&2
  exit 2
fi
export KITA_VERSION="$version"

log() { echo "compose-deploy: $*"; }

# waits until container $1 is healthy; fails when it restarted (it exited: e.g. a failed migration) or time ran out
wait_healthy() {
  local id="$1" waited=0 health restarts
  while :; do
    health="$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$id")"
    restarts="$(docker inspect -f '{{.RestartCount}}' "$id")"
    [ "$health" = healthy ] && return 0
    if [ "$restarts" -gt 0 ] || [ "$waited" -ge "$ready_timeout" ]; then
      log "the new container ${id:0:12} did not become healthy (health: $health, restarts: $restarts, ${waited} s):" >&2
      docker logs --tail 30 "$id" >&2 || true
      return 1
    fi
    sleep 1
    waited=$((waited + 1))
  done
}

log "building kita-portal:$version"
docker compose build portal

mapfile -t old < <(docker compose ps -q portal)
if [ ${#old[@]} -eq 0 ]; then
  log "no portal running: first start"
  docker compose up -d
  mapfile -t started < <(docker compose ps -q portal)
  wait_healthy "${started[0]}" || exit 1
else
  log "starting kita-portal:$version beside ${#old[@]} running container(s)"
  docker compose up -d --no-deps --no-recreate --scale "portal=$((${#old[@]} + 1))" portal
  new=""
  while read -r id; do
    [[ " ${old[*]} " == *" $id "* ]] || new="$id"
  done < <(docker compose ps -q portal)
  if [ -z "$new" ]; then
    log "no new container started: nothing changed" >&2
    exit 1
  fi
  if ! wait_healthy "$new"; then
    docker stop "$new" >/dev/null || true
    docker rm "$new" >/dev/null || true
    log "kita-portal:$version removed; the running version goes on serving (.env unchanged)" >&2
    exit 1
  fi
  log "kita-portal:$version is healthy; stopping the old container(s)"
  for id in "${old[@]}"; do
    docker stop "$id" >/dev/null
    docker rm "$id" >/dev/null
  done
fi

if [ -f .env ] && grep -q '^KITA_VERSION=' .env; then
  sed -i "s/^KITA_VERSION=.*/KITA_VERSION=$version/" .env
else
  echo "KITA_VERSION=$version" >>.env
fi
log "kita-portal:$version serves (KITA_VERSION=$version in .env)"
