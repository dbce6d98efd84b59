// Extension (docs/provider-api.md, "Connected devices") — P12: a patient's connections to
// health-data services (list, connect through a consent, complete, sync now, disconnect), plus, in
// dev mode only, the simulated service's consent answers and two test controls.
import { findAccountByEmail, type Account } from '../accounts.js'
import type { ProviderContext } from '../context.js'
import {
  DEVICE_SERVICES,
  findService,
  isAvailable,
  notAvailableHere,
  type DeviceService,
} from '../devices-catalogue.js'
import {
  connectionView,
  countImported,
  createAuthorization,
  decideAuthorization,
  deleteImported,
  findConnection,
  findOpenAuthorization,
  listConnections,
  markNeedsAttention,
  markSynced,
  redeemCode,
  removeConnection,
  saveConnected,
  setFailNextSync,
  setLastSyncedAt,
} from '../devices-store.js'
import { importReadings, isoDay, syncFrom, syncThrough } from '../devices-sync.js'
import { ApiError } from '../errors.js'
import { jsonObjectBody, type RequestInput, type Route } from '../http.js'
import type { RouterWithItems } from '../entries-router.js'
import { authenticate } from '../sessions.js'
import { FieldReader } from '../validation.js'

export const CONSENT_INVALID =
  'This connection request is invalid or has expired. Please try connecting again.'
export const DEFAULT_SYNC_FAILURE = 'Demo Health stopped accepting our access. Reconnect to resume syncing.'
const REDIRECT_MAX = 500
const DAY_MS = 86_400_000

export function mountDeviceRoutes(router: RouterWithItems, ctx: ProviderContext): void {
  router.add(deviceRoutes(ctx))
  if (ctx.devMode) router.add(devDeviceRoutes(ctx))
}

function customer(ctx: ProviderContext, req: RequestInput): Account {
  return authenticate(ctx, req.headers.authorization, 'customer')
}

function readService(f: FieldReader): DeviceService | null {
  const key = f.text('service', { label: 'Service', required: 'Service is required', max: 50 })
  if (!key) return null
  const service = findService(key)
  if (!service) f.fail('service', 'Unknown service')
  return service ?? null
}

function serviceList(ctx: ProviderContext, accountId: number) {
  const views = listConnections(ctx.db, accountId)
  return DEVICE_SERVICES.map((service, index) => ({
    ...views[index],
    imported_types: [...service.imported_types],
    available: isAvailable(service, ctx.devMode),
    availability_note: isAvailable(service, ctx.devMode) ? null : notAvailableHere(service.service_name),
    simulated: service.simulated,
  }))
}

function readRedirectUri(f: FieldReader): string {
  const value = f.text('redirect_uri', {
    label: 'Redirect URI',
    required: 'Redirect URI is required',
    max: REDIRECT_MAX,
  })
  if (!value) return ''
  try {
    const url = new URL(value)
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString()
  } catch {
    // reported below
  }
  f.fail('redirect_uri', 'Redirect URI must be an absolute http(s) URL')
  return ''
}

/** Brings the connection's readings up to `through`, or records why the service refused. */
function runSync(ctx: ProviderContext, account: Account, service: DeviceService, today: unknown) {
  const connection = findConnection(ctx.db, account.id, service.service)
  if (!connection) throw new ApiError(409, `${service.service_name} is not connected.`)
  if (connection.fail_next_sync !== null) {
    markNeedsAttention(ctx.db, account.id, service.service, connection.fail_next_sync)
    throw new ApiError(502, connection.fail_next_sync)
  }
  const now = Date.now()
  const through = syncThrough(today, now)
  const result = importReadings(
    ctx.db,
    account.id,
    service,
    syncFrom(connection.last_synced_at, through),
    through,
  )
  markSynced(ctx.db, account.id, service.service, new Date(now))
  return { connection: connectionView(ctx.db, account.id, service.service), sync: result }
}

function deviceRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'GET',
      path: 'v1/auth/devices/',
      handler: (req) => {
        const account = customer(ctx, req)
        return { message: 'Connections loaded.', content: serviceList(ctx, account.id) }
      },
    },
    {
      method: 'POST',
      path: 'v1/auth/devices/connect/',
      handler: (req) => {
        const account = customer(ctx, req)
        const f = new FieldReader(jsonObjectBody(req))
        const service = readService(f)
        const redirectUri = readRedirectUri(f)
        f.done()
        if (!isAvailable(service!, ctx.devMode)) throw new ApiError(409, notAvailableHere(service!.service_name))
        const auth = createAuthorization(ctx.db, account.id, service!.service, redirectUri)
        // The simulated service's consent screen is drawn by the app's development route
        // (app/routes/dev.device-consent.tsx), which reads the answers below through __dev/.
        const consentUrl = `${ctx.appUrl}/dev/device-consent?state=${encodeURIComponent(auth.state)}`
        return {
          status: 201,
          message: `Continue at ${service!.service_name} to allow access.`,
          content: {
            service: service!.service,
            consent_url: consentUrl,
            state: auth.state,
            expires_at: new Date(auth.expires_at).toISOString(),
          },
        }
      },
    },
    {
      method: 'POST',
      path: 'v1/auth/devices/complete/',
      handler: (req) => {
        const account = customer(ctx, req)
        const body = jsonObjectBody(req)
        const f = new FieldReader(body)
        const service = readService(f)
        const code = f.text('code', { label: 'Code', required: 'Code is required', max: 200 })
        const state = f.text('state', { label: 'State', required: 'State is required', max: 200 })
        f.done()
        if (!redeemCode(ctx.db, account.id, service!.service, state, code)) {
          throw new ApiError(400, CONSENT_INVALID, { code: [CONSENT_INVALID] })
        }
        saveConnected(ctx.db, account.id, service!.service)
        const { connection, sync } = runSync(ctx, account, service!, body.today)
        return { message: `${service!.service_name} connected.`, content: { ...connection, sync } }
      },
    },
    {
      method: 'POST',
      path: 'v1/auth/devices/sync/',
      handler: (req) => {
        const account = customer(ctx, req)
        const body = jsonObjectBody(req)
        const f = new FieldReader(body)
        const service = readService(f)
        f.done()
        const { connection, sync } = runSync(ctx, account, service!, body.today)
        return { message: `${service!.service_name} synced.`, content: { ...connection, sync } }
      },
    },
    {
      method: 'POST',
      path: 'v1/auth/devices/disconnect/',
      handler: (req) => {
        const account = customer(ctx, req)
        const f = new FieldReader(jsonObjectBody(req))
        const service = readService(f)
        const deleteData = f.boolean('delete_imported', {
          label: 'Delete imported',
          required: 'Choose whether to keep or delete the imported data',
          fallback: false,
        })
        f.done()
        if (!findConnection(ctx.db, account.id, service!.service)) {
          throw new ApiError(409, `${service!.service_name} is not connected.`)
        }
        const deleted = ctx.db.transaction(() => {
          removeConnection(ctx.db, account.id, service!.service)
          return deleteData ? deleteImported(ctx.db, account.id, service!.service) : 0
        })()
        return {
          message: `${service!.service_name} disconnected.`,
          content: {
            ...connectionView(ctx.db, account.id, service!.service),
            deleted_entries: deleted,
            kept_entries: countImported(ctx.db, account.id, service!.service),
          },
        }
      },
    },
  ]
}

function devAccount(ctx: ProviderContext, f: FieldReader): Account {
  const email = f.email()
  const service = readService(f)
  f.done()
  const account = findAccountByEmail(ctx.db, email)
  if (!account || account.portal !== 'customer') throw new ApiError(404, 'No customer with this email.')
  if (!findConnection(ctx.db, account.id, service!.service)) {
    throw new ApiError(409, `${service!.service_name} is not connected.`)
  }
  return account
}

/** Dev mode only: the simulated consent screen's data and answer, and controls for tests. */
function devDeviceRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'GET',
      path: '__dev/devices/consent/',
      handler: (req) => {
        const auth = findOpenAuthorization(ctx.db, req.query.get('state') ?? '')
        if (!auth || auth.decision !== null) throw new ApiError(404, CONSENT_INVALID)
        const service = findService(auth.service)!
        const account = ctx.db.prepare('SELECT email FROM accounts WHERE id = ?').get(auth.account_id) as {
          email: string
        }
        return {
          message: 'Consent request.',
          content: {
            service: service.service,
            service_name: service.service_name,
            data_types: service.data_types,
            imported_types: service.imported_types,
            email: account.email,
            redirect_uri: auth.redirect_uri,
            expires_at: new Date(auth.expires_at).toISOString(),
          },
        }
      },
    },
    {
      method: 'POST',
      path: '__dev/devices/consent/',
      handler: (req) => {
        const f = new FieldReader(jsonObjectBody(req))
        const state = f.text('state', { label: 'State', required: 'State is required', max: 200 })
        const decision = f.choice('decision', ['allow', 'deny'] as const, {
          label: 'Decision',
          required: 'Decision is required',
        })
        f.done()
        const auth = findOpenAuthorization(ctx.db, state)
        if (!auth || auth.decision !== null) throw new ApiError(404, CONSENT_INVALID)
        const code = decideAuthorization(ctx.db, auth, decision === 'allow')
        const target = new URL(auth.redirect_uri)
        if (code) target.searchParams.set('code', code)
        else target.searchParams.set('error', 'access_denied')
        target.searchParams.set('state', auth.state)
        return {
          message: code ? 'Access allowed.' : 'Access denied.',
          content: { redirect_to: target.toString() },
        }
      },
    },
    {
      method: 'POST',
      path: '__dev/devices/rewind-sync/',
      handler: (req) => {
        // "As if the last N days had not been synced yet": the last sync moves back N days and the
        // readings it brought for those days go, so the next sync has new days to import.
        const body = jsonObjectBody(req)
        const f = new FieldReader(body)
        const days = f.number('days', {
          label: 'Days',
          required: 'Days is required',
          min: 1,
          max: 60,
          unit: 'days',
        })
        const account = devAccount(ctx, f)
        const service = findService(String(body.service))!
        const connection = findConnection(ctx.db, account.id, service.service)!
        const last =
          Date.parse(connection.last_synced_at ?? new Date().toISOString()) - Math.round(days!) * DAY_MS
        setLastSyncedAt(ctx.db, account.id, service.service, new Date(last).toISOString())
        const removed = ctx.db
          .prepare('DELETE FROM health_entries WHERE account_id = ? AND imported_from = ? AND day > ?')
          .run(account.id, service.service, isoDay(last)).changes
        return {
          message: 'Last sync moved back.',
          content: { last_synced_at: new Date(last).toISOString(), removed_readings: removed },
        }
      },
    },
    {
      method: 'POST',
      path: '__dev/devices/fail-next-sync/',
      handler: (req) => {
        const body = jsonObjectBody(req)
        const f = new FieldReader(body)
        const reason = f.text('reason', { label: 'Reason', max: 300 }) || DEFAULT_SYNC_FAILURE
        const account = devAccount(ctx, f)
        setFailNextSync(ctx.db, account.id, String(body.service), reason)
        return { message: 'The next sync will fail.', content: { reason } }
      },
    },
  ]
}
