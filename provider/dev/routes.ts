// Test and demo conveniences: every `__dev/` endpoint. Mounted only in dev mode (provider/index.ts),
// so in production they are plain 404s; nothing in the production code imports this folder.
import { consentBody, DEV_API } from '../../common/contract/dev-endpoints'
import { dateField, emailField, fields, numberField, textField } from '../../common/contract/request-fields'
import { findAccountByEmail, findAccountById, markEmailVerified } from '../store/accounts.js'
import type { ProviderContext } from '../context.js'
import { findService } from '../devices-catalogue.js'
import {
  decideAuthorization,
  deleteImportedAfter,
  findConnection,
  findOpenAuthorization,
  setFailNextSync,
  setLastSyncedAt,
} from '../store/devices.js'
import { isoDay } from '../devices-sync.js'
import { readBody } from '../endpoint-router.js'
import { ApiError } from '../errors.js'
import { jsonObjectBody, type RequestInput, type Route } from '../http.js'
import { readOutbox } from '../mailer.js'
import type { RequestLog } from '../request-log.js'
import { CONSENT_INVALID, DEFAULT_SYNC_FAILURE } from '../routes/devices.js'
import { bumpAccessEpoch } from '../store/meta.js'
import { evaluateTimeBasedAlerts } from '../patient-changes.js'
import { todayUtc } from '../admin-patients-metrics.js'
import { sendDueReminders } from '../jobs/reminders.js'
import { deleteExpiredRecords } from '../account-closure.js'
import { MAX_HISTORY_DAYS, seedHistory } from './history.js'
import { seedPatients } from './seed-patients.js'
import { seedDemoPatientsInto } from './demo-patients.js'
import { changePatients } from '../patient-changes.js'

const DAY_MS = 86_400_000

// The bodies of the development endpoints, read with the API's own field rules and messages (they
// are not in the route table; the three the app calls are declared in common/contract/dev-endpoints.ts).

const emailBody = fields({ email: emailField })

const seedHistoryBody = fields({
  email: emailField,
  days: numberField({ label: 'Days', required: 'Days is required', min: 1, max: MAX_HISTORY_DAYS, unit: 'days' }),
  start_kg: numberField({ label: 'Start weight', min: 20, max: 500, unit: 'kg' }),
  today: dateField({ label: 'Today' }),
})

/** A simulated service's key, as the patients' endpoints read it. */
const serviceField = textField({
  label: 'Service',
  required: 'Service is required',
  max: 50,
  then: { message: 'Unknown service', read: (key) => (findService(key) ? key : null) },
})

const rewindSyncBody = fields({
  days: numberField({ label: 'Days', required: 'Days is required', min: 1, max: 60, unit: 'days' }),
  email: emailField,
  service: serviceField,
})

const failNextSyncBody = fields({
  reason: textField({ label: 'Reason', max: 300 }),
  email: emailField,
  service: serviceField,
})

export function devRoutes(ctx: ProviderContext, requestLog: RequestLog): Route[] {
  return [
    {
      method: 'GET',
      path: DEV_API.outbox.path,
      handler: async () => ({ message: 'Outbox.', content: await readOutbox(ctx.db) }),
    },
    {
      method: 'GET',
      path: '__dev/requests/',
      handler: () => ({ message: 'Requests.', content: requestLog.list() }),
    },
    {
      method: 'POST',
      path: '__dev/expire-access-tokens/',
      handler: async () => {
        await bumpAccessEpoch(ctx.db)
        return { message: 'All access tokens issued so far have expired.', content: null }
      },
    },
    {
      method: 'POST',
      path: '__dev/verify-email/',
      handler: async (req) => {
        const { email } = readBody(emailBody, req)
        const account = await findAccountByEmail(ctx.db, email)
        if (!account || account.portal !== 'customer') throw new ApiError(404, 'No customer with this email.')
        await changePatients(ctx.db, (tx) => markEmailVerified(tx, account.id))
        return { message: 'Email marked as verified.', content: { email } }
      },
    },
    { method: 'POST', path: '__dev/seed-history/', handler: (req) => seedHistoryRoute(ctx, req) },
    // Patients with surgery details and a health log in one request (admin portal tests).
    {
      method: 'POST',
      path: '__dev/seed-patients/',
      handler: async (req) => ({
        status: 201,
        message: 'Patients seeded.',
        content: await seedPatients(ctx.db, jsonObjectBody(req)),
      }),
    },
    // The demo patients and cohort, as `npm run provider:seed` adds them, into this API's store:
    // the seed comes here when this process holds the embedded database (seed-demo.ts).
    {
      method: 'POST',
      path: '__dev/seed-demo/',
      handler: async () => ({
        status: 201,
        message: 'Demo patients seeded.',
        content: await seedDemoPatientsInto(ctx.db),
      }),
    },
    // The daily time-based alert evaluation on demand (?today=YYYY-MM-DD to pretend).
    {
      method: 'POST',
      path: '__dev/evaluate-alerts/',
      handler: async (req) => {
        const today = req.query.get('today') ?? todayUtc()
        if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new ApiError(400, 'today must be YYYY-MM-DD.')
        return { message: 'Alerts evaluated.', content: { patients: await evaluateTimeBasedAlerts(ctx.db, today) } }
      },
    },
    // One run of the reminders job now, or at ?now=<ISO instant> to pretend.
    {
      method: 'POST',
      path: '__dev/run-reminders/',
      handler: async (req) => {
        const text = req.query.get('now')
        const now = text === null ? new Date() : new Date(text)
        if (Number.isNaN(now.getTime())) throw new ApiError(400, 'now must be an ISO date and time.')
        return { message: 'Reminders run.', content: { sent: await sendDueReminders(ctx, now) } }
      },
    },
    // One run of the record retention job now, or at ?now=<ISO instant>: the moved clock that
    // lets a test see a closed account's record deleted without waiting the retention years.
    {
      method: 'POST',
      path: '__dev/run-retention/',
      handler: async (req) => {
        const text = req.query.get('now')
        const now = text === null ? new Date() : new Date(text)
        if (Number.isNaN(now.getTime())) throw new ApiError(400, 'now must be an ISO date and time.')
        return { message: 'Retention run.', content: { deleted: await deleteExpiredRecords(ctx, now) } }
      },
    },
    ...devDeviceRoutes(ctx),
  ]
}

function localToday(): string {
  const now = new Date()
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** POST __dev/seed-history/ {email, days, start_kg?, today?}: a generated daily history (trends). */
async function seedHistoryRoute(ctx: ProviderContext, req: RequestInput) {
  const body = readBody(seedHistoryBody, req)
  const { email, days } = body
  const today = body.today ?? localToday()
  const account = await findAccountByEmail(ctx.db, email)
  if (!account || account.portal !== 'customer') throw new ApiError(404, 'No customer with this email.')
  const written = await seedHistory(ctx.db, account.id, { days, today, startKg: body.start_kg ?? undefined })
  return {
    message: 'History seeded.',
    content: { email, from: written.from, to: today, entries: written.entries },
  }
}

/** The patient and the service a sync control names; the service must be connected. */
async function devAccount(ctx: ProviderContext, email: string, key: string) {
  const account = await findAccountByEmail(ctx.db, email)
  if (!account || account.portal !== 'customer') throw new ApiError(404, 'No customer with this email.')
  // The body's schema took only a known key.
  const service = findService(key)!
  if (!(await findConnection(ctx.db, account.id, service.service))) {
    throw new ApiError(409, `${service.service_name} is not connected.`)
  }
  return { account, service }
}

/** The simulated consent screen's data and answer, and sync controls for tests. */
function devDeviceRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'GET',
      path: DEV_API.consent.path,
      handler: async (req) => {
        const auth = await findOpenAuthorization(ctx.db, req.query.get('state') ?? '')
        if (!auth || auth.decision !== null || !findService(auth.service)?.simulated) {
          throw new ApiError(404, CONSENT_INVALID)
        }
        const service = findService(auth.service)!
        const account = await findAccountById(ctx.db, auth.account_id)
        if (!account) throw new ApiError(404, CONSENT_INVALID)
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
      path: DEV_API.decideConsent.path,
      handler: async (req) => {
        const { state, decision } = readBody(consentBody, req)
        const auth = await findOpenAuthorization(ctx.db, state)
        // A real service's consent is answered on the service's own page, never here.
        if (!auth || auth.decision !== null || !findService(auth.service)?.simulated) {
          throw new ApiError(404, CONSENT_INVALID)
        }
        const decided = await decideAuthorization(ctx.db, auth, decision === 'allow')
        // Answered by another request in the meantime: as if it had been answered before.
        if (!decided) throw new ApiError(404, CONSENT_INVALID)
        const target = new URL(auth.redirect_uri)
        if (decided.code) target.searchParams.set('code', decided.code)
        else target.searchParams.set('error', 'access_denied')
        target.searchParams.set('state', auth.state)
        return {
          message: decided.code ? 'Access allowed.' : 'Access denied.',
          content: { redirect_to: target.toString() },
        }
      },
    },
    {
      method: 'POST',
      path: '__dev/devices/rewind-sync/',
      handler: async (req) => {
        const body = readBody(rewindSyncBody, req)
        const { account, service } = await devAccount(ctx, body.email, body.service)
        const connection = (await findConnection(ctx.db, account.id, service.service))!
        // "As if the last N days had not been synced yet": the last sync moves back N days and the
        // readings it brought for those days go, so the next sync has new days to import.
        const last =
          Date.parse(connection.last_synced_at ?? new Date().toISOString()) - Math.round(body.days) * DAY_MS
        const removed = await changePatients(ctx.db, async (tx) => {
          await setLastSyncedAt(tx, account.id, service.service, new Date(last).toISOString())
          return deleteImportedAfter(tx, account.id, service.service, isoDay(last))
        })
        return {
          message: 'Last sync moved back.',
          content: { last_synced_at: new Date(last).toISOString(), removed_readings: removed },
        }
      },
    },
    {
      method: 'POST',
      path: '__dev/devices/fail-next-sync/',
      handler: async (req) => {
        const body = readBody(failNextSyncBody, req)
        const reason = body.reason || DEFAULT_SYNC_FAILURE
        const { account } = await devAccount(ctx, body.email, body.service)
        await setFailNextSync(ctx.db, account.id, body.service, reason)
        return { message: 'The next sync will fail.', content: { reason } }
      },
    },
  ]
}
