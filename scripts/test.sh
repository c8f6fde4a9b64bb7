#!/usr/bin/env bash
# `npm test`: the same set-up as `npm start`, Chromium for the browser tests, a build, then every
# test suite through scripts/run-tests.mjs, whose last line is `N passed, N failed`.
set -euo pipefail
source "$(dirname "$0")/env.sh"
# The suites' deadline counts from here (scripts/run-tests.mjs, LUPA_TEST_BUDGET_MIN).
export LUPA_TEST_STARTED="${LUPA_TEST_STARTED:-$(date +%s)}"
cd "$LUPA_ROOT"
# Browser tests use Debian's Chromium and ChromeDriver (never a downloaded browser). Installed beside
# the set-up and the build, which don't need them; the suites wait for them below.
apt_pid=""
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] || ! command -v ffprobe >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt_log="$(mktemp)"
    step "apt-get install chromium chromium-driver ffmpeg (beside the set-up; log: $apt_log)"
    (
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver ffmpeg
    ) >"$apt_log" 2>&1 &
    apt_pid=$!
  else
    echo "Missing /usr/bin/chromium, /usr/bin/chromedriver or ffprobe: install the Debian packages" >&2
    echo "'chromium chromium-driver ffmpeg' (as root: apt-get install -y chromium chromium-driver ffmpeg)." >&2
    exit 1
  fi
fi

bash scripts/setup.sh
bash scripts/build.sh
if [ -n "$apt_pid" ]; then
  finish_background "$apt_pid" "$apt_log" "apt-get install chromium chromium-driver ffmpeg"
fi
exec node scripts/run-tests.mjs "$@"
