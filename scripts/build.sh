#!/usr/bin/env bash
# Builds the three parts in dependency order: recorder wasm (imported by web), web (served as
# assets), and the worker. Cargo and Vite are incremental, so a second build takes seconds.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$LUPA_ROOT"

step "recorder-wasm"
cargo build -p lupa-recorder --release --target wasm32-unknown-unknown --quiet
wasm-bindgen --target bundler --out-dir recorder-wasm/pkg --out-name lupa_recorder \
  target/wasm32-unknown-unknown/release/lupa_recorder.wasm
wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
  recorder-wasm/pkg/lupa_recorder_bg.wasm -o recorder-wasm/pkg/lupa_recorder_bg.wasm

step "web"
vite build --config web/vite.config.ts --logLevel warn
node scripts/prerender.mjs

step "edge-worker"
(cd edge-worker && worker-build --release)
test -f edge-worker/build/index.js || { echo "worker build failed" >&2; exit 1; }
# worker-build keeps the wasm name section (function names for stack traces): 1.8 MB, about 290 KB
# gzipped, a fifth of what Cloudflare uploads and loads on every cold start. Panics still log their
# message (console_error_panic_hook); only the frames lose their names. Same features as worker-build.
wasm-opt --strip-debug --enable-mutable-globals --enable-sign-ext --enable-nontrapping-float-to-int \
  --enable-bulk-memory --enable-multivalue --enable-reference-types --enable-exception-handling \
  edge-worker/build/index_bg.wasm -o edge-worker/build/index_bg.wasm
