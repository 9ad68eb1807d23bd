#!/bin/sh
# The system Chromium for the Lighthouse bench, run as the unprivileged user `nobody`
# (bench/lighthouse.ts uses it when the bench runs as root; decision 028). As root, Chromium
# raises its browser and GPU threads to nice -8 and runs the page's renderer at nice 5, which
# no member's browser does; as `nobody` every thread stays at nice 0.
set -e
user=65534
for arg in "$@"; do
  case "$arg" in --user-data-dir=*) chown -R "$user:$user" "${arg#--user-data-dir=}" ;; esac
done
HOME="${TMPDIR:-/tmp}/chromium-bench-home"
export HOME
mkdir -p "$HOME"
chown "$user:$user" "$HOME"
exec setpriv --reuid="$user" --regid="$user" --clear-groups "${REAL_CHROMIUM:-/usr/bin/chromium}" "$@"
