#!/usr/bin/env bash
# Rehearses the Dockerfile without a Docker engine (none runs on our machines): the build stage
# (npm ci, build, prune) in a clean copy of the tracked files, then the runtime stage's layout
# (package.json, node_modules, build, public) in a second directory, started as the image would
# start it, and checked through /healthz and a graceful SIGTERM. Both stages run on the Dockerfile's
# NODE_VERSION: the binary of the `node` devDependency (the same version, checked), kept aside before
# the prune as the image's own `node`.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d -t baricare-container-XXXXXX)"
port="${CONTAINER_CHECK_PORT:-3290}"
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
pid=""
node_version="$(sed -n 's/^ARG NODE_VERSION=//p' "$repo/Dockerfile")"

echo "--- build stage in $work/build (Node $node_version)"
mkdir -p "$work/build" "$work/runtime/data" "$work/image/bin"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work/build")
cd "$work/build"
if [ "${CONTAINER_CHECK_REUSE_MODULES:-0}" = "1" ] && [ -d "$repo/node_modules" ]; then
  # CI has just run `npm ci` from the same lockfile: reuse it rather than compile everything twice.
  cp -a "$repo/node_modules" node_modules
else
  npm ci --no-audit --no-fund --prefer-offline >/dev/null
fi
[ -x node_modules/node/bin/node ] || { echo "FAIL: no node_modules/node/bin/node (the node devDependency)"; exit 1; }
ln -f node_modules/node/bin/node "$work/image/bin/node" 2>/dev/null || cp node_modules/node/bin/node "$work/image/bin/node"
image_node="$("$work/image/bin/node" --version)"
if [ "$image_node" != "v$node_version" ]; then
  echo "FAIL: the node devDependency is $image_node, the Dockerfile's NODE_VERSION is $node_version"; exit 1
fi
# From here on the image's PATH: its own node first (node:<version> puts it in /usr/local/bin), so
# npm itself runs on it too, as in the image (the machine's npm ran `npm ci` above on its own node).
export PATH="$work/image/bin:$PATH"
echo "build stage node: $(node --version)"
npm run build >/dev/null
npm prune --omit=dev --no-audit --no-fund >/dev/null

echo "--- runtime stage in $work/runtime"
cp -r package.json node_modules build public "$work/runtime/"
cd "$work/runtime"
if [ -d node_modules/vitest ] || [ -d node_modules/@playwright/test ] || [ -d node_modules/node ]; then
  echo "FAIL: development dependencies in the runtime image"; exit 1
fi
echo "runtime node: $(node --version)"
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
