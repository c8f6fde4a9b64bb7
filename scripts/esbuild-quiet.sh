#!/usr/bin/env bash
# esbuild for worker-build (ESBUILD_BIN in env.sh), without one known warning: wasm-bindgen names
# usage.rs's inline JS module once per function imported from it, so the generated import object
# repeats a key with the same value (harmless). build.sh then keeps only the first, so wrangler's
# own bundling does not warn either.
exec "$(dirname "$0")/../node_modules/.bin/esbuild" "$@" --log-override:duplicate-object-key=silent
