#!/usr/bin/env sh
# Installs the Debian packages the tests need when they are missing, so `pnpm test` works on a
# fresh machine with only Node 20 and npm: redis-server (the @mcpkit/redis tests start their own).
set -eu
command -v redis-server >/dev/null 2>&1 && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "redis-server is missing and apt-get is not available: install redis-server (7.x) yourself." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "Installing redis-server (needed by the @mcpkit/redis tests)..." >&2
if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q redis-server >/dev/null; then
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q redis-server >/dev/null
fi
command -v redis-server >/dev/null 2>&1
