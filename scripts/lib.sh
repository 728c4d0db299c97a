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

# ensure_schemathesis: Schemathesis at the versions scripts/fuzz/requirements.txt pins,
# in a virtualenv of its own under ~/.cache/bikehaat/ (named by the file's checksum, so
# a change of version builds a new one and nothing is installed system-wide). Sets
# SCHEMATHESIS to its command; fails when Python 3 or PyPI cannot be had.
ensure_schemathesis() {
  local requirements="scripts/fuzz/requirements.txt"
  local python="${PYTHON:-python3}"
  if ! command -v "$python" >/dev/null 2>&1; then
    echo "no ${python}: Schemathesis needs Python 3.10 or newer (Debian: python3 python3-venv)" >&2
    return 1
  fi
  local sum venv
  sum="$(sha256sum "$requirements" | cut -c1-12)"
  venv="${XDG_CACHE_HOME:-$HOME/.cache}/bikehaat/schemathesis-${sum}"
  if [[ ! -f "$venv/.installed" ]]; then
    echo "Installing Schemathesis into ${venv} (pip, versions from ${requirements})..."
    rm -rf "$venv"
    if ! "$python" -m venv "$venv" ||
      ! "$venv/bin/pip" install --quiet --disable-pip-version-check --require-virtualenv \
        -r "$requirements"; then
      echo "cannot install Schemathesis from PyPI into ${venv}" >&2
      rm -rf "$venv"
      return 1
    fi
    touch "$venv/.installed"
  else
    echo "Up to date: Schemathesis in ${venv}."
  fi
  # shellcheck disable=SC2034 # read by the script that sources this file
  SCHEMATHESIS="$venv/bin/schemathesis"
}
