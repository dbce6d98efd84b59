# syntax=docker/dockerfile:1
# BariCare production image: build in one stage, run a slim, non-root runtime with production
# dependencies only. scripts/container-check.sh rehearses these same steps without Docker.

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

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# node is PID 1 and server.ts handles SIGTERM/SIGINT itself (graceful shutdown within 10 s).
CMD ["node", "build/server.js"]
