#!/usr/bin/env bash
# Builds the three parts in dependency order: recorder wasm (imported by web), web (served as
# assets), and the worker. A part whose inputs hash as at its last build is skipped, so a second
# `npm start` with nothing changed starts serving in seconds (cargo and worker-build would redo
# wasm-bindgen, wasm-opt and esbuild every time). LUPA_REBUILD=1 builds everything anyway.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$LUPA_ROOT"

stamps=target/.lupa-build
mkdir -p "$stamps"

# fingerprint EXTRA PATH...: a hash of the files under PATHs that git tracks or would track (build
# outputs are git-ignored, so they are not inputs), of this script, and of EXTRA (an upstream
# part's fingerprint). Empty outside a git checkout: then every part is built.
fingerprint() {
  local extra=$1
  shift
  git rev-parse --is-inside-work-tree >/dev/null 2>&1 || return 0
  { echo "$extra"; git ls-files -z -co --exclude-standard -- "$@" scripts/build.sh scripts/env.sh | sort -z | xargs -0 sha256sum; } | sha256sum | cut -c1-64
}

# fresh NAME PRINT OUTPUT...: true when NAME's inputs are unchanged and its outputs exist.
fresh() {
  local name=$1 print=$2
  shift 2
  [ -n "$print" ] && [ "${LUPA_REBUILD:-}" != 1 ] || return 1
  [ "$(cat "$stamps/$name" 2>/dev/null)" = "$print" ] || return 1
  for output in "$@"; do [ -e "$output" ] || return 1; done
}

# The recorder builds on the core crate and the API types (the recording protocol's types, the
# participant's endpoints, the request bodies): a change there is a change of the recorder.
recorder_print="$(fingerprint "" recorder-wasm edge-worker/core edge-worker/api-types Cargo.toml Cargo.lock)"
if fresh recorder "$recorder_print" recorder-wasm/pkg/lupa_recorder_bg.wasm; then
  step "recorder-wasm: unchanged"
else
  step "recorder-wasm"
  rm -f "$stamps/recorder"
  cargo build -p lupa-recorder --release --target wasm32-unknown-unknown --quiet
  wasm-bindgen --target bundler --out-dir recorder-wasm/pkg --out-name lupa_recorder \
    target/wasm32-unknown-unknown/release/lupa_recorder.wasm
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
    recorder-wasm/pkg/lupa_recorder_bg.wasm -o recorder-wasm/pkg/lupa_recorder_bg.wasm
  if [ -n "$recorder_print" ]; then echo "$recorder_print" > "$stamps/recorder"; fi
fi

# The web imports the recorder's package, which git ignores: its fingerprint stands in for it.
web_print="$(fingerprint "$recorder_print" web package.json package-lock.json scripts/prerender.mjs edge-worker/api-types/openapi.json)"
if fresh web "$web_print" web/dist/index.html web/dist/app-shell.html; then
  step "web: unchanged"
else
  step "web"
  rm -f "$stamps/web"
  vite build --config web/vite.config.ts --logLevel warn
  node scripts/prerender.mjs
  # The worker serves GET /api/v1/openapi.json from the assets, not from its own bundle (lib.rs).
  mkdir -p web/dist/_api
  cp edge-worker/api-types/openapi.json web/dist/_api/openapi.json
  if [ -n "$web_print" ]; then echo "$web_print" > "$stamps/web"; fi
fi

# The worker's cargo profile (Cargo.toml): `local` for `npm start` and `npm test`, `release` with
# LUPA_BUILD=production (`npm run build:production`, what `wrangler deploy` uploads): the same code,
# but only `release` is optimised as one program and then by wasm-opt, which on 2 cores takes
# minutes a local run has no use for.
worker_profile=local
[ "${LUPA_BUILD:-}" = production ] && worker_profile=release
worker_print="$(fingerprint "$worker_profile" edge-worker Cargo.toml Cargo.lock)"
if fresh worker "$worker_print" edge-worker/build/index.js edge-worker/build/index_bg.wasm; then
  step "edge-worker: unchanged"
else
  step "edge-worker ($worker_profile)"
  rm -f "$stamps/worker"
  if [ "$worker_profile" = release ]; then
    (cd edge-worker && worker-build --release)
  else
    (cd edge-worker && worker-build --profile local --no-opt)
  fi
  test -f edge-worker/build/index.js || { echo "worker build failed" >&2; exit 1; }
  # wasm-bindgen names usage.rs's one inline JS module once per function imported from it, so the
  # import object repeats a key and wrangler's esbuild warns twice on every start: keep the first.
  node -e 'const fs = require("fs"); const f = process.argv[1];
    fs.writeFileSync(f, fs.readFileSync(f, "utf8").replace(/("\.\/snippets\/[^"]+":[\w$]+)(,\1)+/g, "$1"));' edge-worker/build/index.js
  # worker-build keeps the wasm name section (function names for stack traces): 1.8 MB, about 290 KB
  # gzipped, a fifth of what Cloudflare uploads and loads on every cold start. Panics still log their
  # message (console_error_panic_hook); only the frames lose their names. Same features as worker-build.
  # Locally the names stay: they cost nothing there and name the frames of a panic.
  if [ "$worker_profile" = release ]; then
    wasm-opt --strip-debug --enable-mutable-globals --enable-sign-ext --enable-nontrapping-float-to-int \
      --enable-bulk-memory --enable-multivalue --enable-reference-types --enable-exception-handling \
      edge-worker/build/index_bg.wasm -o edge-worker/build/index_bg.wasm
  fi
  if [ -n "$worker_print" ]; then echo "$worker_print" > "$stamps/worker"; fi
  echo "$worker_profile" > "$stamps/worker-profile"
fi
# What production deploys stays within its size budget (size-budgets.json, `worker`): the
# production build fails rather than leave a bundle over it to deploy.
if [ "$worker_profile" = release ]; then
  node scripts/check-size.mjs
fi
