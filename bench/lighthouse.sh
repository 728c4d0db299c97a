#!/usr/bin/env bash
# Lighthouse on the home page: a fresh marketplace with its demo data, served by a
# release build of bikehaat, audited by Lighthouse (mobile profile, its default) in
# Debian's Chromium, offline. Prints the three scores, CLS, LCP, TBT and the size of
# every script the home page loads (each file gzip -9'd, summed), and on stderr every
# scored audit that is not at full marks.
#
#   bench/lighthouse.sh                  # build the front end, then one run
#   RUNS=3 bench/lighthouse.sh           # three runs, each on a fresh data dir
#   BUILD=0 bench/lighthouse.sh          # audit frontend/dist as it is
#   BIKEHAAT=target-x/release/bikehaat bench/lighthouse.sh
#   BUILD=0 DIST=/tmp/dist bench/lighthouse.sh   # audit a build made elsewhere
#   OUT=/tmp/lh bench/lighthouse.sh      # keep the JSON reports there
#
# Needs Node (npx fetches the pinned Lighthouse once; it is not a project dependency),
# Chromium at $CHROME_PATH (default /usr/bin/chromium), python3, curl and gzip. The binary must
# exist: cargo build --release -p bikehaat.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# 12.x is the newest line that runs on Node 20 (13.x needs Node 22.19).
LIGHTHOUSE="lighthouse@12.8.2"
RUNS="${RUNS:-1}"
BUILD="${BUILD:-1}"
BIKEHAAT="${BIKEHAAT:-target/release/bikehaat}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"

[[ -x "$BIKEHAAT" ]] || { echo "$BIKEHAAT is missing: cargo build --release -p bikehaat" >&2; exit 1; }
[[ -x "$CHROME_PATH" ]] || { echo "no Chromium at $CHROME_PATH" >&2; exit 1; }

if [[ "$BUILD" != 0 ]]; then
  (cd frontend && npm run build --silent)
fi
dist="${DIST:-$PWD/frontend/dist}"
[[ -f "$dist/index.html" ]] || { echo "$dist is not built: run without BUILD=0" >&2; exit 1; }

work="$(mktemp -d)"
out="${OUT:-$work}"
mkdir -p "$out"
server=""
cleanup() {
  if [[ -n "$server" ]]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Scores, metrics and the scripts the page fetched, from one Lighthouse report.
summarise() {
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const score = (c) => Math.round(r.categories[c].score * 100);
    const audit = (id) => r.audits[id].numericValue;
    console.log(["performance", "accessibility", "best-practices"].map(score).join(" "),
      audit("cumulative-layout-shift").toFixed(3),
      Math.round(audit("largest-contentful-paint")),
      Math.round(audit("total-blocking-time")));
    for (const c of ["performance", "accessibility", "best-practices"]) {
      for (const ref of r.categories[c].auditRefs) {
        const a = r.audits[ref.id];
        if (ref.weight > 0 && a.score !== null && a.score < 1) console.error(`  ${c}: ${a.id} (${a.score}) ${a.displayValue ?? ""}`);
      }
    }
    const scripts = r.audits["network-requests"].details.items
      .filter((i) => i.resourceType === "Script").map((i) => i.url);
    require("fs").writeFileSync(process.argv[2], [...new Set(scripts)].join("\n") + "\n");
  ' "$1" "$2"
}

echo "machine: $(nproc) cores, $(uname -r); $("$CHROME_PATH" --version 2>/dev/null); $LIGHTHOUSE, mobile profile"
results=()
for run in $(seq "$RUNS"); do
  port="$(free_port)"
  data="$work/data-$run"
  RUST_LOG=warn "$BIKEHAAT" serve --addr "127.0.0.1:$port" --data-dir "$data" \
    --frontend-dir "$dist" --admin-emails admin@example.com >"$work/server-$run.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do
    curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
    sleep 0.1
  done
  curl -fs "http://127.0.0.1:$port/api/health" >/dev/null || { cat "$work/server-$run.log" >&2; exit 1; }

  report="$out/lighthouse-$run.json"
  npx --yes "$LIGHTHOUSE" "http://127.0.0.1:$port/" --quiet \
    --chrome-flags="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run" \
    --only-categories=performance,accessibility,best-practices \
    --output=json --output-path="$report"

  summarise "$report" "$work/scripts-$run" >"$work/summary-$run"
  read -r perf a11y bp cls lcp tbt <"$work/summary-$run"
  js=0
  while read -r url; do
    [[ -n "$url" ]] || continue
    bytes=$(curl -fs "$url" | gzip -9 | wc -c)
    js=$((js + bytes))
  done <"$work/scripts-$run"
  kb=$(awk -v b="$js" 'BEGIN { printf "%.1f", b / 1024 }')
  echo "run $run: performance $perf, accessibility $a11y, best practices $bp; CLS $cls, LCP ${lcp} ms, TBT ${tbt} ms; home JS $kb KB gzipped ($(grep -c . "$work/scripts-$run") files)"
  results+=("$perf $a11y $bp $cls $lcp $tbt $kb")

  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
done

if ((RUNS > 1)); then
  # The median of each figure on its own (runs differ mostly in timing).
  printf '%s\n' "${results[@]}" | node -e '
    const rows = require("fs").readFileSync(0, "utf8").trim().split("\n").map((l) => l.split(" ").map(Number));
    const median = (i) => { const v = rows.map((r) => r[i]).sort((a, b) => a - b); return v[(v.length - 1) >> 1]; };
    console.log(`median of ${rows.length}: performance ${median(0)}, accessibility ${median(1)}, best practices ${median(2)}; ` +
      `CLS ${median(3).toFixed(3)}, LCP ${median(4)} ms, TBT ${median(5)} ms; home JS ${median(6)} KB gzipped`);
  '
fi
