#!/usr/bin/env bash
# bench/live.sh against a private PostgreSQL that loads pg_stat_statements, with
# SALES_STATEMENTS=1: each sales run (through the API, then bare) ends with PostgreSQL's
# own time by statement (BENCHMARKS.md, "The write path"). Every other setting is
# live.sh's:
#
#   ONLY=sales SALES_ENGINES=postgres bench/statements.sh
#   BIN_DIR=/tmp/after ONLY=sales SALES_ENGINES=postgres SALES_ROUNDS=3 bench/statements.sh
#
# Needs Debian's PostgreSQL server (initdb, pg_ctl under /usr/lib/postgresql/*/bin); as
# root they run as the `postgres` user. The instance lives in a temporary directory and
# is stopped and removed at the end.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bin_dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[[ -x "$bin_dir/initdb" ]] || { echo "no initdb under /usr/lib/postgresql/*/bin" >&2; exit 1; }
as_owner=()
[[ "$(id -u)" == 0 ]] && as_owner=(runuser -u postgres --)

dir="$(mktemp -d)"
chmod 755 "$dir"
[[ "$(id -u)" == 0 ]] && chown postgres "$dir"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
stop() {
  "${as_owner[@]}" "$bin_dir/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$bin_dir/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 >/dev/null
cat >>"$dir/data/postgresql.conf" <<CONF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.track = all
CONF
"${as_owner[@]}" "$bin_dir/pg_ctl" -D "$dir/data" -l "$dir/log" -w start >/dev/null
admin="postgres://postgres@127.0.0.1:$port/postgres"
psql "$admin" -qc "CREATE EXTENSION pg_stat_statements"

BIKEHAAT_TEST_POSTGRES_URL="$admin" SALES_STATEMENTS=1 bench/live.sh
