#!/usr/bin/env bash
# Fuzzes the whole API from its own OpenAPI description with Schemathesis: a real
# `bikehaat serve` (the debug build) with demo data and a fresh database, on SQLite and
# on PostgreSQL, called by a visitor, a buyer, a seller and an admin in turn. Every
# answer must be a non-5xx status the description lists for that call, with the
# content type and the body schema it documents.
#
#   scripts/fuzz.sh                  # both engines
#   scripts/fuzz.sh sqlite           # one engine (sqlite or postgres)
#
# Environment:
#   BIKEHAAT_BIN                the server binary (default target/debug/bikehaat)
#   BIKEHAAT_TEST_POSTGRES_URL  PostgreSQL to create the fresh database in
#                               (default postgres://postgres@127.0.0.1:5432/postgres)
#   BIKEHAAT_FUZZ_SEED          the seed (default 20260101): same seed, same requests
#   BIKEHAAT_FUZZ_EXAMPLES      cases per call and caller in the fuzzing phase (default 50)
#   BIKEHAAT_NO_SKIP=1          a missing Schemathesis or PostgreSQL fails instead of
#                               printing a SKIP line
#
# Schemathesis comes from PyPI at the versions scripts/fuzz/requirements.txt pins, into
# a virtualenv under ~/.cache/bikehaat/. Each run's report and the server's log are kept
# in target/fuzz/ to read after a failure.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/lib.sh
source scripts/lib.sh

seed="${BIKEHAAT_FUZZ_SEED:-20260101}"
examples="${BIKEHAAT_FUZZ_EXAMPLES:-50}"
bin="${BIKEHAAT_BIN:-target/debug/bikehaat}"
postgres_url="${BIKEHAAT_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
admin_email="admin@fuzz.bikehaat.test"
reports="target/fuzz"

engines=("$@")
if ((${#engines[@]} == 0)); then
  engines=(sqlite postgres)
fi

started=$SECONDS
runs=0
failed_runs=()
server_errors=0
cases_total=0
skipped=()
server_pid=""
database=""
work="$(mktemp -d)"

stop_server() {
  if [[ -n "$server_pid" ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
  if [[ -n "$database" ]]; then
    psql "$postgres_url" -qc "DROP DATABASE IF EXISTS \"${database}\" WITH (FORCE)" >/dev/null 2>&1 ||
      echo "warning: could not drop the fuzz database ${database}" >&2
    database=""
  fi
}

on_exit() {
  stop_server
  rm -rf "$work"
}
trap on_exit EXIT

# skip WHY: one SKIP line, or a failure when skipping is not allowed.
skip() {
  echo "SKIP fuzz: $1"
  skipped+=("$1")
  if [[ "${BIKEHAAT_NO_SKIP:-0}" == 1 ]]; then
    echo "BIKEHAAT_NO_SKIP=1: a fuzz run that cannot happen is a failure." >&2
    exit 1
  fi
}

# database_url: a fresh, empty PostgreSQL database next to $postgres_url.
fresh_postgres_database() {
  database="bikehaat_fuzz_$$_${RANDOM}"
  psql "$postgres_url" -qc "CREATE DATABASE \"${database}\"" >/dev/null
  local query="" base="$postgres_url"
  if [[ "$base" == *\?* ]]; then
    query="?${base#*\?}"
    base="${base%%\?*}"
  fi
  # postgres://user@host:port/name → …/<fresh>; a URL without a path gets one.
  if [[ "${base#*://}" == */* ]]; then
    base="${base%/*}"
  fi
  echo "${base}/${database}${query}"
}

# start_server ENGINE DATA_DIR: `bikehaat serve` on a free port; sets base and server_pid.
start_server() {
  local engine="$1" dir="$2" url=""
  if [[ "$engine" == postgres ]]; then
    url="$(fresh_postgres_database)"
  fi
  # Only what this run says: SQLite (or the fresh database), in-process events and
  # limits, mail into the data dir's outbox, test-mode payments on loopback.
  env -u REDIS_URL -u JWT_SECRET -u BIKEHAAT_PUBLIC_URL -u SMTP_URL -u MAIL_FROM \
    -u SMS_URL -u SMS_API_KEY -u SMS_SENDER_ID \
    -u FIREBASE_PROJECT_ID -u FIREBASE_API_KEY -u FIREBASE_AUTH_EMULATOR_HOST \
    -u STRIPE_SECRET_KEY -u STRIPE_PUBLISHABLE_KEY -u STRIPE_WEBHOOK_SECRET \
    -u STRIPE_API_BASE -u BIKEHAAT_TEST_PAYMENTS -u BIKEHAAT_NO_DEMO -u BIKEHAAT_TRUST_PROXY \
    DATABASE_URL="$url" ADMIN_EMAILS="$admin_email" RUST_LOG="${RUST_LOG:-warn}" \
    "$bin" serve --addr 127.0.0.1:0 --data-dir "$dir" --frontend-dir "$dir/no-pages" \
    >"$dir/server.out" 2>"$dir/server.log" &
  server_pid=$!
  local waited=0
  until base="$(grep -oE 'running at http://[^ ]+' "$dir/server.out" 2>/dev/null | cut -d' ' -f3)" &&
    [[ -n "$base" ]]; do
    if ! kill -0 "$server_pid" 2>/dev/null || ((waited >= 300)); then
      echo "error: bikehaat serve did not start:" >&2
      cat "$dir/server.log" >&2
      return 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  echo "bikehaat serve is running at ${base} on ${engine}."
}

# fuzz NAME [schemathesis options...]: one Schemathesis run against the server at $base.
fuzz() {
  local name="$1"
  shift
  runs=$((runs + 1))
  echo
  echo "---- ${name} ----"
  local run_started=$SECONDS
  if "$SCHEMATHESIS" --config-file scripts/fuzz/schemathesis.toml run "${base}/api/openapi.json" \
    --seed "$seed" \
    --max-examples "$examples" \
    --generation-database none \
    --workers 1 \
    --no-color \
    --report junit --report-junit-path "${reports}/${name}.xml" \
    "$@" >"${reports}/${name}.log" 2>&1; then
    local cases
    cases="$(grep -oE '[0-9]+ generated, .*' "${reports}/${name}.log" | tail -n 1)"
    cases_total=$((cases_total + ${cases%% *}))
    echo "${name}: passed (${cases}) in $((SECONDS - run_started))s"
  else
    cat "${reports}/${name}.log"
    echo "${name}: FAILED in $((SECONDS - run_started))s (report: ${reports}/${name}.log)"
    failed_runs+=("$name")
  fi
}

# fuzz_engine ENGINE: a fresh server on ENGINE, fuzzed by every caller.
fuzz_engine() {
  local engine="$1"
  echo
  echo "==== ${engine} ===="
  if [[ "$engine" == postgres ]]; then
    if ! command -v psql >/dev/null 2>&1; then
      skip "PostgreSQL: no psql to create a database with (Debian: postgresql-client)"
      return 0
    fi
    if ! psql "$postgres_url" -qc 'SELECT 1' >/dev/null 2>&1; then
      skip "PostgreSQL: ${postgres_url} is unreachable"
      return 0
    fi
  fi
  local dir="${work}/${engine}"
  mkdir -p "$dir"
  start_server "$engine" "$dir"

  local -A token
  local role value
  while read -r role value; do
    token[$role]="$value"
  done < <("$(dirname "$SCHEMATHESIS")/python" scripts/fuzz/callers.py "$base" "$dir" "$admin_email")

  # Signing out ends the caller's session, so it is fuzzed last, on its own.
  local keep_session=(--exclude-path /auth/logout --exclude-path /auth/logout-everywhere)
  fuzz "${engine}-visitor"
  for role in buyer seller admin; do
    fuzz "${engine}-${role}" -H "Authorization: Bearer ${token[$role]}" "${keep_session[@]}"
  done
  fuzz "${engine}-sign-out" -H "Authorization: Bearer ${token[buyer]}" \
    --include-path /auth/logout --include-path /auth/logout-everywhere

  if grep -E 'ERROR|panicked' "$dir/server.log" >"${reports}/${engine}-server-errors.log"; then
    echo "The server logged errors (${reports}/${engine}-server-errors.log):"
    head -n 20 "${reports}/${engine}-server-errors.log"
    server_errors=$((server_errors + 1))
  fi
  cp "$dir/server.log" "${reports}/${engine}-server.log"
  stop_server
}

if [[ ! -x "$bin" ]]; then
  echo "error: no server binary at ${bin}: run \`cargo build -p bikehaat\` first (or set BIKEHAAT_BIN)." >&2
  exit 1
fi
if ! ensure_schemathesis; then
  skip "Schemathesis cannot be installed (see above)"
  echo "fuzz: 0 runs, 0 passed, 0 failed, ${#skipped[@]} skipped; Schemathesis is missing"
  exit 0
fi
rm -rf "$reports"
mkdir -p "$reports"
echo "Schemathesis $("$SCHEMATHESIS" --version | awk '{print $NF}'), seed ${seed}, ${examples} examples per call and caller"

for engine in "${engines[@]}"; do
  case "$engine" in
    sqlite | postgres) fuzz_engine "$engine" ;;
    *)
      echo "error: unknown engine '${engine}' (sqlite or postgres)" >&2
      exit 2
      ;;
  esac
done

echo
passed=$((runs - ${#failed_runs[@]}))
echo "fuzz: ${runs} runs (${engines[*]}; visitor, buyer, seller, admin, sign-out), ${passed} passed, ${#failed_runs[@]} failed, ${#skipped[@]} skipped; ${cases_total} cases, seed ${seed}, ${examples} examples; $((SECONDS - started))s"
if ((${#failed_runs[@]} > 0)); then
  echo "Failed: ${failed_runs[*]}" >&2
fi
if ((server_errors > 0)); then
  echo "The server logged errors on ${server_errors} engine(s): see ${reports}/*-server-errors.log" >&2
fi
if ((${#failed_runs[@]} > 0 || server_errors > 0)); then
  exit 1
fi
