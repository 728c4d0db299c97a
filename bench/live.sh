#!/usr/bin/env bash
# Live-events benchmark (BENCHMARKS.md, "Live events"), all on loopback:
#   1. baseline: two bare tokio-tungstenite broadcasters (no database, no auth) joined
#      through a private redis-server, $SOCKETS sockets spread over both, $WRITES messages
#      of a bikehaat frame's bytes sent by a socket of the first; once with
#      tokio-tungstenite's default settings, once with bikehaat's socket settings;
#   2. bikehaat: two `bikehaat serve` processes sharing a fresh PostgreSQL database and
#      a private redis-server, $SOCKETS sockets spread over both, $WRITES writes through
#      the API (POST /api/categories/{email}) of the first;
#   3. booking: on the same two processes, $BOOKING_SOCKETS other sockets open and a
#      seller's socket on the second; $BOOKINGS bookings through the first's API; how soon
#      the seller's socket has each booking (My Buyers) and its notification (the bell);
#   4. idle: RSS per idle socket, $IDLE_SOCKETS sockets on one bikehaat (SQLite), then
#      on the bare broadcaster;
#   6. sales (only when asked for: ONLY=sales): the write path on one process, on SQLite
#      then on PostgreSQL: sales (book, pay, sold) a second through the API with 1, 2, 4,
#      8 and 16 buyers at once ($SALES_SECONDS s each), then the same writes straight
#      through the store (BENCHMARKS.md, "The write path").
#   7. deals (only when asked for: ONLY=deals): as 6, each sale a deal paid in cash at the
#      meet-up (book, choose cash, the buyer's handover code, the seller's handover);
#   8. carddeals (only when asked for: ONLY=carddeals): as 6, each card hold carried to
#      the handover (the buyer's code, the seller's handover, the hold captured).
#   9. messages (only when asked for: ONLY=messages): on the two processes, $MESSAGES_CONVERSATIONS
#      conversations (a seller with a bike, a buyer who asked), each buyer's socket on one
#      process and its seller's on the other; $MESSAGES_STORED messages stored straight into
#      PostgreSQL; RSS per signed-in socket; $MESSAGES_RATE messages a second for
#      $MESSAGES_SECONDS s through the senders' own process, send -> the other side's socket;
#      50-message history pages (BENCHMARKS.md, "Conversations: messages across two processes").
#   5. soak (only when asked for: ONLY=soak): $DURATION seconds of mixed traffic on the
#      two processes (browse, sign in, list and book, pay, cancel, report) with
#      $SOAK_SOCKETS sockets open; answers by kind, RSS and open files of both every
#      10 s, and whether every socket received every public event (BENCHMARKS.md, "Soak").
#
#   bench/live.sh
#   SOCKETS=2000 WRITES=5 IDLE_SOCKETS=2000 bench/live.sh    # a quick run
#   ONLY=booking bench/live.sh                               # just the bookings
#   ONLY=fanout CLIENT_THREADS=2 bench/live.sh               # the client on two threads
#   ONLY=fanout SIGNED_IN=1 bench/live.sh                    # bikehaat's sockets signed in
#   ONLY=fanout SOCKETS_PER_TASK=1 bench/live.sh             # the client: a task per socket
#   ONLY=soak bench/live.sh                                  # ten minutes of traffic
#   ONLY=sales bench/live.sh                                 # the write path
#   ONLY=sales SALES_SECONDS=1 SALES_BIKES=500 bench/live.sh # a quick look at it
#   ONLY=sales SALES_ROUNDS=3 bench/live.sh                  # three rounds, API and bare in turn
#   ONLY=sales SALES_ENGINES=postgres bench/live.sh          # one engine only
#   BIN_DIR=/tmp/before ONLY=sales bench/live.sh              # binaries built and kept aside
#   ONLY=sales SALES_ENGINES=postgres bench/statements.sh    # PostgreSQL's time by statement
#   ONLY=deals bench/live.sh                                 # cash deals, handed over
#   ONLY=carddeals bench/live.sh                             # card deals, handed over
#   ONLY=messages bench/live.sh                              # conversations, 2,000 on two processes
#   ONLY=messages MESSAGES_CONVERSATIONS=200 MESSAGES_STORED=100000 MESSAGES_SECONDS=5 bench/live.sh
#   ONLY=soak DURATION=120 bench/live.sh                     # two
#
# Needs redis-server and psql, PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth).
# Every process here may hold at most `ulimit -Hn` files; the script raises the soft
# limit to it. It kills what it started and drops its database, even on failure.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SOCKETS="${SOCKETS:-10000}"
BOOKING_SOCKETS="${BOOKING_SOCKETS:-2000}"
BOOKINGS="${BOOKINGS:-50}"
ONLY="${ONLY:-}"
WRITES="${WRITES:-20}"
CLIENT_THREADS="${CLIENT_THREADS:-1}"
SIGNED_IN="${SIGNED_IN:-}"
SOCKETS_PER_TASK="${SOCKETS_PER_TASK:-500}"
IDLE_SOCKETS="${IDLE_SOCKETS:-18000}"
DURATION="${DURATION:-600}"
SOAK_SOCKETS="${SOAK_SOCKETS:-2000}"
SALES_SECONDS="${SALES_SECONDS:-10}"
SALES_BIKES="${SALES_BIKES:-10000}"
# Rounds of the write path, each the API then the bare store on each engine.
SALES_ROUNDS="${SALES_ROUNDS:-1}"
SALES_ENGINES="${SALES_ENGINES:-sqlite postgres}"
MESSAGES_CONVERSATIONS="${MESSAGES_CONVERSATIONS:-2000}"
MESSAGES_RATE="${MESSAGES_RATE:-100}"
MESSAGES_SECONDS="${MESSAGES_SECONDS:-30}"
MESSAGES_STORED="${MESSAGES_STORED:-1000000}"
MESSAGES_HISTORY_SECONDS="${MESSAGES_HISTORY_SECONDS:-10}"
PG_ADMIN="${BIKEHAAT_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
ADMIN=admin@bench.test
command -v redis-server >/dev/null || { echo "redis-server is missing" >&2; exit 1; }
command -v psql >/dev/null || { echo "psql is missing" >&2; exit 1; }
ulimit -n "$(ulimit -Hn)"

# BIN_DIR: run the bikehaat and live-bench already built there (a build kept aside, to
# compare two builds on one machine) instead of building this checkout.
if [[ -n "${BIN_DIR:-}" ]]; then
  bin="$BIN_DIR/bikehaat"
  bench="$BIN_DIR/live-bench"
else
  cargo build --release --locked -p bikehaat -p bikehaat-live-bench
  bin=target/release/bikehaat
  bench=target/release/live-bench
fi
work="$(mktemp -d)"
# Where live-bench reads the mail the servers send (each keeps its data in $work/NAME):
# the accounts it makes prove their address with the mailed link, as people do.
export BENCH_DATA_DIRS="$work"
started=()
# PostgreSQL databases made for this run, dropped at the end.
dbs=()
cleanup() {
  for pid in "${started[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${started[@]}"; do wait "$pid" 2>/dev/null || true; done
  for db in "${dbs[@]}"; do psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true; done
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start_server NAME PORT [ENV=VALUE...]: a release bikehaat on 127.0.0.1:PORT; sets $pid.
start_server() {
  local name="$1" port="$2"
  shift 2
  mkdir -p "$work/$name"
  # As many sockets as the open-file limit leaves room for (the server lowers the cap
  # to fit it): the idle run holds 18,000 on one process.
  env ADMIN_EMAILS="$ADMIN" JWT_SECRET=live-bench-secret-0123456789abcdef RUST_LOG=warn \
    BIKEHAAT_MAX_CONNECTIONS=1000000 "$@" \
    "$bin" serve --no-demo --first-listings-reviewed 0 --addr "127.0.0.1:$port" --data-dir "$work/$name" >"$work/$name.log" 2>&1 &
  pid=$!
  started+=("$pid")
  for _ in $(seq 300); do
    curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "$name did not start:" >&2
  cat "$work/$name.log" >&2
  exit 1
}

stop() {
  kill "$1"
  wait "$1" 2>/dev/null || true
}

# new_database NAME: a fresh PostgreSQL database, dropped at the end; sets $new_url.
new_database() {
  local db="bikehaat_${1}_$(date +%s)"
  psql "$PG_ADMIN" -qc "CREATE DATABASE $db"
  dbs+=("$db")
  new_url="${PG_ADMIN%/*}/$db"
}

# make_admin PORT NAME [ENV=VALUE...]: $ADMIN signs up through server NAME's API, then the
# operator makes them admin (ADMIN_EMAILS waits for a proven address, and nobody reads
# the bench's mail).
make_admin() {
  local port="$1" name="$2"
  shift 2
  local id_token
  id_token="$(curl -fs -H 'Content-Type: application/json' -d "{\"email\":\"$ADMIN\",\"password\":\"LiveBench#2026\"}" \
    "http://127.0.0.1:$port/api/auth/signup" | python3 -c 'import json, sys; print(json.load(sys.stdin)["idToken"])')"
  curl -fs -X PUT -H 'Content-Type: application/json' -H "Authorization: Bearer $id_token" \
    -d "{\"name\":\"Live Bench\",\"email\":\"$ADMIN\"}" "http://127.0.0.1:$port/api/users/$ADMIN" >/dev/null
  env "$@" "$bin" admin grant "$ADMIN" --data-dir "$work/$name"
}

# SALES_STATEMENTS=1: PostgreSQL's own time per statement in each sales run, from
# pg_stat_statements (bench/statements.sh starts a private PostgreSQL that loads it).
SALES_STATEMENTS="${SALES_STATEMENTS:-}"
statements_reset() {
  [[ -n "$SALES_STATEMENTS" && "$1" == postgres ]] || return 0
  psql "$PG_ADMIN" -qAtc "SELECT pg_stat_statements_reset()" >/dev/null
}
# statements_report ENGINE DATABASE_URL NAME: the run's statements by PostgreSQL's time
# in them (calls, total ms, mean ms, the statement's start), most first.
statements_report() {
  [[ -n "$SALES_STATEMENTS" && "$1" == postgres ]] || return 0
  echo "PostgreSQL's time by statement ($3):"
  psql "$PG_ADMIN" -qAtF $'\t' -c "SELECT calls, round(total_exec_time::numeric, 1), \
      round(mean_exec_time::numeric, 4), left(regexp_replace(query, '\s+', ' ', 'g'), 90) \
    FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = '${2##*/}') \
    ORDER BY total_exec_time DESC LIMIT 12" | tee "$work/$3-statements.txt"
}

echo "machine: $(nproc) cores, $(uname -r), open files $(ulimit -n); client and servers on the same box"

# wanted PHASE: whether this run measures PHASE (all of them unless ONLY names one; the
# soak, ten minutes long, the write path and the conversations only when named).
wanted() { [[ "$ONLY" == "$1" || (-z "$ONLY" && "$1" != soak && "$1" != sales && "$1" != deals && "$1" != carddeals && "$1" != messages) ]]; }

redis_port="$(free_port)"
redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no \
  >"$work/redis.log" 2>&1 &
redis_pid=$!
started+=("$redis_pid")
for _ in $(seq 50); do
  redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break
  sleep 0.1
done

# Both runs count the CPU of the servers and of the Redis they share; bikehaat's also of
# PostgreSQL, which the baseline has no use for.
if wanted fanout; then
  echo
  for settings in default bikehaat; do
    flags=()
    if [[ "$settings" == bikehaat ]]; then echo; flags=(--bikehaat-settings); fi
    "$bench" baseline --sockets "$SOCKETS" --messages "$WRITES" --processes 2 --client-threads "$CLIENT_THREADS" \
      --sockets-per-task "$SOCKETS_PER_TASK" "${flags[@]}" \
      --redis-url "redis://127.0.0.1:$redis_port" --redis-pid "$redis_pid" | tee "$work/baseline-$settings.txt"
  done
fi
new_database live
database_url="$new_url"
port_a="$(free_port)"
port_b="$(free_port)"
start_server a "$port_a" DATABASE_URL="$database_url" REDIS_URL="redis://127.0.0.1:$redis_port"
pid_a=$pid
start_server b "$port_b" DATABASE_URL="$database_url" REDIS_URL="redis://127.0.0.1:$redis_port"
pid_b=$pid
sleep 1 # the Redis subscriptions come up in the background
make_admin "$port_a" a DATABASE_URL="$database_url"

if wanted fanout; then
  echo
  "$bench" bikehaat --servers "http://127.0.0.1:$port_a,http://127.0.0.1:$port_b" \
    --pids "$pid_a,$pid_b" --admin-email "$ADMIN" --sockets "$SOCKETS" --writes "$WRITES" \
    --redis-pid "$redis_pid" --postgres --client-threads "$CLIENT_THREADS" \
    --sockets-per-task "$SOCKETS_PER_TASK" ${SIGNED_IN:+--signed-in} |
    tee "$work/bikehaat.txt"
fi
if wanted booking; then
  echo
  "$bench" booking --servers "http://127.0.0.1:$port_a,http://127.0.0.1:$port_b" \
    --admin-email "$ADMIN" --sockets "$BOOKING_SOCKETS" --bookings "$BOOKINGS" |
    tee "$work/booking.txt"
fi
if wanted messages; then
  echo
  "$bench" messages --servers "http://127.0.0.1:$port_a,http://127.0.0.1:$port_b" \
    --pids "$pid_a,$pid_b" --admin-email "$ADMIN" --database-url "$database_url" \
    --conversations "$MESSAGES_CONVERSATIONS" --rate "$MESSAGES_RATE" --seconds "$MESSAGES_SECONDS" \
    --stored "$MESSAGES_STORED" --history-seconds "$MESSAGES_HISTORY_SECONDS" |
    tee "$work/messages.txt" || {
    echo "the servers' last warnings and errors:"
    grep -hE 'WARN|ERROR' "$work/a.log" "$work/b.log" | tail -30 || true
    exit 1
  }
fi
if wanted soak; then
  echo
  # The verdict line says whether it passed; the summary below repeats it.
  "$bench" soak --servers "http://127.0.0.1:$port_a,http://127.0.0.1:$port_b" \
    --pids "$pid_a,$pid_b" --admin-email "$ADMIN" --sockets "$SOAK_SOCKETS" \
    --duration-s "$DURATION" | tee "$work/soak.txt" || true
  if ! grep -q '^verdict: PASS' "$work/soak.txt"; then
    echo "the servers' last warnings and errors:"
    grep -hE 'WARN|ERROR' "$work/a.log" "$work/b.log" | tail -30 || true
  fi
fi
stop "$pid_a"
stop "$pid_b"

for kind in sales deals carddeals; do
  wanted "$kind" || continue
  cash=()
  [[ "$kind" == deals ]] && cash=(--cash)
  [[ "$kind" == carddeals ]] && cash=(--handover)
  for round in $(seq "$SALES_ROUNDS"); do
  for engine in $SALES_ENGINES; do
    echo
    name="$kind-$engine"
    [[ "$round" -gt 1 ]] && name="$kind-$engine-$round"
    settings=()
    database="$work/$name/bikehaat.db"
    if [[ "$engine" == postgres ]]; then
      new_database sales
      database="$new_url"
      settings=(DATABASE_URL="$database")
    fi
    port="$(free_port)"
    start_server "$name" "$port" "${settings[@]}"
    make_admin "$port" "$name" "${settings[@]}"
    statements_reset "$engine"
    "$bench" sales --server "http://127.0.0.1:$port" --pid "$pid" --seconds "$SALES_SECONDS" --bikes "$SALES_BIKES" \
      "${cash[@]}" $([[ "$engine" == postgres ]] && echo --postgres) | tee "$work/$name.txt"
    statements_report "$engine" "$database" "$name"
    stop "$pid"
    echo
    statements_reset "$engine"
    "$bench" sales-bare --database-url "$database" --seconds "$SALES_SECONDS" --bikes "$SALES_BIKES" "${cash[@]}" |
      tee "$work/$name-bare.txt"
    statements_report "$engine" "$database" "$name-bare"
  done
  done
done

if wanted idle; then
  port_c="$(free_port)"
  start_server idle "$port_c"
  echo
  "$bench" idle --server "http://127.0.0.1:$port_c" --pid "$pid" --sockets "$IDLE_SOCKETS" |
    tee "$work/idle.txt"
  stop "$pid"
  echo
  "$bench" idle --baseline --sockets "$IDLE_SOCKETS" | tee "$work/idle-baseline.txt"
fi

echo
echo "== summary =="
for run in baseline-default baseline-bikehaat bikehaat booking; do
  [[ -f "$work/$run.txt" ]] || continue
  echo "$run:"
  grep -E '^(delivered|write -> |response -> |request  -> |frame bytes|server CPU|Redis CPU|PostgreSQL CPU|all CPU)' "$work/$run.txt" | sed 's/^/  /'
done
for kind in sales deals carddeals; do
  for engine in sqlite postgres; do
    for round in $(seq "$SALES_ROUNDS"); do
      name="$kind-$engine"
      [[ "$round" -gt 1 ]] && name="$kind-$engine-$round"
      for run in "$name" "$name-bare"; do
        [[ -f "$work/$run.txt" ]] || continue
        echo "$run:"
        grep -E '^ *[0-9]+ buyers|^best' "$work/$run.txt" | sed 's/^/  /'
      done
      # The round's ratio: the best rate through the API over the best straight through
      # the store, measured one after the other so both see the same machine.
      if [[ -f "$work/$name.txt" && -f "$work/$name-bare.txt" ]]; then
        api="$(grep -E '^best' "$work/$name.txt" | grep -oE '[0-9]+\.[0-9]+ (sales|deals)/s' | head -1 | cut -d' ' -f1)"
        bare="$(grep -E '^best' "$work/$name-bare.txt" | grep -oE '[0-9]+\.[0-9]+ (sales|deals)/s' | head -1 | cut -d' ' -f1)"
        [[ -n "$api" && -n "$bare" ]] && echo "  $name: API / store = $(awk -v a="$api" -v b="$bare" 'BEGIN { printf "%.2f", a / b }')x"
      fi
    done
  done
done
if [[ -f "$work/messages.txt" ]]; then
  echo "messages:"
  grep -E '^(idle socket RSS|sent |send -> |answer -> |send request|frames:|history)' "$work/messages.txt" | sed 's/^/  /'
fi
if [[ -f "$work/soak.txt" ]]; then
  echo "soak:"
  grep -E '^(requests |server [0-9]|public events|sockets missing|sellers|verdict)' "$work/soak.txt" | sed 's/^/  /'
  grep -q '^verdict: PASS' "$work/soak.txt" || exit 1
fi
if [[ -f "$work/idle.txt" ]]; then
  echo "idle RSS per socket:"
  grep -h 'per idle socket' "$work/idle.txt" "$work/idle-baseline.txt" | sed 's/^/  /'
fi
