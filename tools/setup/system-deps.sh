#!/usr/bin/env sh
# Installs the Debian packages the tests need when they are missing, so `pnpm test` works on a
# fresh machine with only Node 20 and npm: redis-server (the @mcpkit/redis tests start their own),
# and the toolchains the language bindings are compiled and round-tripped with
# (packages/schema/test/bindings/): Python with mypy, Go, Rust with Debian's serde crates (used
# offline), mono's C# compiler with Newtonsoft.Json and nuget (installs the nupkg), Kotlin with the
# Jackson jars. Each is checked by what the
# tests run, so a toolchain installed another way (rustup, pyenv) is used as it is.
# Chromium too: the MCP Apps tests (@mcpkit/apps-host, `mcpkit apps`) and `mcpkit inspect`'s browser
# tests (packages/cli/test/inspect) render pages in it headless, as does the browser cell of the
# runtime matrix (`pnpm runtimes`).
set -eu

missing=""
need() { # need "<debian packages>" <check command...>
  packages=$1
  shift
  if ! "$@" >/dev/null 2>&1; then missing="$missing $packages"; fi
}
has() { command -v "$1"; }
crate() { ls -d /usr/share/cargo/registry/"$1"-[0-9]*; }

need redis-server has redis-server
need python3 has python3
need python3-pip python3 -m pip --version
need golang-go has go
need "rustc cargo" sh -c 'command -v rustc && command -v cargo'
need librust-serde-dev crate serde
need librust-serde-derive-dev crate serde_derive
need librust-serde-json-dev crate serde_json
need mono-mcs sh -c 'command -v mcs && command -v mono'
need libnewtonsoft-json-cil-dev test -f /usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll
need nuget has nuget
need mypy has mypy
need kotlin has kotlinc
need "libjackson2-databind-java libjackson2-core-java libjackson2-annotations-java" \
  sh -c 'test -f /usr/share/java/jackson-databind.jar && test -f /usr/share/java/jackson-core.jar && test -f /usr/share/java/jackson-annotations.jar'
need chromium has chromium

[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "missing Debian packages:$missing; apt-get is not available: install them yourself." >&2
  echo "(redis-server 7.x is required; without a toolchain its binding tests are skipped, saying why.)" >&2
  has redis-server >/dev/null 2>&1 || exit 1
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "Installing$missing (needed by the tests; see tools/setup/system-deps.sh)..." >&2
# shellcheck disable=SC2086 # the package list is meant to split
if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >/dev/null; then
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >/dev/null
fi
command -v redis-server >/dev/null 2>&1
command -v chromium >/dev/null 2>&1
