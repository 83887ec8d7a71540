#!/usr/bin/env bash
# The production tree: what `npm run build` and then `npm prune --omit=dev` leave (a release image's contents) runs the
# production commands with APP_ENV=production, with no development dependency (no tsx, no Vite):
#
#   npm run db:migrate   applies the migrations, exits 0
#   npm start            answers /healthcheck and the home page, stops cleanly on SIGTERM
#   npm run worker       starts working the job queue, stops cleanly on SIGTERM
#   npm run jobs         runs every job once, exits 0
#
#   bash .ci/production-tree.sh POSTGRES_URL     (an empty database of its own: it is migrated)
#
# It runs in a temporary copy of the checkout, so this tree keeps its development dependencies: the committed files,
# the existing build (build/client and build/server: the e2e stage made it; `npm run build` otherwise), node_modules
# as hard links (fast; npm prune only unlinks, and the hidden lockfile it rewrites is removed from the copy first),
# then `npm run build:scripts` and `npm prune --omit=dev` there.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

database_url=${1:?usage: bash .ci/production-tree.sh POSTGRES_URL}
log() { echo "production-tree: $*" >&2; }

if [ ! -f build/server/index.js ]; then
  log "no build at build/server/index.js: run npm run build first"
  exit 1
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/lenslane-production-tree.XXXXXX")"
groups=()
cleanup() {
  local group
  for group in "${groups[@]}"; do kill -KILL -- "-$group" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

git archive --format=tar HEAD | tar -x -C "$tmp"
cp -a build "$tmp/build"
cp -al node_modules "$tmp/node_modules"
rm -f "$tmp/node_modules/.package-lock.json"
cd "$tmp"

npm run build:scripts </dev/null
npm prune --omit=dev --no-audit --no-fund </dev/null
for dev in tsx vite esbuild vitest @react-router/dev drizzle-kit; do
  if [ -e "node_modules/$dev" ]; then
    log "npm prune --omit=dev left the development dependency $dev"
    exit 1
  fi
done
log "pruned: node_modules is $(du -sh node_modules | cut -f1)"

export APP_ENV=production DATABASE_URL="$database_url" HOST=127.0.0.1 PORT=0 WEB_CONCURRENCY=1 LOG_LEVEL=info
SESSION_SECRET="$(node -p 'require("node:crypto").randomBytes(32).toString("hex")')"
export SESSION_SECRET

# start NAME COMMAND...: runs the command in its own process group, output to NAME.log; sets $group.
start() {
  local name=$1
  shift
  setsid "$@" >"$name.log" 2>&1 </dev/null &
  group=$!
  groups+=("$group")
}

# wait_for NAME PATTERN SECONDS: until NAME.log has a line matching PATTERN (fails when the process ended first).
wait_for() {
  local name=$1 pattern=$2 deadline=$((SECONDS + $3))
  until grep -q -- "$pattern" "$name.log"; do
    if ! kill -0 "$group" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
      log "$name: no line matching '$pattern'; its output:"
      cat "$name.log" >&2
      return 1
    fi
    sleep 0.2
  done
}

# stop NAME: SIGTERM to the process group, then waits (at most 20 s) for the process to end.
stop() {
  local name=$1 deadline=$((SECONDS + 20))
  kill -TERM -- "-$group"
  while kill -0 "$group" 2>/dev/null; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "$name did not stop within 20 s of SIGTERM; its output:"
      cat "$name.log" >&2
      return 1
    fi
    sleep 0.2
  done
}

npm run db:migrate </dev/null | tee migrate.log
grep -q "Migrations applied" migrate.log

start server npm start
wait_for server '"msg":"listening"' 60
port="$(grep -o '"port":[0-9]*' server.log | head -n1 | cut -d: -f2)"
for path in /healthcheck /; do
  status="$(node -e 'fetch(process.argv[1]).then((r) => console.log(r.status), () => console.log(0))' \
    "http://127.0.0.1:$port$path")"
  log "GET $path: $status"
  [ "$status" = 200 ]
done
stop server
grep -q '"msg":"stopped"' server.log

start worker npm run worker
wait_for worker '"msg":"job queue started"' 60
stop worker
grep -q '"msg":"worker stopping"' worker.log

LOG_LEVEL=warn npm run jobs </dev/null | tee jobs.log
grep -q "^E-mail: " jobs.log
log "the pruned tree ran db:migrate, start, worker and jobs with APP_ENV=production"
