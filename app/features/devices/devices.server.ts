// Server side of Connect Devices (docs/provider-api.md "Connected devices", an extension): typed
// provider calls, the short-lived cookie that ties a consent to this browser (the OAuth `state`),
// and the loaders and actions of /customer/connect-devices, its callback, the dashboard's sync line
// and the profile's Connected tab.
import { timingSafeEqual } from 'node:crypto'
import { createCookie, data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { API } from '~/../common/contract/endpoints'
import { DEV_API, type DevConsent } from '~/../common/contract/dev-endpoints'
import {
  CONNECT_CALLBACK_PATH,
  CONNECT_DEVICES_PATH,
  DEVICE_TOASTS,
  importedText,
  isServiceKey,
  phoneAdvice,
  syncedTime,
  syncLine,
  type DeviceService,
  type ServiceView,
  type SyncLine,
} from './devices'
import { getEnv } from '~/platform/env.server'
import type { CustomerContext } from '~/platform/guards.server'
import { patientTimeZone, patientToday } from '~/platform/patient-clock.server'
import { getProfile } from '~/platform/provider-api.server'
import { createProviderClient, type ProviderClient } from '~/platform/provider-client.server'
import type { ProviderResult } from '~/platform/provider-errors'
import { combineHeaders } from '~/platform/headers'
import { redirectWithToast } from '~/platform/toast.server'
import { readForm } from '~/platform/form-data.server'

// ---- Provider calls -------------------------------------------------------------------------

export function listDevices(api: ProviderClient): Promise<ProviderResult<DeviceService[]>> {
  return api.call(API.devices.list)
}

export function startConnection(api: ProviderClient, service: string, redirectUri: string) {
  return api.call(API.devices.connect, { body: { service, redirect_uri: redirectUri } })
}

export function completeConnection(
  api: ProviderClient,
  body: { service: string; code: string; state: string; today: string },
) {
  return api.call(API.devices.complete, { body })
}

export function syncDevice(api: ProviderClient, service: string, today: string) {
  return api.call(API.devices.sync, { body: { service, today } })
}

export function disconnectDevice(api: ProviderClient, service: string, deleteImported: boolean) {
  return api.call(API.devices.disconnect, { body: { service, delete_imported: deleteImported } })
}

// ---- The pending consent (state) ------------------------------------------------------------

// Its own cookie rather than the session: the session is near the 4 KB cookie limit, and a
// consent is short-lived and only read on the callback path.
type PendingConsent = { state: string; service: string; serviceName: string }
const pendingSchema = z.object({ state: z.string().min(1), service: z.string(), serviceName: z.string() })

function consentCookie() {
  const env = getEnv()
  return createCookie('__device_consent', {
    httpOnly: true,
    sameSite: 'lax',
    path: CONNECT_DEVICES_PATH,
    secure: env.NODE_ENV === 'production',
    maxAge: 10 * 60,
    secrets: env.SESSION_SECRETS,
  })
}

async function readPending(request: Request): Promise<PendingConsent | null> {
  const parsed = pendingSchema.safeParse(await consentCookie().parse(request.headers.get('Cookie')))
  return parsed.success ? parsed.data : null
}

async function pendingHeaders(pending: PendingConsent | null): Promise<Headers> {
  const cookie = consentCookie()
  return new Headers({
    'Set-Cookie': pending ? await cookie.serialize(pending) : await cookie.serialize('', { maxAge: 0 }),
  })
}

function sameState(expected: string, received: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(received)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Where the service sends the patient back: our public URL when configured, else this request's. */
function callbackUrl(request: Request): string {
  const base = getEnv().APP_URL ?? new URL(request.url).origin
  return `${base.replace(/\/+$/, '')}${CONNECT_CALLBACK_PATH}`
}

// ---- Views ----------------------------------------------------------------------------------

function views(services: DeviceService[], now: Date, timeZone: string | null): ServiceView[] {
  return services.map((service) => ({
    ...service,
    synced: syncedTime(service.last_synced_at, now, timeZone),
  }))
}

// ---- /customer/connect-devices ---------------------------------------------------------------

export async function loadConnectDevices({ request, api, headers }: CustomerContext) {
  const [profile, devices] = await Promise.all([getProfile(api), listDevices(api)])
  const now = new Date()
  const services = devices.ok ? views(devices.content, now, patientTimeZone(request)) : []
  const asked = new URL(request.url).searchParams.get('disconnect')
  // Only a connection that exists can be confirmed; anything else shows the plain page.
  const confirming = services.find(
    (service) => service.service === asked && service.status !== 'not_connected',
  )
  return data(
    {
      services,
      loadError: devices.ok ? null : devices.message,
      phone: phoneAdvice(profile.ok ? profile.content.device_information : null),
      confirmDisconnect: confirming?.service ?? null,
    },
    { headers },
  )
}

export async function connectDevicesAction({ request, api, headers }: CustomerContext) {
  const formData = await readForm(request)
  const intent = formData.get('intent')
  const service = formData.get('service')
  if (!isServiceKey(service)) throw redirect(CONNECT_DEVICES_PATH)
  const back = (toast: Parameters<typeof redirectWithToast>[1], url = CONNECT_DEVICES_PATH) =>
    redirectWithToast(url, toast, { headers })

  if (intent === 'connect') {
    const started = await startConnection(api, service, callbackUrl(request))
    if (!started.ok) return back({ title: started.message, type: 'destructive' })
    const name = String(formData.get('service_name') ?? '').slice(0, 100) || service
    const pending = await pendingHeaders({ state: started.content.state, service, serviceName: name })
    return redirect(started.content.consent_url, { headers: combineHeaders(headers, pending) })
  }

  if (intent === 'sync') {
    const result = await syncDevice(api, service, patientToday(request))
    if (!result.ok) {
      return back({
        title: DEVICE_TOASTS.syncFailed(serviceLabel(formData, service)),
        description: result.message,
        type: 'destructive',
      })
    }
    const { sync, service_name } = result.content
    return back({
      title: DEVICE_TOASTS.synced(service_name),
      description: importedText(sync.imported, sync.skipped_manual.weight + sync.skipped_manual.sleep),
    })
  }

  if (intent === 'disconnect') {
    const keep = formData.get('imported_data')
    if (keep !== 'keep' && keep !== 'delete') {
      return back(
        { title: 'Choose whether to keep or delete the imported data', type: 'destructive' },
        `${CONNECT_DEVICES_PATH}?disconnect=${encodeURIComponent(service)}`,
      )
    }
    const result = await disconnectDevice(api, service, keep === 'delete')
    if (!result.ok) return back({ title: result.message, type: 'destructive' })
    return back({
      title: DEVICE_TOASTS.disconnected(result.content.service_name),
      description:
        keep === 'delete'
          ? DEVICE_TOASTS.deletedDescription(result.content.deleted_entries)
          : DEVICE_TOASTS.keptDescription,
    })
  }
  throw redirect(CONNECT_DEVICES_PATH)
}

function serviceLabel(formData: FormData, fallback: string): string {
  return String(formData.get('service_name') ?? '').slice(0, 100) || fallback
}

// ---- /customer/connect-devices/callback ------------------------------------------------------

/**
 * The service sends the patient back here with `code` and `state` (or `error`). The state must be
 * the one this browser started with; anything else is refused and nothing is stored. The pending
 * consent is forgotten either way.
 */
export async function connectCallback({ request, api, headers }: CustomerContext) {
  const params = new URL(request.url).searchParams
  const pending = await readPending(request)
  const cleared = await pendingHeaders(null)
  const state = params.get('state') ?? ''
  const back = (toast: Parameters<typeof redirectWithToast>[1]) =>
    redirectWithToast(CONNECT_DEVICES_PATH, toast, { headers: combineHeaders(headers, cleared) })

  if (!pending || !state || !sameState(pending.state, state)) {
    return back({
      title: DEVICE_TOASTS.refused,
      description: DEVICE_TOASTS.refusedDescription,
      type: 'destructive',
    })
  }
  if (params.get('error')) {
    return back({
      title: DEVICE_TOASTS.denied(pending.serviceName),
      description: params.get('error') === 'access_denied' ? DEVICE_TOASTS.deniedDescription : undefined,
      type: 'destructive',
    })
  }
  const code = params.get('code') ?? ''
  if (!code)
    return back({
      title: DEVICE_TOASTS.refused,
      description: DEVICE_TOASTS.refusedDescription,
      type: 'destructive',
    })
  const result = await completeConnection(api, {
    service: pending.service,
    code,
    state,
    today: patientToday(request),
  })
  if (!result.ok)
    return back({
      title: DEVICE_TOASTS.denied(pending.serviceName),
      description: result.message,
      type: 'destructive',
    })
  const { sync, service_name } = result.content
  return back({
    title: DEVICE_TOASTS.connected(service_name),
    description: importedText(sync.imported, sync.skipped_manual.weight + sync.skipped_manual.sleep),
  })
}

// ---- The dashboard and the profile ----------------------------------------------------------

/** The dashboard's sync line; runs beside the dashboard's other calls. Caller answers with `ctx.headers`. */
export async function loadSyncLine({ request, api }: CustomerContext): Promise<SyncLine> {
  const devices = await listDevices(api)
  if (!devices.ok && devices.kind === 'not-offered') return { kind: 'not-offered' }
  return syncLine(devices.ok ? devices.content : null, new Date(), patientTimeZone(request))
}

/** The profile's Connected tab: each service's status and last sync. Caller answers with `ctx.headers`. */
export async function loadConnectionSummary({
  request,
  api,
}: CustomerContext): Promise<{ services: ServiceView[] | null; error: string | null }> {
  const devices = await listDevices(api)
  return {
    services: devices.ok ? views(devices.content, new Date(), patientTimeZone(request)) : null,
    error: devices.ok ? null : devices.message,
  }
}

// ---- The simulated service's consent page (development only) --------------------------------

export type { DevConsent }

export async function loadDevConsent(request: Request) {
  const state = new URL(request.url).searchParams.get('state') ?? ''
  const api = await createProviderClient(request)
  const result = await api.call(DEV_API.consent, { query: { state } })
  return { state, consent: result.ok ? result.content : null, error: result.ok ? null : result.message }
}

export async function devConsentAction(request: Request) {
  const formData = await readForm(request)
  const decision = formData.get('decision') === 'allow' ? 'allow' : 'deny'
  const state = String(formData.get('state') ?? '')
  const api = await createProviderClient(request)
  const result = await api.call(DEV_API.decideConsent, { body: { state, decision } })
  if (!result.ok)
    return data(
      { error: result.message },
      { status: result.status >= 400 && result.status < 500 ? result.status : 502 },
    )
  return redirect(result.content.redirect_to)
}

// ---- Withings' notifications ------------------------------------------------------------------

/**
 * Passes a Withings notification on to the API. 200 when the API took it (whether or not it
 * named one of our patients, so nothing is learnt by probing); 502 when the API could not be asked,
 * so Withings tries again later.
 */
export async function forwardWithingsNotification(request: Request) {
  const form = await readForm(request)
  const field = (name: string) => String(form.get(name) ?? '').slice(0, 40)
  const api = await createProviderClient(request)
  const result = await api.call(API.devices.withingsNotify, {
    body: {
      userid: field('userid'),
      appli: Number(field('appli')),
      startdate: Number(field('startdate')),
      enddate: Number(field('enddate')),
    },
  })
  const ok = result.ok || (result.status >= 400 && result.status < 500)
  return new Response(ok ? 'OK' : 'Try again later', {
    status: ok ? 200 : 502,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
