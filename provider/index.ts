import { join } from 'node:path'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEFAULT_ADMIN_MFA, type AdminMfaSetting } from '../common/contract/auth-values'
import type { ProviderContext } from './context.js'
import { sendJson } from './http.js'
import { ApiRouter } from './endpoint-router.js'
import { RequestLog } from './request-log.js'
import { createRequestHandler } from './request-handler.js'
import { adminRoutes } from './routes/admin.js'
import { changePasswordRoutes } from './routes/change-password.js'
import { authRoutes } from './routes/auth.js'
import { mountEntryRoutes } from './routes/entries.js'
import { adminPatientsRoutes } from './routes/admin-patients.js'
import { mountAdminUsersRoutes } from './routes/admin-users.js'
import { mountDeviceRoutes } from './routes/devices.js'
import { messageRoutes } from './routes/messages.js'
import { mountTrendsRoutes } from './routes/trends.js'
import { mountDashboardRoutes } from './routes/dashboard.js'
import { collectProcessMetrics } from './metrics.js'
import { ExpectedFailure } from './expected-failure.js'
import { healthRoutes } from './routes/health.js'
import { profileRoutes } from './routes/profile.js'
import { reminderRoutes } from './routes/reminders.js'
import { fhirClientRoutes } from './routes/fhir-clients.js'
import { recordExportRoutes } from './record-export/routes.js'
import { mfaKeyFrom } from './mfa.js'
import { ADMIN_MFA_OFF_IN_PRODUCTION } from './admin-mfa-setting.js'
import { PASSWORD_HASHING_TEST_IN_PRODUCTION, setPasswordHashing, type PasswordHashing } from './passwords.js'
import { seedAdmins, type SeedAdmin } from './seed-admins.js'
import { tokenSecretFor } from './store/meta.js'
import type { PgBoss } from 'pg-boss'
import { startTimeBasedAlerts } from './jobs/alerts.js'
import { startReminders } from './jobs/reminders.js'
import { startRecordRetention } from './jobs/retention.js'
import { queueFhirExport, startFhirExportWorker } from './fhir/bulk/jobs.js'
import { FHIR_EXPORT_PAGE_SIZE } from '../common/fhir/bulk'
import { accountClosureRoutes } from './routes/account-closure.js'
import type { AccountClosureSettings } from './account-closure-settings.js'
import { queueEmail, startEmailWorker, type SmtpSettings } from './jobs/email.js'
import { startJobRunner } from './jobs/runner.js'
import { legacySqliteFile, openDatabase, type StoreOptions } from './store/open.js'
import { evaluateTimeBasedAlerts, refreshMissingSummaries } from './patient-changes.js'
import type { Db } from './store/sql.js'
import { deriveKey, tokenBox } from './crypto/token-box.js'
import { startDeviceSyncWorker, queueDeviceSync } from './jobs/device-sync.js'
import type { WithingsConfig, WithingsSettings } from './withings/config.js'
import type { WithingsRuntime } from './withings/sync.js'
import { fhirRuntime } from './fhir/runtime.js'
import type { FhirSettings } from './fhir/settings.js'
import type { FhirRoute } from './fhir/types.js'
import { DEFAULT_FHIR_RATE_LIMIT_PER_MINUTE, FHIR_TOKEN_REQUESTS_PER_MINUTE } from '../common/fhir/smart'

export { defaultSeedAdmins, type SeedAdmin } from './seed-admins.js'
export { failureText, isExpectedFailure } from './expected-failure.js'
export { adminMfaFromEnv } from './admin-mfa-setting.js'
export { passwordHashingFromEnv } from './passwords.js'
export { withingsSettingsFromEnv } from './withings/config.js'
export { accountClosureFromEnv } from './account-closure-settings.js'
export { fhirSettingsFromEnv } from './fhir/settings.js'

export interface ProviderOptions {
  /**
   * The embedded database (PGlite) lives in `${dataDir}/pglite`, created and migrated
   * automatically, unless `database.databaseUrl` names a PostgreSQL server.
   */
  dataDir: string
  /** DATABASE_URL and pool settings (provider/db/config.ts reads them from the environment). */
  database?: StoreOptions
  /** Default '127.0.0.1'. */
  host?: string
  /** Default 0 (ephemeral). */
  port?: number
  /** E.g. 'http://localhost:3000'; used to build e-mailed links. */
  appUrl: string
  /** Enables the __dev/ endpoints. */
  devMode: boolean
  /**
   * ADMIN_MFA (adminMfaFromEnv): which admins must have a second factor; until they do, their
   * sessions reach only the enrollment endpoints. Default "super"; "off" is refused unless devMode.
   */
  adminMfa?: AdminMfaSetting
  /**
   * PASSWORD_HASHING (passwordHashingFromEnv): the cost of new password hashes. Default
   * "standard"; "test" (the test suites' cheaper cost) is refused unless devMode.
   */
  passwordHashing?: PasswordHashing
  /** Default 300. */
  accessTokenTtlSeconds?: number
  /** Default 7 days. */
  refreshTokenTtlSeconds?: number
  /** Default: random per database, stored in the database so tokens survive restarts. */
  tokenSecret?: string
  /**
   * MFA_ENCRYPTION_KEY: seals admins' TOTP secrets. Default: derived from the token secret, which
   * lives in the same database (a dump then holds both); set it in production.
   */
  mfaEncryptionKey?: string
  /** Seeded when the database has no admin yet. */
  admins?: SeedAdmin[]
  /**
   * Start the job runner (pg-boss) on this instance: default true. Contract tests that start
   * dozens of providers turn it off unless they test jobs; SMTP turns it on regardless.
   */
  jobs?: boolean
  /** SMTP_URL and SMTP_FROM: e-mail goes out over SMTP from a job instead of to the dev outbox. */
  smtp?: SmtpSettings
  /** Withings (WITHINGS_* settings: provider/withings/config.ts); default off. */
  withings?: WithingsSettings
  /** CLOSED_ACCOUNT_EMAIL_REUSE and RECORD_RETENTION_YEARS (accountClosureFromEnv); default: reuse off, 10 years. */
  accountClosure?: AccountClosureSettings
  /**
   * FHIR_BASE_URL and FHIR_RATE_LIMIT_PER_MINUTE (fhirSettingsFromEnv). Tests may also set the
   * token endpoint's limit and replace the FHIR route table (default: provider/fhir/routes.ts).
   */
  fhir?: FhirSettings & { tokenRateLimitPerMinute?: number; routes?: readonly FhirRoute[] }
  /**
   * FHIR_EXPORT_DIR: the directory for Bulk Data export files, default `<dataDir>/fhir-exports`;
   * pageSize (rows per query while writing, default FHIR_EXPORT_PAGE_SIZE) is for tests.
   */
  fhirExport?: { dir?: string; pageSize?: number }
  log?: (line: string) => void
}

export interface RunningProvider {
  /** Base URL, ends with '/'. */
  url: string
  /** The store this provider serves from, for in-process tools (seeding, tests) while it runs. */
  db: Db
  /** What the routes are given, for tests that call a handler in-process (the FHIR API's). */
  ctx: ProviderContext
  close(): Promise<void>
}

const DEFAULT_ACCESS_TTL_SECONDS = 300
const DEFAULT_REFRESH_TTL_SECONDS = 7 * 24 * 60 * 60
const CLOSE_GRACE_MS = 2000
const MIN_MFA_KEY_LENGTH = 32

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

function positiveSeconds(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback
}

export async function startProvider(opts: ProviderOptions): Promise<RunningProvider> {
  const log = opts.log ?? ((line: string) => console.log(line))
  if (!opts.devMode && opts.mfaEncryptionKey && opts.mfaEncryptionKey.length < MIN_MFA_KEY_LENGTH) {
    throw new Error(`MFA_ENCRYPTION_KEY must be at least ${MIN_MFA_KEY_LENGTH} characters (e.g. openssl rand -base64 48)`)
  }
  const adminMfa = opts.adminMfa ?? DEFAULT_ADMIN_MFA
  if (!opts.devMode && adminMfa === 'off') throw new ExpectedFailure(ADMIN_MFA_OFF_IN_PRODUCTION)
  const passwordHashing = opts.passwordHashing ?? 'standard'
  if (!opts.devMode && passwordHashing === 'test') throw new ExpectedFailure(PASSWORD_HASHING_TEST_IN_PRODUCTION)
  setPasswordHashing(passwordHashing)
  collectProcessMetrics()
  const legacy = legacySqliteFile(opts.dataDir)
  if (legacy && !opts.database?.databaseUrl) {
    log(`provider: ${legacy} is from an older version and is no longer read; the embedded database is now ${opts.dataDir}/pglite`)
  }
  const { store: db, engine } = await openDatabase(opts.dataDir, opts.database)
  let boss: PgBoss | undefined
  const closeDatabase = async () => {
    // Jobs in flight get the same grace as requests; then the runner's pool and the store close.
    await boss?.stop({ graceful: true, timeout: CLOSE_GRACE_MS }).catch(() => {})
    await db.close()
  }
  let secret: string
  try {
    secret = opts.tokenSecret ?? (await tokenSecretFor(db))
    if ((opts.jobs ?? true) || opts.smtp) {
      boss = await startJobRunner(engine, { log })
      if (opts.smtp) await startEmailWorker(boss, opts.smtp, log)
    }
  } catch (error) {
    await closeDatabase()
    throw error
  }
  const runner = boss
  let withings: WithingsRuntime | null
  let closeSimulator = async () => {}
  try {
    const started = await startWithings(opts.withings ?? { kind: 'off' }, opts.appUrl.replace(/\/+$/, ''), secret, log)
    withings = started.runtime
    closeSimulator = started.close
  } catch (error) {
    await closeDatabase()
    throw error
  }
  const ctx: ProviderContext = {
    db,
    secret,
    mfaKey: mfaKeyFrom(opts.mfaEncryptionKey || secret),
    appUrl: opts.appUrl.replace(/\/+$/, ''),
    devMode: opts.devMode,
    adminMfa,
    accessTtlMs: positiveSeconds(opts.accessTokenTtlSeconds, DEFAULT_ACCESS_TTL_SECONDS) * 1000,
    refreshTtlMs: positiveSeconds(opts.refreshTokenTtlSeconds, DEFAULT_REFRESH_TTL_SECONDS) * 1000,
    log,
    queueEmail: runner && opts.smtp ? (mail) => queueEmail(runner, mail) : undefined,
    withings,
    queueDeviceSync: runner && withings ? (accountId, service) => queueDeviceSync(runner, accountId, service) : undefined,
    accountClosure: opts.accountClosure,
    // Without FHIR_BASE_URL the base is filled in once the port is known (below).
    fhir: fhirRuntime(
      opts.fhir?.baseUrl ?? '',
      opts.fhir?.rateLimitPerMinute ?? DEFAULT_FHIR_RATE_LIMIT_PER_MINUTE,
      opts.fhir?.tokenRateLimitPerMinute ?? FHIR_TOKEN_REQUESTS_PER_MINUTE,
    ),
    fhirExports: {
      dir: opts.fhirExport?.dir ?? join(opts.dataDir, 'fhir-exports'),
      pageSize: opts.fhirExport?.pageSize ?? FHIR_EXPORT_PAGE_SIZE,
      queue: runner ? (exportId) => queueFhirExport(runner, exportId) : undefined,
    },
  }
  try {
    await seedAdmins(db, opts.admins ?? [], log)
    // Summaries for patients from before migration 0008, then the time-based alert rules (no data
    // for 7 days): scheduled hourly on the job runner, and run once now; without the runner (tests
    // that start dozens of providers) they run here, before the first request.
    const filled = await refreshMissingSummaries(db)
    if (filled > 0) log(`provider: summarised ${filled} patients`)
    if (boss) await startTimeBasedAlerts(boss, db, log)
    else await evaluateTimeBasedAlerts(db)
    if (boss && withings) await startDeviceSyncWorker(boss, ctx)
    if (boss) await startReminders(boss, ctx)
    if (boss) await startRecordRetention(boss, ctx)
    if (boss && ctx.fhirExports) await startFhirExportWorker(boss, db, ctx.fhirExports, log)
  } catch (error) {
    await closeSimulator()
    await closeDatabase()
    throw error
  }

  const router = apiRouter(ctx)
  const requestLog = opts.devMode ? new RequestLog() : null
  // Development-only code is loaded only when asked for, so a production start never runs it.
  if (requestLog) router.add((await import('./dev/routes.js')).devRoutes(ctx, requestLog))
  const handle = createRequestHandler(ctx, router, requestLog, opts.fhir?.routes)

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`provider: request failed: ${error instanceof Error ? error.stack : String(error)}`)
      sendJson(res, 500, { message: 'Internal error', data: {} })
    })
  })
  // The app keeps connections to its API alive and its fetch drops an idle one after about 4 s.
  // Node's default here is 5 s: with the app's event loop a few seconds behind under load, the API
  // closed a connection just as the app sent its next request on it, and that request failed as a
  // network error (a 502 on the page). Idle connections therefore stay open longer here than on
  // the app's side, so the app is always the one that closes them; the API listens on a private
  // address, not to the public.
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  // A client's broken connection is its own business; never let it surface as a crash.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy()
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
    const body = JSON.stringify({
      message: tooLarge ? 'Request headers are too large' : 'Bad request',
      data: {},
    })
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    )
  })

  const host = opts.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch(async (error: unknown) => {
    await closeSimulator()
    await closeDatabase()
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ExpectedFailure(`Port ${opts.port} is taken: another process listens there; stop it or choose another port (PROVIDER_PORT).`)
    }
    throw error
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${urlHost(host)}:${port}/`
  // Set before any request is read: connections are taken only after this turn of the event loop.
  if (!ctx.fhir.baseUrl) {
    ctx.fhir.baseUrl = `http://localhost:${port}/fhir/`
    // Clients sign the token URL into every assertion: behind a proxy this default is never it.
    if (!opts.devMode) log(`provider: FHIR_BASE_URL is not set; the FHIR API names itself ${ctx.fhir.baseUrl} (set it before connecting an EHR)`)
  }
  engine.recordApiUrl?.(url)

  let closing: Promise<void> | undefined
  return {
    url,
    db,
    ctx,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          Promise.all([closeDatabase(), closeSimulator()]).then(() => resolve(), resolve)
        })
        // Idle keep-alive sockets would hold close() open; busy ones get a moment to finish.
        server.closeIdleConnections()
        setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref()
      })
      return closing
    },
  }
}

/** Every route of the API but the development ones (which startProvider adds in dev mode). */
export function apiRouter(ctx: ProviderContext): ApiRouter {
  const router = new ApiRouter(ctx)
  router.add(healthRoutes(ctx))
  router.serve([...authRoutes(ctx), ...adminRoutes(ctx), ...changePasswordRoutes(ctx), ...accountClosureRoutes(ctx)])
  router.serve(profileRoutes(ctx))
  router.serve(reminderRoutes(ctx))
  router.serve(fhirClientRoutes(ctx))
  mountEntryRoutes(router, ctx)
  mountTrendsRoutes(router, ctx)
  mountDashboardRoutes(router, ctx)
  mountDeviceRoutes(router, ctx)
  mountAdminUsersRoutes(router, ctx)
  router.serve(adminPatientsRoutes(ctx))
  router.serve(messageRoutes(ctx))
  router.serve(recordExportRoutes(ctx))
  return router
}

/** The callback path the app serves (app/features/devices/devices.ts CONNECT_CALLBACK_PATH). */
const CONNECT_CALLBACK_PATH = '/customer/connect-devices/callback'

/**
 * Withings as configured: the clinic's application, or the local simulator started here (its
 * development client and the app's callback as the registered redirect URI). The tokens' key comes
 * from DEVICE_TOKEN_KEY, else (development; production refuses to start without it) from the API's
 * token secret.
 */
async function startWithings(
  settings: WithingsSettings,
  appUrl: string,
  secret: string,
  log: (line: string) => void,
): Promise<{ runtime: WithingsRuntime | null; close: () => Promise<void> }> {
  if (settings.kind === 'off') return { runtime: null, close: async () => {} }
  let config: WithingsConfig
  let close = async () => {}
  if (settings.kind === 'simulator') {
    const { startWithingsSimulator } = await import('./dev/withings-simulator.js')
    const client = { clientId: 'baricare-development', clientSecret: 'simulator-secret' }
    const redirectUri = `${appUrl}${CONNECT_CALLBACK_PATH}`
    const simulator = await startWithingsSimulator({
      port: settings.port,
      clients: [{ ...client, redirectUris: [redirectUri] }],
      log,
    })
    close = () => simulator.close()
    config = {
      ...client,
      redirectUri,
      authUrl: `${simulator.url}oauth2_user/authorize2`,
      apiUrl: simulator.url,
      // The app's public webhook, so the simulator's notifications take the path Withings' would.
      notifyCallbackUrl: `${appUrl}/webhooks/withings`,
      tokenKey: settings.tokenKey,
    }
    log(`provider: Withings simulator at ${simulator.url} (WITHINGS_SIMULATOR=1)`)
  } else {
    config = settings.config
    log(`provider: Withings enabled (client ${config.clientId}, redirect ${config.redirectUri})`)
  }
  const key = config.tokenKey ? deriveKey(config.tokenKey, 'device-tokens') : deriveKey(secret, 'device-tokens', 1)
  return { runtime: { config, box: tokenBox(key), simulated: settings.kind === 'simulator' }, close }
}
