# Sourced by every script: one place for PATH and for keeping wrangler and friends off the network.
# shellcheck shell=bash
LUPA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export LUPA_ROOT
# node_modules/.bin first: it holds Node 22 (npm package `node`), wrangler, wasm-opt and esbuild.
export PATH="$LUPA_ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export WRANGLER_SEND_METRICS=false WRANGLER_SEND_ERROR_REPORTS=false CLOUDFLARE_CF_FETCH_ENABLED=false
export DO_NOT_TRACK=1 WRANGLER_HIDE_BANNER=true CI="${CI:-true}"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PLAYWRIGHT_BROWSERS_PATH=0
# worker-build would download these; point it at local ones (README, "The two commands").
export WASM_BINDGEN_BIN="$HOME/.cargo/bin/wasm-bindgen"
export WASM_OPT_BIN="$LUPA_ROOT/node_modules/.bin/wasm-opt"
export ESBUILD_BIN="$LUPA_ROOT/scripts/esbuild-quiet.sh"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
# Exact versions of the cargo tools; wasm-bindgen must equal the one in Cargo.lock.
LUPA_WORKER_BUILD_VERSION=0.8.7
LUPA_WASM_BINDGEN_VERSION="$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/[^0-9.]/,""); print; exit}' "$LUPA_ROOT/Cargo.lock")"
export LUPA_WORKER_BUILD_VERSION LUPA_WASM_BINDGEN_VERSION

# Prints a step header, with the wall-clock time, so long runs show where they are and how long
# each step took.
step() { printf '\n\033[1m==> %s\033[0m (%s)\n' "$*" "$(date +%T)"; }

# finish_background PID LOG WHAT: waits for a step started in the background with its output in
# LOG; on failure prints LOG and stops the script, else says WHAT is done and removes LOG.
finish_background() {
  if ! wait "$1"; then
    cat "$2" >&2
    echo "$3 failed (above)" >&2
    exit 1
  fi
  step "$3: done"
  rm -f "$2"
}
