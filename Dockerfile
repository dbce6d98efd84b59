# syntax=docker/dockerfile:1
# BariCare production images: build once, then two slim, non-root runtimes with production
# dependencies only: `api` (the BariCare API, with the database packages) and `app` (the default,
# without them). compose.yaml runs both with PostgreSQL; scripts/container-check.sh rehearses
# these same steps without Docker.

# Node.js 24 LTS, the same version as the `node` devDependency that every npm script runs on and as
# .nvmrc (tests/unit/node-runtime.test.ts keeps the three equal).
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
# No native addons: the embedded database is PGlite (WebAssembly), PostgreSQL is reached over `pg`.
COPY package.json package-lock.json ./
# npm ci also installs the `node` devDependency (the same version as this image's); build scripts
# run on it, and `npm prune --omit=dev` below leaves it out of the runtime stage.
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# The BariCare API: its own image (`docker build --target api`), with the database packages.
# DATABASE_URL selects PostgreSQL; unset, it keeps an embedded database in /app/data (demos only).
FROM node:${NODE_VERSION}-bookworm-slim AS api
ENV NODE_ENV=production \
    PROVIDER_HOST=0.0.0.0 \
    PROVIDER_PORT=4000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 4000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PROVIDER_PORT||4000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# SIGTERM: stop taking connections, finish requests and jobs in flight (2 s), close the database.
CMD ["node", "build/api.js"]

# The app without the database packages (package.json's baricare.apiOnlyDependencies): it talks
# to an API at PROVIDER_API_URL and cannot start an embedded one.
FROM build AS app-modules
RUN npm uninstall --no-save --omit=dev --no-audit --no-fund $(node -p "require('./package.json').baricare.apiOnlyDependencies.join(' ')")

# The app (the default target): `docker build .` or `--target app`.
FROM node:${NODE_VERSION}-bookworm-slim AS app
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
COPY --from=app-modules --chown=node:node /app/package.json ./package.json
COPY --from=app-modules --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# node is PID 1 and server.ts handles SIGTERM/SIGINT itself (graceful shutdown within 10 s).
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "build/server.js"]
