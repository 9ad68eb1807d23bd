#!/usr/bin/env bash
# `npm test`: every layer, failing on the first failing stage.
#
# Stage 1 runs two lanes side by side on CI's 2 cores:
#   lane a (Node): typecheck:app, lint, knip, format:check, typecheck:tests, test:unit
#   lane b (workerd): build, then test:integration (which imports the build)
# The integration suite runs its files one at a time and keeps about one core busy; the
# static checks and unit tests fill the other (docs/testing.md has the times). Each lane
# stops at its first failing step. Lane b's output streams as it runs; lane a's log is
# printed when both are done.
# Stage 2 is the end-to-end suite (test:e2e), which needs both cores to itself.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

lane() {
  local out="$1"
  shift
  for step in "$@"; do
    local started=$SECONDS
    echo "> npm run $step" >>"$out"
    if ! npm run --silent "$step" >>"$out" 2>&1; then
      echo "FAILED: npm run $step" >>"$out"
      return 1
    fi
    echo "  ($step: $((SECONDS - started)) s)" >>"$out"
  done
}

lane "$logs/a.log" typecheck:app lint knip format:check typecheck:tests test:unit &
a=$!
lane /dev/stdout build test:integration &
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

npm run --silent test:e2e
