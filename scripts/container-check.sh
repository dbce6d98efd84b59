#!/usr/bin/env bash
# Rehearses the Dockerfile without a Docker engine (none runs on our machines): the build stage
# (npm ci, build, prune) in a clean copy of the tracked files, then the runtime stage's layout
# (package.json, node_modules, build, public) in a second directory, started as the image would
# start it, and checked through /healthz and a graceful SIGTERM.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d -t baricare-container-XXXXXX)"
port="${CONTAINER_CHECK_PORT:-3290}"
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
pid=""

echo "--- build stage in $work/build"
mkdir -p "$work/build" "$work/runtime/data"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work/build")
cd "$work/build"
if [ "${CONTAINER_CHECK_REUSE_MODULES:-0}" = "1" ] && [ -d "$repo/node_modules" ]; then
  # CI has just run `npm ci` from the same lockfile: reuse it rather than compile everything twice.
  cp -a "$repo/node_modules" node_modules
else
  npm ci --no-audit --no-fund --prefer-offline >/dev/null
fi
npm run build >/dev/null
npm prune --omit=dev --no-audit --no-fund >/dev/null

echo "--- runtime stage in $work/runtime"
cp -r package.json node_modules build public "$work/runtime/"
cd "$work/runtime"
if [ -d node_modules/vitest ] || [ -d node_modules/@playwright/test ]; then
  echo "FAIL: development dependencies in the runtime image"; exit 1
fi
NODE_ENV=production PORT="$port" DATA_DIR="$work/runtime/data" SESSION_SECRET=container-check-secret-0123456789abcdef0123 \
  EMBEDDED_PROVIDER=1 node build/server.js > "$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 60); do
  if curl -fsS "http://127.0.0.1:$port/healthz" > "$work/health.json" 2>/dev/null; then break; fi
  sleep 0.5
done
echo "healthz: $(cat "$work/health.json" 2>/dev/null || echo none)"
grep -q '"status":"ok"' "$work/health.json" || { cat "$work/server.log"; echo "FAIL: /healthz"; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/customer/signin")
[ "$status" = "200" ] || { cat "$work/server.log"; echo "FAIL: /customer/signin answered $status"; exit 1; }
kill -TERM "$pid"
for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
if kill -0 "$pid" 2>/dev/null; then echo "FAIL: still running 10 s after SIGTERM"; exit 1; fi
echo "container check passed"
