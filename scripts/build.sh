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
