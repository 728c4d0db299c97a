#!/usr/bin/env bash
# Validates the scaled-out deployment offline (no Docker engine needed):
# docker-compose.yml with docker-compose, deploy/Caddyfile with caddy, each when installed.
# Debian: apt-get install docker-compose caddy. With BIKEHAAT_NO_SKIP=1 a missing tool fails.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

skip() {
  if [[ "${BIKEHAAT_NO_SKIP:-0}" == 1 ]]; then
    echo "error: $1, and BIKEHAAT_NO_SKIP=1 forbids skipping this check" >&2
    exit 1
  fi
  echo "SKIP $1"
}

if command -v docker-compose >/dev/null 2>&1; then
  compose=(docker-compose)
elif docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
else
  compose=()
fi

if ((${#compose[@]} > 0)); then
  JWT_SECRET="${JWT_SECRET:-compose-check-placeholder}" "${compose[@]}" -f docker-compose.yml config --quiet
  # Both app processes must share one secret, so the file must refuse to start without it.
  if env -u JWT_SECRET "${compose[@]}" -f docker-compose.yml config --quiet >/dev/null 2>&1; then
    echo "error: docker-compose.yml starts without JWT_SECRET; it must demand one" >&2
    exit 1
  fi
  echo "docker-compose.yml is valid (${compose[*]})."
else
  skip "docker-compose.yml check: docker-compose is not installed (apt-get install docker-compose)"
fi

if command -v caddy >/dev/null 2>&1; then
  # Caddy logs to stderr even when all is well: show it only when the check fails.
  if ! caddy_log="$(caddy adapt --adapter caddyfile --config deploy/Caddyfile --validate 2>&1 >/dev/null)"; then
    printf '%s\n' "$caddy_log" >&2
    exit 1
  fi
  echo "deploy/Caddyfile is valid ($(caddy version | cut -d' ' -f1))."
else
  skip "deploy/Caddyfile check: caddy is not installed (apt-get install caddy)"
fi
