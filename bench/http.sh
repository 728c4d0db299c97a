#!/usr/bin/env bash
# HTTP benchmark: the category product list (50 listings, signed-in buyer) served by a
# release build of bikehaat, on SQLite and on PostgreSQL, under wrk with 64 connections.
#
#   bench/http.sh                 # both engines, 20 s each
#   DURATION=60 bench/http.sh     # longer runs
#   ENGINES=sqlite bench/http.sh  # one engine
#   BIN=/tmp/old/bikehaat bench/http.sh  # another build, as it is
#   ENCODING=br bench/http.sh     # as a browser asks: Accept-Encoding: br (or gzip)
#
# Needs wrk (Debian: apt-get install wrk), python3, and PostgreSQL on 127.0.0.1:5432
# (user postgres, trust auth) for the PostgreSQL run. Everything runs on loopback.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

DURATION="${DURATION:-20}"
ENGINES="${ENGINES:-sqlite postgres}"
PG_ADMIN="${BIKEHAAT_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
PORT="${PORT:-18181}"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }

# BIN=path/to/bikehaat measures that binary instead (to compare two builds).
bin="${BIN:-target/release/bikehaat}"
[[ -n "${BIN:-}" ]] || cargo build --release --locked -p bikehaat
work="$(mktemp -d)"
server=""
cleanup() {
  [[ -n "$server" ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

echo "machine: $(nproc) cores, $(uname -r); wrk -t2 -c64 -d${DURATION}s; bikehaat release build"
for engine in $ENGINES; do
  data="$work/$engine"
  mkdir -p "$data"
  url=""
  if [[ "$engine" == postgres ]]; then
    db="bikehaat_bench_$(date +%s)"
    psql "$PG_ADMIN" -qc "CREATE DATABASE $db"
    url="${PG_ADMIN%/*}/$db"
  fi
  # The server's default log filter, as in production (every request gets an info
  # span), unless the caller sets RUST_LOG.
  DATABASE_URL="$url" \
    "$bin" serve --no-demo --first-listings-reviewed 0 --addr "127.0.0.1:$PORT" --data-dir "$data" >"$work/$engine.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do
    curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
    sleep 0.1
  done
  mapfile -t seeded < <(DATABASE_URL="$url" BENCH_DATA_DIRS="$data" python3 bench/seed.py "http://127.0.0.1:$PORT" \
    "$bin" admin grant --data-dir "$data")
  token="${seeded[0]}"
  category="${seeded[1]}"
  target="http://127.0.0.1:$PORT/api/products/$category"
  accept=(-H "Accept-Encoding: ${ENCODING:-identity}")
  bytes=$(curl -fs -H "Authorization: Bearer $token" "${accept[@]}" "$target" | wc -c)
  # A short warm-up, then the measured run.
  wrk -t2 -c64 -d3s -H "Authorization: Bearer $token" "${accept[@]}" "$target" >/dev/null
  echo
  echo "== $engine: GET /api/products/{category} (50 listings, $bytes bytes, ${ENCODING:-identity}) =="
  wrk -t2 -c64 -d"${DURATION}s" --latency -H "Authorization: Bearer $token" "${accept[@]}" "$target" | tee "$work/$engine.wrk"
  rss=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
  echo "server peak RSS: $((rss / 1024)) MiB"
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
  if [[ "$engine" == postgres ]]; then
    psql "$PG_ADMIN" -qc "DROP DATABASE $db WITH (FORCE)"
  fi
done
