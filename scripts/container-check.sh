#!/usr/bin/env bash
# Rehearses the Dockerfile and compose.yaml without a Docker engine (none runs on our machines):
# the build stage (npm ci, build, prune) in a clean copy of the tracked files, then the api image's
# layout on PostgreSQL (when installed) and the app image's layout without the database packages,
# each started as its image would start it, checked through /healthz, an admin sign-in from the app
# through the API to the database, and a graceful SIGTERM. Both stages run on the Dockerfile's
# NODE_VERSION: the binary of the `node` devDependency (the same version, checked), kept aside before
# the prune as the image's own `node`.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d -t baricare-container-XXXXXX)"
port="${CONTAINER_CHECK_PORT:-3290}"
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
pid=""
api_pid=""
node_version="$(sed -n 's/^ARG NODE_VERSION=//p' "$repo/Dockerfile")"

echo "--- build stage in $work/build (Node $node_version)"
mkdir -p "$work/build" "$work/runtime/data" "$work/image/bin"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work/build")
cd "$work/build"
if [ "${CONTAINER_CHECK_REUSE_MODULES:-0}" = "1" ] && [ -d "$repo/node_modules" ]; then
  # CI has just run `npm ci` from the same lockfile: reuse it rather than compile everything twice.
  # As hard links where both trees are on one filesystem (3 s against 15 s to copy its 840 MB): the
  # stages below only delete from this tree, which leaves the repository's files alone, and the one
  # file npm rewrites in place, its hidden lockfile, is given a copy of its own first.
  if cp -al "$repo/node_modules" node_modules 2>/dev/null; then
    if [ -f node_modules/.package-lock.json ]; then
      cp --remove-destination "$repo/node_modules/.package-lock.json" node_modules/.package-lock.json
    fi
  else
    rm -rf node_modules
    cp -a "$repo/node_modules" node_modules
  fi
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

app_only_removed="$(node -p "require('./package.json').baricare.apiOnlyDependencies.join(' ')")"

# PostgreSQL as compose.yaml runs it, when this machine has the server (CI installs it); else the
# API image's embedded database. Started as the postgres user, as initdb refuses root.
pgbin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
database_url=""
if [ -n "$pgbin" ] && [ -x "$pgbin/initdb" ] && id postgres >/dev/null 2>&1; then
  pgport="${CONTAINER_CHECK_PG_PORT:-$((port + 3))}"
  chmod 755 "$work"
  mkdir -p "$work/pg"
  as_pg=()
  if [ "$(id -u)" = "0" ]; then chown postgres "$work/pg"; as_pg=(runuser -u postgres --); fi
  "${as_pg[@]}" "$pgbin/initdb" -D "$work/pg/data" -A trust -U postgres --no-sync >/dev/null
  "${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg/data" -l "$work/pg/log" -w -o "-p $pgport -k $work/pg -h 127.0.0.1 -F" start >/dev/null
  pg_stop() { "${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg/data" -m immediate stop >/dev/null 2>&1 || true; }
  database_url="postgres://postgres@127.0.0.1:$pgport/postgres"
  echo "--- PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on 127.0.0.1:$pgport"
else
  pg_stop() { :; }
  echo "--- no PostgreSQL server here: the API runs on its embedded database"
fi
trap 'kill "$api_pid" "$pid" 2>/dev/null || true; pg_stop; rm -rf "$work"' EXIT
api_pid=""

wait_healthy() { # url file
  for _ in $(seq 1 120); do
    if curl -fsS "$1" > "$2" 2>/dev/null; then return 0; fi
    sleep 0.5
  done
  return 1
}
stop_gracefully() { # pid name
  kill -TERM "$1"
  for _ in $(seq 1 20); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.5; done
  echo "FAIL: $2 still running 10 s after SIGTERM"; exit 1
}

echo "--- api stage in $work/api"
mkdir -p "$work/api/data"
cp -r package.json node_modules build "$work/api/"
if [ -d "$work/api/node_modules/vitest" ] || [ -d "$work/api/node_modules/node" ]; then
  echo "FAIL: development dependencies in the api image"; exit 1
fi
api_port=$((port + 1))
(cd "$work/api" && NODE_ENV=production PROVIDER_HOST=127.0.0.1 PROVIDER_PORT="$api_port" DATA_DIR="$work/api/data" \
  DATABASE_URL="$database_url" APP_URL="http://127.0.0.1:$port" \
  SEED_SUPER_ADMIN_EMAIL=boss@clinic.example SEED_SUPER_ADMIN_PASSWORD='Boss#Pass1' \
  exec node build/api.js > "$work/api.log" 2>&1) &
api_pid=$!
wait_healthy "http://127.0.0.1:$api_port/healthz" "$work/api-health.json" || { cat "$work/api.log"; echo "FAIL: api /healthz"; exit 1; }
echo "api healthz: $(cat "$work/api-health.json")"
grep -q '"database":"ok"' "$work/api-health.json" || { cat "$work/api.log"; echo "FAIL: api database"; exit 1; }

echo "--- app stage in $work/runtime (without: $app_only_removed)"
npm uninstall --no-save --omit=dev --no-audit --no-fund $app_only_removed >/dev/null
cp -r package.json node_modules build public "$work/runtime/"
cd "$work/runtime"
if [ -d node_modules/vitest ] || [ -d node_modules/@playwright/test ] || [ -d node_modules/node ]; then
  echo "FAIL: development dependencies in the runtime image"; exit 1
fi
for package in $app_only_removed; do
  [ ! -d "node_modules/$package" ] || { echo "FAIL: $package in the app image"; exit 1; }
done
echo "runtime node: $(node --version)"
# Without the database packages, asking for an embedded API is refused in one line.
if NODE_ENV=production PORT="$port" SESSION_SECRET=container-check-secret-0123456789abcdef0123 EMBEDDED_PROVIDER=1 \
  node build/server.js > "$work/embedded.log" 2>&1; then
  echo "FAIL: the app image started an embedded API"; exit 1
fi
grep -q 'no embedded API' "$work/embedded.log" || { cat "$work/embedded.log"; echo "FAIL: no clear line"; exit 1; }
echo "embedded API refused: $(head -1 "$work/embedded.log")"

NODE_ENV=production PORT="$port" SESSION_SECRET=container-check-secret-0123456789abcdef0123 \
  PROVIDER_API_URL="http://127.0.0.1:$api_port/" APP_URL="http://127.0.0.1:$port" \
  node --max-semi-space-size=16 --heap-growing-percent=50 build/server.js > "$work/server.log" 2>&1 &
pid=$!
wait_healthy "http://127.0.0.1:$port/healthz" "$work/health.json" || { cat "$work/server.log"; echo "FAIL: /healthz"; exit 1; }
echo "healthz: $(cat "$work/health.json")"
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/customer/signin")
[ "$status" = "200" ] || { cat "$work/server.log"; echo "FAIL: /customer/signin answered $status"; exit 1; }
# A sign-in through the app reaches the API and its database: the seeded Super Admin gets in,
# and (ADMIN_MFA's default) is sent to set up two-factor sign-in before anything else.
location=$(curl -s -o /dev/null -w '%{redirect_url}' -H "Origin: http://127.0.0.1:$port" \
  --data-urlencode 'email=boss@clinic.example' --data-urlencode 'password=Boss#Pass1' \
  "http://127.0.0.1:$port/admin/signin")
case "$location" in
  */admin/two-factor) echo "admin sign-in through app → API → database: $location" ;;
  *) cat "$work/server.log" "$work/api.log"; echo "FAIL: admin sign-in went to '$location'"; exit 1 ;;
esac
stop_gracefully "$pid" app
stop_gracefully "$api_pid" api
echo "container check passed"
