// The production server: the Remix build behind express, with static assets, security headers,
// a health check, per-request logs and graceful shutdown. Bundled to build/server.js at build time.
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseEnv } from './app/platform/env.server'
import { renewActivity } from './server/activity'
import { bodyLimit } from './server/body-limit'
import { responseCompression } from './server/compression'
import { crossSiteRequestGuard } from './server/csrf'
import { fromLoopback } from './server/dev-tools'
import { formBodiesOnly } from './server/form-bodies'
import { privateResponses } from './server/private-responses'
import { buildAssets } from './server/build-assets'
import { publicFiles } from './server/public-files'
import { agreeOnAdminMfa, readApiAdminMfa } from './server/admin-mfa-agreement'
import { appMetrics, metricsEndpoint } from './server/metrics'
import { EmbeddedApiStartFailure, startEmbeddedApi } from './server/embedded-api'
import { appRouteLabeler } from './server/route-label'
import { requestLog } from './server/request-log'
import { rememberRouteMatches } from './server/route-matching'
import { securityHeaders } from './server/security-headers'

const SHUTDOWN_GRACE_MS = 9_000
const MAX_BODY_BYTES = 256 * 1024
const buildDir = path.dirname(fileURLToPath(import.meta.url))
// Static files of public/ sit beside the build directory; the fingerprinted client build inside it.
const publicDir = path.resolve(buildDir, '..', 'public')
const clientBuildDir = path.join(buildDir, 'client')
const version = process.env.BARICARE_VERSION ?? 'dev'

function fail(line: string): never {
  console.error(line)
  process.exit(1)
}

const parsed = parseEnv(process.env)
if (!parsed.ok) fail(parsed.error)
const env = parsed.env
const production = env.NODE_ENV === 'production'

async function startEmbeddedProviderIfNeeded() {
  if (env.PROVIDER_API_URL) return null
  if (production && env.EMBEDDED_PROVIDER !== '1') {
    fail('Invalid environment: PROVIDER_API_URL is required when NODE_ENV=production (or set EMBEDDED_PROVIDER=1 for a demo)')
  }
  // In a worker thread (server/embedded-api.ts): the API's database work never holds the thread
  // that renders pages. It reads the rest of its settings (DATABASE_URL, SMTP, Withings, the seed
  // admins) from the same environment, copied to it.
  const provider = await startEmbeddedApi(
    path.join(buildDir, 'embedded-api.js'),
    {
      dataDir: path.resolve(env.DATA_DIR),
      port: env.PROVIDER_PORT ?? 0,
      appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
      production,
      // The same variable the app read (env.server.ts): the two cannot disagree.
      adminMfa: env.ADMIN_MFA,
    },
    (line) => {
      // Without its API the app can only fail every page: say so and stop, so that whatever
      // supervises the process (a terminal, a container runtime) sees it and can start it again.
      console.error(line)
      process.exit(1)
    },
  ).catch((error: unknown) => {
    // The app image leaves the database packages out; without them there is no embedded API to start.
    if (error instanceof EmbeddedApiStartFailure && error.missingPackages) {
      fail('Invalid environment: this installation has no embedded API (its database packages are not installed); set PROVIDER_API_URL to the BariCare API')
    }
    // A data directory in use or a port taken is one sentence; a bug keeps its stack.
    fail(error instanceof EmbeddedApiStartFailure ? error.text : error instanceof Error ? (error.stack ?? error.message) : String(error))
  })
  // Request-time code reads the provider's address from the environment like any other setting.
  process.env.PROVIDER_API_URL = provider.url
  process.env.BARICARE_EMBEDDED_PROVIDER = '1'
  console.log(`Embedded reference provider listening at ${provider.url} (data in ${path.resolve(env.DATA_DIR)})`)
  return provider
}

const appBuild = path.join(buildDir, 'index.js')
// `npm run api` and `npm run provider:seed` bundle this file but not the app beside it.
if (!existsSync(appBuild)) fail(`No app build in ${buildDir} (index.js is missing): run npm run build first, or npm start, which builds.`)
const provider = await startEmbeddedProviderIfNeeded()
if (!provider) await checkAdminMfaWithApi()

/** A separate API enforces its own ADMIN_MFA: this app must apply the same one. */
async function checkAdminMfaWithApi() {
  const apiUrl = env.PROVIDER_API_URL
  const agreement = agreeOnAdminMfa(process.env.ADMIN_MFA, env.ADMIN_MFA, await readApiAdminMfa(apiUrl, env.PROVIDER_TIMEOUT_MS), apiUrl)
  if (agreement.kind === 'mismatch') fail(agreement.line)
  if (agreement.kind === 'unknown') {
    console.warn(`ADMIN_MFA: the BariCare API at ${apiUrl} did not say which admins must use two-factor sign-in; using "${env.ADMIN_MFA}" (the API enforces its own)`)
  }
  if (agreement.kind === 'adopt') {
    const adopted = parseEnv({ ...process.env, ADMIN_MFA: agreement.value })
    if (!adopted.ok) fail(adopted.error)
    // Request-time code reads settings from the environment (getEnv), as PROVIDER_API_URL above.
    process.env.ADMIN_MFA = agreement.value
    env.ADMIN_MFA = agreement.value
    console.log(`ADMIN_MFA: "${agreement.value}", as the BariCare API at ${apiUrl} enforces`)
  }
}
const build = (await import(pathToFileURL(appBuild).href)) as ServerBuild
// Remix matches every request's URL against the same route table four or five times over:
// the answers are remembered (server/route-matching.ts).
if (!rememberRouteMatches()) console.warn('Route matches are not remembered: @remix-run/router offers no matchRoutes to wrap')

const app = express()
app.disable('x-powered-by')
// Forwarded headers count only from proxies the operator named (TRUST_PROXY): without one in
// front, X-Forwarded-For is whatever the client wrote, and per-IP limits would be per-header.
app.set('trust proxy', env.TRUST_PROXY)
app.use(requestLog())
// The paths answered before Remix are labelled as they are; everything else by its route's pattern.
const publicDirFiles = publicFiles(publicDir, { maxAge: '1h' })
app.use(appMetrics(appRouteLabeler(build.routes, ['/metrics', '/healthz', ...publicDirFiles.names])))
app.use(securityHeaders({ production }))
app.use(responseCompression())
app.use(crossSiteRequestGuard({ trustedOrigins: env.APP_URL ? [env.APP_URL] : [] }))
app.use(bodyLimit(MAX_BODY_BYTES))
app.use(formBodiesOnly())

app.get('/metrics', (req, res, next) => {
  // An embedded API's series live in its thread's registry: asked for and added to the app's.
  metricsEndpoint(req, res, provider ? () => provider.metrics() : undefined).catch(next)
})

app.get('/healthz', (_req, res) => {
  res.setHeader('Cache-Control', 'no-store')
  res.json({ status: 'ok', version })
})

// Fingerprinted build assets never change; everything else in public/ may.
app.use('/build', buildAssets(clientBuildDir))
app.use(publicDirFiles.middleware)

app.use(renewActivity())
app.use(privateResponses())
app.all(
  '*',
  createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (req, res) => ({
      cspNonce: String(res.locals.cspNonce ?? ''),
      clientIp: req.ip ?? 'unknown',
      fromLoopback: fromLoopback(req),
    }),
  }),
)

// Outside production the server holds development tools (/dev/mailbox shows reset links), so it
// listens on loopback only unless HOST says otherwise; a container's production server listens on all.
const host = env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1')
const server = app.listen(env.PORT, host, () => {
  console.log(`BariCare ${version} listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${env.PORT} (${env.NODE_ENV})`)
})
server.on('error', (error: NodeJS.ErrnoException) => {
  fail(`Cannot listen on port ${env.PORT}: ${error.code ?? error.message}`)
})

let shuttingDown = false
function shutdown(signal: string) {
  if (shuttingDown) return
  shuttingDown = true
  console.log(`${signal} received: finishing in-flight requests`)
  const force = setTimeout(() => {
    console.error('Shutdown grace period over: closing remaining connections')
    server.closeAllConnections()
    process.exit(0)
  }, SHUTDOWN_GRACE_MS)
  force.unref()
  server.close(async () => {
    await provider?.close()
    process.exit(0)
  })
  server.closeIdleConnections()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
