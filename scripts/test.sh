#!/usr/bin/env bash
# Runs every test of BikeHaat and stops at the first failure:
#   1. Rust: cargo test --workspace --locked (SQLite always; PostgreSQL and Redis when reachable)
#   2. API fuzzing: Schemathesis against the real server on SQLite and PostgreSQL, as a
#      visitor, buyer, seller and admin (scripts/fuzz.sh)
#   3. Front end: npm ci if needed, typecheck, lint, Vitest, production build
#   4. Browser journeys: the real server and pages in Chromium (playwright-core), and
#      firebase-tools' Auth emulator for the journeys that sign in with Firebase
#   5. Deployment: docker-compose.yml and deploy/Caddyfile validated offline
#
# Environment:
#   BIKEHAAT_TEST_POSTGRES_URL  PostgreSQL for the Rust tests
#                               (default postgres://postgres@127.0.0.1:5432/postgres)
#   BIKEHAAT_TEST_REDIS_URL     Redis for the Rust tests (default redis://127.0.0.1:6379)
#   CHROMIUM                    the browser for the journeys (default /usr/bin/chromium)
#   BIKEHAAT_NO_SKIP=1          a test that would be skipped because a service or tool is
#                               missing fails instead (CI sets this)
#
# A test skipped for lack of a service prints one line starting with "SKIP"; the
# summary at the end repeats those lines.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/lib.sh
source scripts/lib.sh

export BIKEHAAT_TEST_POSTGRES_URL="${BIKEHAAT_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export BIKEHAAT_TEST_REDIS_URL="${BIKEHAAT_TEST_REDIS_URL:-redis://127.0.0.1:6379}"

logs="$(mktemp -d)"
step="setup"
started=$SECONDS

on_exit() {
  local status=$?
  rm -rf "$logs"
  if ((status != 0)); then
    echo
    echo "test.sh: FAILED in step: ${step} (exit status ${status})"
  fi
}
trap on_exit EXIT

section() {
  step="$1"
  echo
  echo "==================== $1 ===================="
}

require_cmd cargo "Install Rust with rustup (https://rustup.rs)."
require_node

section "Rust tests (cargo test --workspace --locked)"
echo "PostgreSQL: ${BIKEHAAT_TEST_POSTGRES_URL}"
echo "Redis:      ${BIKEHAAT_TEST_REDIS_URL}"
echo "BIKEHAAT_NO_SKIP=${BIKEHAAT_NO_SKIP:-0}"
cargo test --workspace --locked 2>&1 | tee "$logs/cargo.log"

section "API fuzzing (Schemathesis: scripts/fuzz.sh)"
# The real server binary the Rust tests built, on both engines, fuzzed from its own
# OpenAPI description. Built as the tests were (the whole workspace, every target), so
# with their features and nothing recompiled: `-p bikehaat` alone would leave out the
# dev-dependencies' features and build axum and the server again.
cargo build --workspace --all-targets --locked --quiet
bash scripts/fuzz.sh 2>&1 | tee "$logs/fuzz.log"

section "Front end: dependencies"
ensure_frontend_deps

section "Front end: typecheck"
(cd frontend && npm run --silent typecheck)
echo "No type errors."

section "Front end: lint"
(cd frontend && npm run --silent lint)
echo "No lint problems."

section "Front end: unit tests (Vitest)"
(cd frontend && npm test -- --reporter=default --reporter=json --outputFile.json="$logs/vitest.json")

section "Front end: production build"
(cd frontend && npm run build)

section "Browser journeys (playwright-core + Chromium)"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
touch "$logs/e2e.log"
echo '{"numPassedTests":0,"numFailedTests":0,"numPendingTests":0,"numTodoTests":0}' >"$logs/e2e.json"
if [[ -x "$CHROMIUM" ]]; then
  # The journeys start the debug server, fake-stripe and fake-bkash binaries built above.
  ensure_auth_emulator
  (cd frontend && npm run e2e -- --reporter=default --reporter=json --outputFile.json="$logs/e2e.json")
  echo "Screenshots of every screen: frontend/screenshots/"
else
  echo "SKIP browser journeys: no Chromium at ${CHROMIUM} (Debian: apt-get install chromium)" | tee "$logs/e2e.log"
  if [[ "${BIKEHAAT_NO_SKIP:-0}" == 1 ]]; then
    echo "BIKEHAAT_NO_SKIP=1: a missing browser is a failure." >&2
    exit 1
  fi
fi

section "Deployment: docker-compose.yml and Caddyfile"
bash scripts/check-compose.sh 2>&1 | tee "$logs/compose.log"

step="summary"
section "Summary"
read -r rust_passed rust_failed rust_ignored < <(
  awk '/^test result:/ {
         for (i = 1; i <= NF; i++) {
           if ($(i + 1) ~ /^passed/) p += $i
           if ($(i + 1) ~ /^failed/) f += $i
           if ($(i + 1) ~ /^ignored/) g += $i
         }
       }
       END { print p + 0, f + 0, g + 0 }' "$logs/cargo.log"
)
# vitest_counts FILE: "passed failed skipped" from a Vitest JSON report.
vitest_counts() {
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log(r.numPassedTests, r.numFailedTests, r.numPendingTests + r.numTodoTests);
  ' "$1"
}
read -r web_passed web_failed web_skipped < <(vitest_counts "$logs/vitest.json")
read -r e2e_passed e2e_failed e2e_skipped < <(vitest_counts "$logs/e2e.json")
skips="$(cat "$logs/cargo.log" "$logs/e2e.log" "$logs/compose.log" | grep -E '^SKIP' || true)"
skip_count=0
if [[ -n "$skips" ]]; then
  skip_count="$(printf '%s\n' "$skips" | wc -l)"
fi
# A skipped fuzz run is not counted as passed anywhere, unlike a skipped cargo test.
fuzz_skips="$(grep -E '^SKIP' "$logs/fuzz.log" || true)"
fuzz_line="$(grep -E '^fuzz: ' "$logs/fuzz.log" | tail -n 1)"
read -r fuzz_passed fuzz_failed fuzz_skipped < <(
  sed -nE 's/.* ([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped.*/\1 \2 \3/p' <<<"$fuzz_line"
) || true

echo "Rust:      ${rust_passed} passed, ${rust_failed} failed, ${rust_ignored} ignored"
echo "Front end: ${web_passed} passed, ${web_failed} failed, ${web_skipped} skipped; typecheck, lint and build clean"
echo "Browser:   ${e2e_passed} journeys passed, ${e2e_failed} failed, ${e2e_skipped} skipped"
echo "Fuzzing:   ${fuzz_line#fuzz: }"
all_skips="$(printf '%s\n%s\n' "$skips" "$fuzz_skips" | sed '/^$/d')"
if [[ -n "$all_skips" ]]; then
  echo "Skipped because a service or tool was missing (BIKEHAAT_NO_SKIP=1 makes these fail):"
  printf '%s\n' "$all_skips" | sed 's/^/  /'
else
  echo "Nothing was skipped for lack of a service or tool."
fi
echo "Took $((SECONDS - started))s."
# Tests that skipped for lack of a service still count as passed in cargo's tally.
total_passed=$((rust_passed + web_passed + e2e_passed + ${fuzz_passed:-0} - skip_count))
if ((total_passed < 0)); then total_passed=0; fi
echo "tests: ${total_passed} passed, $((rust_failed + web_failed + e2e_failed + ${fuzz_failed:-0})) failed, $((rust_ignored + web_skipped + e2e_skipped + skip_count + ${fuzz_skipped:-0})) skipped"
