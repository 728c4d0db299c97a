#!/usr/bin/env bash
# Compares release builds of bikehaat on the HTTP benchmark's request (a signed-in
# buyer's 50-listing category), in one sitting, so a change's cost is not lost in the
# machine's drift between runs. Each server gets core 0 and one tokio worker, wrk gets
# core 1, and the builds take turns.
#
#   bench/http-compare.sh /tmp/before/bikehaat target/release/bikehaat
#   ROUNDS=10 SECONDS_EACH=10 bench/http-compare.sh A B C
#
# Needs wrk, taskset (util-linux), python3 and two cores.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
(($# >= 2)) || { echo "usage: $0 BIN_A BIN_B [BIN…]" >&2; exit 2; }
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }

ROUNDS="${ROUNDS:-5}"
SECONDS_EACH="${SECONDS_EACH:-5}"
work="$(mktemp -d)"
servers=()
cleanup() {
  ((${#servers[@]})) && kill "${servers[@]}" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

declare -A target token
port="${PORT:-18201}"
for bin in "$@"; do
  ADMIN_EMAILS=admin@bench.test TOKIO_WORKER_THREADS=1 taskset -c 0 \
    "$bin" serve --no-demo --first-listings-reviewed 0 --addr "127.0.0.1:$port" --data-dir "$work/$port" >"$work/$port.log" 2>&1 &
  servers+=($!)
  for _ in $(seq 100); do
    curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
    sleep 0.1
  done
  mapfile -t seeded < <(BENCH_DATA_DIRS="$work/$port" python3 bench/seed.py "http://127.0.0.1:$port")
  token[$bin]="${seeded[0]}"
  target[$bin]="http://127.0.0.1:$port/api/products/${seeded[1]}"
  port=$((port + 1))
done

echo "wrk -t1 -c32 -d${SECONDS_EACH}s on core 1; each server on core 0; req/s per round"
for _ in $(seq "$ROUNDS"); do
  for bin in "$@"; do
    rate=$(taskset -c 1 wrk -t1 -c32 -d"${SECONDS_EACH}s" -H "authorization: Bearer ${token[$bin]}" \
      "${target[$bin]}" | awk '/Requests\/sec/ {print $2}')
    echo "$bin $rate"
  done
done | awk '{ print; sum[$1] += $2; n[$1]++ }
  END { for (bin in sum) printf "mean %s: %.0f req/s over %d rounds\n", bin, sum[bin] / n[bin], n[bin] }'
