#!/usr/bin/env bash
# Installs everything Lupa needs on a fresh machine, and nothing twice: the Rust wasm target, the
# pinned cargo tools (built beside the rest), npm packages from the lock, Schemathesis in .venv-contract, and a local
# .dev.vars with random secrets.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$LUPA_ROOT"

if ! command -v cargo >/dev/null; then
  echo "cargo not found: install Rust with rustup (https://rustup.rs) and run again." >&2
  exit 1
fi
# The `format` and `clippy` suites need these components (the default rustup profile has them).
for component in rustfmt clippy; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^${component}"; then
    step "rustup component add ${component}"
    rustup component add "${component}"
  fi
done
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# True when <binary> is missing or not <version>. `wasm-bindgen --version` prints
# "wasm-bindgen 0.2.130", `worker-build --version` just "0.8.7".
tool_stale() { ! "$2" --version 2>/dev/null | grep -Eq "(^| )$1\$"; }
wasm_bindgen="$HOME/.cargo/bin/wasm-bindgen"
worker_build="$HOME/.cargo/bin/worker-build"
# The cargo tools build (minutes on a fresh machine) while npm and pip install, which mostly wait on
# the registry and the disk. Their output goes to a file, shown when they fail.
tools_pid=""
if tool_stale "$LUPA_WASM_BINDGEN_VERSION" "$wasm_bindgen" || tool_stale "$LUPA_WORKER_BUILD_VERSION" "$worker_build"; then
  tools_log="$(mktemp)"
  step "cargo install wasm-bindgen-cli $LUPA_WASM_BINDGEN_VERSION, worker-build $LUPA_WORKER_BUILD_VERSION (beside the rest; log: $tools_log)"
  (
    # Debug builds without debug info: 3 min instead of 12; these tools' own speed doesn't matter.
    export CARGO_PROFILE_DEV_DEBUG=0
    if tool_stale "$LUPA_WASM_BINDGEN_VERSION" "$wasm_bindgen"; then
      cargo install --debug --force wasm-bindgen-cli --version "$LUPA_WASM_BINDGEN_VERSION"
    fi
    if tool_stale "$LUPA_WORKER_BUILD_VERSION" "$worker_build"; then
      cargo install --debug --force worker-build --version "$LUPA_WORKER_BUILD_VERSION"
    fi
  ) >"$tools_log" 2>&1 &
  tools_pid=$!
fi

# npm packages: reinstall only when the lock changed since the last install.
lock_sum="$(sha256sum package-lock.json | cut -c1-64)"
if [ ! -x node_modules/.bin/wrangler ] || [ "$(cat node_modules/.lupa-lock 2>/dev/null)" != "$lock_sum" ]; then
  step "npm install"
  # `npm ci` rejects our lock here (registry lacks other platforms' workerd builds); install keeps it.
  npm install --no-audit --no-fund --loglevel=error
  echo "$lock_sum" > node_modules/.lupa-lock
fi

# Schemathesis for the api-contract suite (ADR 0020): a project-local virtual environment from PyPI,
# every package pinned (tests/api-contract/requirements.txt); made again only when that file changes.
req_sum="$(sha256sum tests/api-contract/requirements.txt | cut -c1-64)"
if [ ! -x .venv-contract/bin/schemathesis ] || [ "$(cat .venv-contract/.lupa-requirements 2>/dev/null)" != "$req_sum" ]; then
  step "python3 -m venv .venv-contract && pip install -r tests/api-contract/requirements.txt"
  if ! python3 -m venv --clear .venv-contract; then
    echo "python3 -m venv failed: install Python 3 with venv (Debian: apt-get install python3-venv) and run again." >&2
    exit 1
  fi
  .venv-contract/bin/pip install --quiet --disable-pip-version-check --no-input -r tests/api-contract/requirements.txt
  echo "$req_sum" > .venv-contract/.lupa-requirements
fi

if [ -n "$tools_pid" ]; then
  finish_background "$tools_pid" "$tools_log" "cargo install wasm-bindgen-cli, worker-build"
fi

# Local secrets: random, written once, git-ignored. Production uses `wrangler secret put`.
# STRIPE_WEBHOOK_SECRET here only lets local tests sign webhook events; without STRIPE_SECRET_KEY
# and STRIPE_PRICE_ID the local test-mode payment provider stays in use.
touch .dev.vars
for name in SESSION_PEPPER URL_SIGNING_KEY STRIPE_WEBHOOK_SECRET; do
  if ! grep -q "^$name=" .dev.vars; then
    step "adding a fresh local $name to .dev.vars"
    prefix=""; [ "$name" = STRIPE_WEBHOOK_SECRET ] && prefix="whsec_local_"
    echo "$name=$prefix$(head -c 32 /dev/urandom | base64 | tr -d '=+/')" >> .dev.vars
  fi
done
