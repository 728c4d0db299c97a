#!/usr/bin/env bash
# Search benchmark: 100,000 listings (bench/search: realistic brands, models, prices,
# kilometres and districts), 64 connections of mixed searches (bench/search/queries.txt)
# against a release build of bikehaat, on SQLite and on PostgreSQL; then the same
# searches as unindexed ILIKE scans straight against the database, for the ratio.
#
#   bench/search.sh                    # both engines, 100,000 listings, 20 s runs
#   ENGINES=sqlite DURATION=10 bench/search.sh
#   COUNT=20000 bench/search.sh
#
# Each engine gets two wrk runs: "popular" sends the mix as it is (a buyer base asking
# the same common searches, which the server's read cache serves); "varied" gives every
# request its own price ceiling (or floor, or kilometre ceiling), so that no page can
# come from the cache.
#
# Needs wrk (Debian: apt-get install wrk) and PostgreSQL on 127.0.0.1:5432 (user
# postgres, trust auth) for the PostgreSQL run. Everything runs on loopback.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

COUNT="${COUNT:-100000}"
DURATION="${DURATION:-20}"
ENGINES="${ENGINES:-sqlite postgres}"
PG_ADMIN="${BIKEHAAT_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
PORT="${PORT:-18282}"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }

cargo build --release --locked -p bikehaat -p bikehaat-search-bench
bin=target/release/bikehaat
bench=target/release/search-bench
work="$(mktemp -d)"
server=""
cleanup() {
  [[ -n "$server" ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# serve ENGINE URL DATA: starts bikehaat and waits until it answers; sets $server.
serve() {
  DATABASE_URL="$2" "$bin" serve --addr "127.0.0.1:$PORT" --data-dir "$3" --trust-proxy >>"$work/$1.log" 2>&1 &
  server=$!
  for _ in $(seq 1200); do
    curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "bikehaat did not start: see $work/$1.log" >&2
  cat "$work/$1.log" >&2
  exit 1
}

stop() {
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
}

echo "machine: $(nproc) cores, $(uname -r); $COUNT listings; wrk -t2 -c64 -d${DURATION}s; bikehaat release build"
for engine in $ENGINES; do
  data="$work/$engine"
  mkdir -p "$data"
  url=""
  database="$data/bikehaat.db"
  scan_connections=4
  if [[ "$engine" == postgres ]]; then
    db="bikehaat_search_$(date +%s)"
    psql "$PG_ADMIN" -qc "CREATE DATABASE $db"
    url="${PG_ADMIN%/*}/$db"
    database="$url"
    scan_connections=16
  fi
  echo
  echo "== $engine =="
  # Once with the demo data (categories, sellers), to migrate; then the listings.
  serve "$engine" "$url" "$data"
  stop
  "$bench" seed --database "$database" --count "$COUNT"
  started=$SECONDS
  serve "$engine" "$url" "$data"
  echo "started, indexing the seeded listings for search, in $((SECONDS - started)) s"
  total=$(curl -fs "http://127.0.0.1:$PORT/api/listings?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')
  echo "unsold listings: $total"
  wrk -t2 -c64 -d3s -s bench/search/mix.lua "http://127.0.0.1:$PORT" >/dev/null
  for mix in popular varied; do
    echo
    echo "-- $engine, $mix searches --"
    VARIED=$([[ $mix == varied ]] && echo 1 || echo 0) \
      wrk -t2 -c64 -d"${DURATION}s" --latency -s bench/search/mix.lua "http://127.0.0.1:$PORT" \
      | grep -E "Latency  |50%|90%|99%|Requests/sec|Non-2xx|Socket errors"
  done
  rss=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
  echo "server peak RSS: $((rss / 1024)) MiB"
  stop
  echo
  echo "-- $engine, the same searches as unindexed scans ($scan_connections connections, the server's pool) --"
  "$bench" scan --database "$database" --queries bench/search/queries.txt \
    --connections "$scan_connections" --duration "$DURATION"
  if [[ "$engine" == postgres ]]; then
    psql "$PG_ADMIN" -qc "DROP DATABASE $db WITH (FORCE)"
  fi
done
