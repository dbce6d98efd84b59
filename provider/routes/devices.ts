// Extension (docs/provider-api.md, "Connected devices") — P12: a patient's connections to
// health-data services (list, connect through a consent, complete, sync now, disconnect). The simulated
// service's consent answers and the test controls are dev-only: provider/dev/routes.ts.
import type { Account } from '../store/accounts.js'
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
  deleteImported,
  findConnection,
  listConnections,
  markNeedsAttention,
  markSynced,
  redeemCode,
  removeConnection,
  saveConnected,
} from '../store/devices.js'
import { importReadings, syncFrom, syncThrough } from '../devices-sync.js'
import { ApiError } from '../errors.js'
import { jsonObjectBody, type RequestInput, type Route } from '../http.js'
import type { RouterWithItems } from '../entries-router.js'
import { authenticate } from '../sessions.js'
import { FieldReader } from '../validation.js'

export const CONSENT_INVALID =
  'This connection request is invalid or has expired. Please try connecting again.'
export const DEFAULT_SYNC_FAILURE = 'Demo Health stopped accepting our access. Reconnect to resume syncing.'
const REDIRECT_MAX = 500

export function mountDeviceRoutes(router: RouterWithItems, ctx: ProviderContext): void {
  router.add(deviceRoutes(ctx))
}

function customer(ctx: ProviderContext, req: RequestInput): Promise<Account> {
  return authenticate(ctx, req.headers.authorization, 'customer')
}

export function readService(f: FieldReader): DeviceService | null {
  const key = f.text('service', { label: 'Service', required: 'Service is required', max: 50 })
  if (!key) return null
  const service = findService(key)
  if (!service) f.fail('service', 'Unknown service')
  return service ?? null
}

async function serviceList(ctx: ProviderContext, accountId: number) {
  const views = await listConnections(ctx.db, accountId)
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
async function runSync(ctx: ProviderContext, account: Account, service: DeviceService, today: unknown) {
  const connection = await findConnection(ctx.db, account.id, service.service)
  if (!connection) throw new ApiError(409, `${service.service_name} is not connected.`)
  if (connection.fail_next_sync !== null) {
    await markNeedsAttention(ctx.db, account.id, service.service, connection.fail_next_sync)
    throw new ApiError(502, connection.fail_next_sync)
  }
  const now = Date.now()
  const through = syncThrough(today, now)
  const result = await importReadings(
    ctx.db,
    account.id,
    service,
    syncFrom(connection.last_synced_at, through),
    through,
  )
  await markSynced(ctx.db, account.id, service.service, new Date(now))
  return { connection: await connectionView(ctx.db, account.id, service.service), sync: result }
}

function deviceRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'GET',
      path: 'v1/auth/devices/',
      handler: async (req) => {
        const account = await customer(ctx, req)
        return { message: 'Connections loaded.', content: await serviceList(ctx, account.id) }
      },
    },
    {
      method: 'POST',
      path: 'v1/auth/devices/connect/',
      handler: async (req) => {
        const account = await customer(ctx, req)
        const f = new FieldReader(jsonObjectBody(req))
        const service = readService(f)
        const redirectUri = readRedirectUri(f)
        f.done()
        if (!isAvailable(service!, ctx.devMode)) throw new ApiError(409, notAvailableHere(service!.service_name))
        const auth = await createAuthorization(ctx.db, account.id, service!.service, redirectUri)
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
      handler: async (req) => {
        const account = await customer(ctx, req)
        const body = jsonObjectBody(req)
        const f = new FieldReader(body)
        const service = readService(f)
        const code = f.text('code', { label: 'Code', required: 'Code is required', max: 200 })
        const state = f.text('state', { label: 'State', required: 'State is required', max: 200 })
        f.done()
        if (!(await redeemCode(ctx.db, account.id, service!.service, state, code))) {
          throw new ApiError(400, CONSENT_INVALID, { code: [CONSENT_INVALID] })
        }
        await saveConnected(ctx.db, account.id, service!.service)
        const { connection, sync } = await runSync(ctx, account, service!, body.today)
        return { message: `${service!.service_name} connected.`, content: { ...connection, sync } }
      },
    },
    {
      method: 'POST',
      path: 'v1/auth/devices/sync/',
      handler: async (req) => {
        const account = await customer(ctx, req)
        const body = jsonObjectBody(req)
        const f = new FieldReader(body)
        const service = readService(f)
        f.done()
        const { connection, sync } = await runSync(ctx, account, service!, body.today)
        return { message: `${service!.service_name} synced.`, content: { ...connection, sync } }
      },
    },
    {
      method: 'POST',
      path: 'v1/auth/devices/disconnect/',
      handler: async (req) => {
        const account = await customer(ctx, req)
        const f = new FieldReader(jsonObjectBody(req))
        const service = readService(f)
        const deleteData = f.boolean('delete_imported', {
          label: 'Delete imported',
          required: 'Choose whether to keep or delete the imported data',
          fallback: false,
        })
        f.done()
        if (!(await findConnection(ctx.db, account.id, service!.service))) {
          throw new ApiError(409, `${service!.service_name} is not connected.`)
        }
        const deleted = await ctx.db.transaction(async (tx) => {
          await removeConnection(tx, account.id, service!.service)
          return deleteData ? deleteImported(tx, account.id, service!.service) : 0
        })
        return {
          message: `${service!.service_name} disconnected.`,
          content: {
            ...(await connectionView(ctx.db, account.id, service!.service)),
            deleted_entries: deleted,
            kept_entries: await countImported(ctx.db, account.id, service!.service),
          },
        }
      },
    },
  ]
}
