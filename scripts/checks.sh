#!/usr/bin/env bash
# The first stage of `npm test`: type checks, lint, knip (unused files, exports and
# dependencies), format check, unit tests
# and the build, in two lanes side by side (CI has 2 cores; one after another
# they took about 2.5 min, mostly one core busy). Each lane stops at its first
# failing step; the logs are printed lane by lane at the end, and the stage
# fails if either lane did.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)

lane() {
  local log="$logs/$1.log"
  shift
  for step in "$@"; do
    local started=$SECONDS
    echo "> npm run $step" >>"$log"
    if ! npm run --silent "$step" >>"$log" 2>&1; then
      echo "FAILED: npm run $step" >>"$log"
      return 1
    fi
    echo "  ($step: $((SECONDS - started)) s)" >>"$log"
  done
}

lane a typecheck:app lint knip format:check &
a=$!
lane b typecheck:tests test:unit build &
b=$!
wait "$a"
status_a=$?
wait "$b"
status_b=$?
cat "$logs/a.log" "$logs/b.log"
rm -rf "$logs"
[ "$status_a" -eq 0 ] && [ "$status_b" -eq 0 ]
