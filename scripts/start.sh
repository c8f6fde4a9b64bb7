#!/usr/bin/env bash
# `npm start`: set up, build, migrate the local D1, and serve everything on one origin.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$LUPA_ROOT"
bash scripts/setup.sh
bash scripts/build.sh
step "D1 migrations (local)"
wrangler d1 migrations apply DB --local
step "serving on http://127.0.0.1:${PORT:-8787}"
exec wrangler dev --ip 127.0.0.1 --port "${PORT:-8787}" --local --var "PUBLIC_ORIGIN:${PUBLIC_ORIGIN:-http://127.0.0.1:${PORT:-8787}}"
