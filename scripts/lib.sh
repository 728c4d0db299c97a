# Helpers shared by scripts/run.sh and scripts/test.sh; sourced, never run.
# shellcheck shell=bash

# The oldest Node.js that Vite 8 and the rest of the front-end toolchain accept.
readonly BIKEHAAT_MIN_NODE="20.19.0"

# require_cmd NAME HINT: stop with a plain message when a tool is missing.
require_cmd() {
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "error: '$1' is not installed. $2" >&2
    exit 1
  fi
}

# require_node: Node.js and npm exist and Node is new enough for Vite.
require_node() {
  require_cmd node "Install Node.js ${BIKEHAAT_MIN_NODE} or newer (https://nodejs.org)."
  require_cmd npm "npm comes with Node.js; install Node.js ${BIKEHAAT_MIN_NODE} or newer."
  local version
  version="$(node --version)"
  version="${version#v}"
  if [[ "$(printf '%s\n%s\n' "$BIKEHAAT_MIN_NODE" "$version" | sort -V | head -n 1)" != "$BIKEHAAT_MIN_NODE" ]]; then
    echo "error: Node.js ${version} is too old; the front end needs ${BIKEHAAT_MIN_NODE} or newer." >&2
    exit 1
  fi
}

# ensure_frontend_deps: `npm ci` when frontend/node_modules is missing or older than
# package-lock.json. npm writes node_modules/.package-lock.json on every install, so
# its age is the age of the installed tree.
ensure_frontend_deps() {
  npm_ci_if_stale frontend "front-end dependencies"
}

# ensure_auth_emulator: firebase-tools (its Auth emulator) for the journeys that sign in
# with Firebase; kept in frontend/e2e/firebase/, apart from the app's own packages.
ensure_auth_emulator() {
  npm_ci_if_stale frontend/e2e/firebase "the Firebase Auth emulator (firebase-tools)"
}

# npm_ci_if_stale DIR WHAT: `npm ci` in DIR when its node_modules is missing or older
# than its package-lock.json.
npm_ci_if_stale() {
  local dir="$1" what="$2"
  local stamp="$dir/node_modules/.package-lock.json"
  if [[ ! -f "$stamp" || "$dir/package-lock.json" -nt "$stamp" ]]; then
    echo "Installing ${what} (npm ci)..."
    (cd "$dir" && npm ci --no-audit --no-fund)
  else
    echo "Up to date: ${what}."
  fi
}
