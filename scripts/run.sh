#!/usr/bin/env bash
# Starts the BikeHaat marketplace on this machine: builds the front end, then builds
# and runs the server, which migrates its database and fills a new one with demo data.
#
#   scripts/run.sh                        # http://127.0.0.1:8080, data in ./data (SQLite)
#   scripts/run.sh --addr 0.0.0.0:3000    # any `bikehaat serve` flag is passed through
#
# Needs Rust (cargo) and Node.js 20.19+; nothing else.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/lib.sh
source scripts/lib.sh

require_cmd cargo "Install Rust with rustup (https://rustup.rs)."
require_node

ensure_frontend_deps
echo "Building the front end..."
(cd frontend && npm run build)

echo "Building and starting the server (the first build takes a few minutes)..."
exec cargo run --release --locked -p bikehaat -- serve "$@"
