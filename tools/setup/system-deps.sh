#!/usr/bin/env sh
# Installs the Debian packages the tests need when they are missing, so `pnpm test` works on a
# fresh machine with only Node 20 and npm: redis-server (the @mcpkit/redis tests start their own).
# With --runtimes also chromium (the browser cell of the runtime matrix, `pnpm runtimes`).
set -eu
need="redis-server"
if [ "${1:-}" = "--runtimes" ]; then need="$need chromium"; fi
missing=""
for pkg in $need; do
  command -v "$pkg" >/dev/null 2>&1 || missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "missing:$missing, and apt-get is not available: install them yourself." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "Installing$missing (needed by the tests)..." >&2
# shellcheck disable=SC2086
if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >/dev/null; then
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
  # shellcheck disable=SC2086
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >/dev/null
fi
for pkg in $need; do command -v "$pkg" >/dev/null 2>&1; done
