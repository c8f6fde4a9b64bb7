#!/usr/bin/env bash
# The Debian packages `npm run bench:uplink` needs beside the project's set-up (issue 48): Chromium
# headed on an Xvfb display, ffmpeg for the recording's frames, tesseract with its Spanish data for
# reading them. Installed with apt when missing and run as root (as scripts/test.sh does for
# Chromium and ffmpeg); otherwise it names them and fails. Not on `npm test`'s path.
set -euo pipefail
source "$(dirname "$0")/env.sh"

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v ffprobe >/dev/null || missing+=(ffmpeg)
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v tesseract >/dev/null || missing+=(tesseract-ocr)
if ! tesseract --list-langs 2>/dev/null | grep -qx spa; then missing+=(tesseract-ocr-spa); fi
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  step "apt-get install ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
else
  echo "Missing Debian packages for bench:uplink: ${missing[*]} (as root: apt-get install -y ${missing[*]})." >&2
  exit 1
fi
