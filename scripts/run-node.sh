#!/usr/bin/env bash
# Runs a Node script with the project's Node 22 and environment.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$LUPA_ROOT"
exec node "$@"
