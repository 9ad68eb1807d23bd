#!/usr/bin/env bash
# `npm test`: every layer, failing on the first failing stage.
#
# Stage 1 runs two lanes side by side on CI's 2 cores:
#   lane a: typecheck:app, lint, knip, format:check, typecheck:tests, test:unit, then
#           the integration suite's fuzz, strava-sync and challenges files
#           (test:integration:a, once the build is there)
#   lane b: build, then the rest of the integration suite (test:integration:b)
# The split of the integration files keeps the two lanes about as long as each other (about
# 4 minutes each on CI's 2 cores, measured 28 Nov 2026); move a file when one lane grows.
# An integration run keeps its files one at a time and about one core busy; the two runs
# have their own provider fakes and workerd (docs/testing.md has the times). Each lane
# stops at its first failing step. Lane b's output streams as it runs; lane a's log is
# printed when both are done.
# Once the build is done, lane b also starts the end-to-end suite's two servers in the
# background (scripts/e2e-servers.ts: migrations, seed, Miniflare), so they are up when
# stage 2 begins.
# Stage 2 is the end-to-end suite (test:e2e), which needs both cores to itself; it reuses
# those servers (E2E_REUSE_SERVERS=1), and they are stopped when this script ends.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
servers="$logs/e2e-server-groups"
stop_servers() {
  if [ -s "$servers" ]; then
    while read -r group; do kill -TERM -- "-$group" 2>/dev/null; done <"$servers"
    sleep 2
  fi
  rm -rf "$logs"
}
trap stop_servers EXIT

# Runs npm scripts one after another into a log file, or with "-" onto this script's own
# output (the same open file, so nothing written by the other lane's end is overwritten).
lane() {
  local out="$1"
  shift
  if [ "$out" != - ]; then exec >>"$out"; fi
  for step in "$@"; do
    local started=$SECONDS
    echo "> npm run $step"
    if ! npm run --silent "$step" 2>&1; then
      echo "FAILED: npm run $step"
      return 1
    fi
    echo "  ($step: $((SECONDS - started)) s)"
  done
}

lane_a() {
  lane "$logs/a.log" typecheck:app lint knip format:check typecheck:tests test:unit || return 1
  # The integration files import the build too: wait for lane b's.
  while [ ! -e "$logs/build.status" ]; do sleep 1; done
  [ "$(cat "$logs/build.status")" = 0 ] || return 1
  lane "$logs/a.log" test:integration:a
}
lane_a &
a=$!
lane_b() {
  lane - build
  local built=$?
  echo "$built" >"$logs/build.status"
  [ "$built" = 0 ] || return 1
  npx tsx scripts/e2e-servers.ts >"$servers" || return 1
  lane - test:integration:b
}
lane_b &
b=$!
wait "$b"
status_b=$?
wait "$a"
status_a=$?
echo "--- lane a: static checks and unit tests"
cat "$logs/a.log"
if [ "$status_a" -ne 0 ] || [ "$status_b" -ne 0 ]; then
  echo "npm test: stage 1 failed (lane a: $status_a, lane b: $status_b); end-to-end not run"
  exit 1
fi

npx tsx scripts/e2e-servers.ts --wait || exit 1
E2E_REUSE_SERVERS=1 npm run --silent test:e2e
