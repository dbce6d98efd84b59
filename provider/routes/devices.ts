// Extension (docs/provider-api.md, "Connected devices"): a patient's connections to
// health-data services (list, connect through a consent, complete, sync now, disconnect). The simulated
// service's consent answers and the test controls are dev-only: provider/dev/routes.ts. Withings
// through its own OAuth 2.0 (authorize2, then the token request, here in the API: the client secret
// and the tokens never reach the app or the browser).
import type { Account } from '../store/accounts.js'
import type { ProviderContext } from '../context.js'
import {
  DEVICE_SERVICES,
  findService,
  isAvailable,
  notAvailableHere,
  type Availability,
  type DeviceService,
} from '../devices-catalogue.js'
import {
  connectionView,
  countImported,
  createAuthorization,
  deleteImported,
  findConnection,
  listConnections,
  redeemCode,
  redeemState,
  removeConnection,
  saveConnected,
} from '../store/devices.js'
import { syncConnection } from '../devices-run.js'
import { ApiError } from '../errors.js'
import { changePatients } from '../patient-changes.js'
import { accountsForExternalUser, connectService } from '../store/device-tokens.js'
import { requestToken, subscribe, WithingsError } from '../withings/client.js'
import { WITHINGS_SCOPE } from '../withings/config.js'
import { revokeWithings, WITHINGS_APPLIS } from '../withings/revoke.js'
import { WITHINGS_BUSY, WITHINGS_UNREACHABLE, type WithingsRuntime } from '../withings/sync.js'
import { serve, type ApiRouter, type Served } from '../endpoint-router.js'
import { API } from '../../common/contract/endpoints'

export const CONSENT_INVALID =
  'This connection request is invalid or has expired. Please try connecting again.'
export const DEFAULT_SYNC_FAILURE = 'Demo Health stopped accepting our access. Reconnect to resume syncing.'
export const WITHINGS_CODE_REFUSED = 'Withings did not accept this connection request. Please try connecting again.'

export function mountDeviceRoutes(router: ApiRouter, ctx: ProviderContext): void {
  router.serve(deviceRoutes(ctx))
}

/** The catalogue's service of a key the table has checked (common/contract/endpoints.ts). */
function catalogued(key: string): DeviceService {
  const service = findService(key)
  if (!service) throw new Error(`the route table let through a service not in the catalogue: ${key}`)
  return service
}

export function availability(ctx: ProviderContext): Availability {
  return { devMode: ctx.devMode, configured: new Set(ctx.withings ? ['withings'] : []) }
}

export async function serviceList(ctx: ProviderContext, accountId: number) {
  const views = await listConnections(ctx.db, accountId)
  const where = availability(ctx)
  return DEVICE_SERVICES.map((service, index) => ({
    ...views[index],
    imported_types: [...service.imported_types],
    available: isAvailable(service, where),
    availability_note: isAvailable(service, where) ? null : notAvailableHere(service.service_name),
    simulated: service.simulated || (service.real === true && ctx.withings?.simulated === true),
  }))
}

/** authorize2 with our client, the registered redirect URI, what we ask for and the consent's state. */
function withingsConsentUrl(withings: WithingsRuntime, state: string): string {
  const url = new URL(withings.config.authUrl)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', withings.config.clientId)
  url.searchParams.set('scope', WITHINGS_SCOPE)
  url.searchParams.set('redirect_uri', withings.config.redirectUri)
  url.searchParams.set('state', state)
  return url.toString()
}

/** The code from Withings' redirect, exchanged for tokens (stored sealed) on a spent consent. */
async function connectWithings(ctx: ProviderContext, withings: WithingsRuntime, accountId: number, state: string, code: string) {
  const auth = await redeemState(ctx.db, accountId, 'withings', state)
  if (!auth) throw new ApiError(400, CONSENT_INVALID, { code: [CONSENT_INVALID] })
  let tokens
  try {
    tokens = await requestToken(withings.config, code, auth.redirect_uri)
  } catch (error) {
    if (!(error instanceof WithingsError)) throw error
    ctx.log(`devices: Withings refused a code (status ${error.status}: ${error.message})`)
    if (error.failure === 'invalid_grant') throw new ApiError(400, WITHINGS_CODE_REFUSED, { code: [WITHINGS_CODE_REFUSED] })
    throw new ApiError(502, error.failure === 'rate_limited' ? WITHINGS_BUSY : WITHINGS_UNREACHABLE)
  }
  await connectService(ctx.db, withings.box, accountId, 'withings', tokens)
  const callback = withings.config.notifyCallbackUrl
  if (callback) {
    // Push is a bonus over Sync now: a refused subscription is logged, not the patient's problem.
    for (const appli of WITHINGS_APPLIS) {
      await subscribe(withings.config, tokens.access_token, callback, appli).catch((error: unknown) =>
        ctx.log(`devices: Withings notification subscription (appli ${appli}) refused: ${String(error)}`),
      )
    }
  }
}

/** Brings the connection's readings up to date, or records why the service refused. */
async function runSync(ctx: ProviderContext, account: Account, service: DeviceService, today: unknown) {
  const result = await syncConnection(ctx, account.id, service, today)
  return { connection: await connectionView(ctx.db, account.id, service.service), sync: result }
}

/**
 * A Withings notification, as the app's public /webhooks/withings forwards it. Acted on only for a
 * Withings user connected here and an `appli` we subscribed to: it queues a sync (which reads from
 * Withings with our own token, so a forged notification can at most cause an early sync, and the
 * queue allows one per patient per WITHINGS_NOTIFY_SYNC_MINUTES). The answer is the same either
 * way: whoever can post here learns nothing about which Withings users are linked.
 */
async function withingsNotification(ctx: ProviderContext, body: { userid: unknown; appli: unknown }) {
  const userid = typeof body.userid === 'string' || typeof body.userid === 'number' ? String(body.userid) : ''
  const appli = Number(body.appli)
  if (/^\d{1,20}$/.test(userid) && (WITHINGS_APPLIS as readonly number[]).includes(appli) && ctx.queueDeviceSync) {
    for (const accountId of await accountsForExternalUser(ctx.db, 'withings', userid)) {
      const connection = await findConnection(ctx.db, accountId, 'withings')
      if (connection?.status !== 'connected') continue
      await ctx.queueDeviceSync(accountId, 'withings')
    }
  }
  return { message: 'Notification received.', content: {} }
}

function deviceRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.devices.withingsNotify, ({ body }) => withingsNotification(ctx, body), { offered: () => ctx.withings !== null }),
    serve(API.devices.list, async ({ caller }) => ({
      message: 'Connections loaded.',
      content: await serviceList(ctx, caller.account.id),
    })),
    serve(API.devices.connect, async ({ caller, body }) => {
      const service = catalogued(body.service)
      if (!isAvailable(service, availability(ctx))) throw new ApiError(409, notAvailableHere(service.service_name))
      const withings = service.real ? ctx.withings : null
      // A real service sends the patient back to the redirect URI registered with it.
      const auth = await createAuthorization(
        ctx.db,
        caller.account.id,
        service.service,
        withings ? withings.config.redirectUri : body.redirect_uri,
      )
      // The simulated service's consent screen is drawn by the app's development route
      // (app/routes/dev.device-consent.tsx), which reads the answers below through __dev/.
      const consentUrl = withings
        ? withingsConsentUrl(withings, auth.state)
        : `${ctx.appUrl}/dev/device-consent?state=${encodeURIComponent(auth.state)}`
      return {
        status: 201,
        message: `Continue at ${service.service_name} to allow access.`,
        content: {
          service: service.service,
          consent_url: consentUrl,
          state: auth.state,
          expires_at: new Date(auth.expires_at).toISOString(),
        },
      }
    }),
    serve(API.devices.complete, async ({ caller, body }) => {
      const { account } = caller
      const service = catalogued(body.service)
      if (service.real) {
        if (!ctx.withings || service.service !== 'withings') {
          throw new ApiError(409, notAvailableHere(service.service_name))
        }
        await connectWithings(ctx, ctx.withings, account.id, body.state, body.code)
      } else {
        if (!(await redeemCode(ctx.db, account.id, service.service, body.state, body.code))) {
          throw new ApiError(400, CONSENT_INVALID, { code: [CONSENT_INVALID] })
        }
        await saveConnected(ctx.db, account.id, service.service)
      }
      const { connection, sync } = await runSync(ctx, account, service, body.today)
      return { message: `${service.service_name} connected.`, content: { ...connection, sync } }
    }),
    serve(API.devices.sync, async ({ caller, body }) => {
      const service = catalogued(body.service)
      const { connection, sync } = await runSync(ctx, caller.account, service, body.today)
      return { message: `${service.service_name} synced.`, content: { ...connection, sync } }
    }),
    serve(API.devices.disconnect, async ({ caller, body }) => {
      const accountId = caller.account.id
      const service = catalogued(body.service)
      if (!(await findConnection(ctx.db, accountId, service.service))) {
        throw new ApiError(409, `${service.service_name} is not connected.`)
      }
      if (service.service === 'withings') await revokeWithings(ctx, accountId)
      const deleted = await changePatients(ctx.db, async (tx) => {
        await removeConnection(tx, accountId, service.service)
        return body.delete_imported ? deleteImported(tx, accountId, service.service) : 0
      })
      return {
        message: `${service.service_name} disconnected.`,
        content: {
          ...(await connectionView(ctx.db, accountId, service.service)),
          deleted_entries: deleted,
          kept_entries: await countImported(ctx.db, accountId, service.service),
        },
      }
    }),
  ]
}
