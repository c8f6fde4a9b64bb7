#!/usr/bin/env bash
# `npm start`: set up, build, migrate the local D1, and serve everything on one origin.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$LUPA_ROOT"
bash scripts/setup.sh
bash scripts/build.sh
# Applying starts a runtime (3 s): skipped when the migrations are those applied last time. The
# stamp lives in the local state, so deleting the state applies them again.
applied=.wrangler/state/lupa-migrations
migrations_print="$(cat migrations/*.sql | sha256sum | cut -c1-64)"
if [ "$(cat "$applied" 2>/dev/null)" = "$migrations_print" ]; then
  step "D1 migrations (local): up to date"
else
  step "D1 migrations (local)"
  wrangler d1 migrations apply DB --local
  echo "$migrations_print" > "$applied"
fi
step "serving on http://127.0.0.1:${PORT:-8787}"
exec wrangler dev --ip 127.0.0.1 --port "${PORT:-8787}" --local --var "PUBLIC_ORIGIN:${PUBLIC_ORIGIN:-http://127.0.0.1:${PORT:-8787}}"
