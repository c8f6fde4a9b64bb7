#!/usr/bin/env bash
# Fails when web/src/lib/api-types differs from what ts-rs generates from edge-worker/api-types,
# or when openapi.json, routes.json, web/src/lib/api-paths.ts or tests/lib/api-client.mjs (generated
# from the route declarations) or the error table's copies (es-errors.json, error-wording-table.ts,
# tests/lib/error-codes.json) are stale. With --write, regenerates the committed copies instead.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$LUPA_ROOT"
committed=web/src/lib/api-types
# With the features the rust suite builds (scripts/run-tests.mjs), so its build is reused, not redone.
api_types=(-p lupa-api-types --features lupa-core/stripe)
if [ "${1:-}" = "--write" ]; then
  rm -f "$committed"/*.ts
  cargo test "${api_types[@]}" --quiet export_bindings >/dev/null
  LUPA_WRITE_OPENAPI=1 cargo test "${api_types[@]}" --quiet the_committed >/dev/null
  echo "regenerated $committed, edge-worker/api-types/{openapi,routes}.json, web/src/lib/api-paths.ts, tests/lib/api-client.mjs and the error table's copies"
  exit 0
fi
fresh="$(mktemp -d)"
trap 'rm -rf "$fresh"' EXIT
TS_RS_EXPORT_DIR="$fresh" cargo test "${api_types[@]}" --quiet export_bindings >/dev/null
if ! diff -r "$fresh" "$committed"; then
  echo "web/src/lib/api-types is stale: run 'npm run check:types -- --write' and commit." >&2
  exit 1
fi
if ! cargo test "${api_types[@]}" --quiet the_committed >/dev/null; then
  echo "openapi.json, routes.json, web/src/lib/api-paths.ts, tests/lib/api-client.mjs or a copy of the error table (es-errors.json, error-wording-table.ts, tests/lib/error-codes.json) is stale: run 'npm run check:types -- --write' and commit." >&2
  exit 1
fi
echo "api types: up to date"
