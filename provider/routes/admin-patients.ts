// Extension (docs/provider-api.md, "Extensions"): the admin portal's patients: dashboard,
// list, record, entries and alerts. Standard and Super Admins alike; every read of one patient's
// record or entries is audited ('patient_view'; a background repeat of a look already in the log
// is not written again), and so is every acknowledgement.
import { requireAdminRole, ANY_ADMIN } from '../admin-users-access.js'
import { addDays, daysBetween, todayUtc } from '../admin-patients-metrics.js'
import { patientDetail } from '../admin-patients-detail.js'
import { readPatientQuery, queryPatients } from '../admin-patients-query.js'
import { ALERT_STATUSES, acknowledgeAlert, findAlert, listAlerts, openAlertsByTier } from '../store/alerts.js'
import { auditedChange, isBackgroundRead, recordReadEvent } from '../store/audit.js'
import type { ProviderContext } from '../context.js'
import type { ItemRoute, RouterWithItems } from '../entries-router.js'
import { firstEntryDate, latestEntries, listAllEntries } from '../store/entries.js'
import { ApiError } from '../errors.js'
import { jsonObjectBody, type RequestInput, type Route } from '../http.js'
import { BRACKET_START_DAYS, cohortSummaryFromCells } from '../patient-cohorts.js'
import { cohortCells, patientCounts } from '../store/patient-summary-reads.js'
import { isPatient } from '../store/patients.js'
import { FieldReader } from '../validation.js'
import { TRENDS_RANGE_MAX_DAYS as MAX_TRENDS_DAYS } from '../../common/contract/entries-values'
import { NO_DATA_DAYS } from '../alerts-rules.js'
import { dashboardSchema } from '../../common/contract/admin-dashboard'
import { patientEntriesSchema, patientListSchema, patientRecordWithEntriesSchema } from '../../common/contract/admin-patients'
import { alertListSchema, alertSchema } from '../../common/contract/alerts'

export const PATIENT_NOT_FOUND = 'Patient not found.'
export const ALERT_NOT_FOUND = 'Alert not found.'
export const ALERT_ALREADY_ACKNOWLEDGED = 'This alert has already been acknowledged.'
export const ALERT_ACKNOWLEDGED = 'Alert acknowledged.'
export { ALERT_NOTE_MAX as NOTE_MAX, NOTE_REQUIRED } from '../../common/contract/alerts-values'
import { ALERT_NOTE_MAX as NOTE_MAX, NOTE_REQUIRED } from '../../common/contract/alerts-values'
const ACTIVE_WITHIN_DAYS = 30
const ALERTS_DEFAULT_LIMIT = 100
const ALERTS_MAX_LIMIT = 500

const PATIENT_PATH = /^v1\/admin\/patients\/(\d{1,15})\/$/
const PATIENT_ENTRIES_PATH = /^v1\/admin\/patients\/(\d{1,15})\/entries\/$/
const ACKNOWLEDGE_PATH = /^v1\/admin\/alerts\/(\d{1,15})\/acknowledge\/$/

export function mountAdminPatientsRoutes(router: RouterWithItems, ctx: ProviderContext): void {
  router.add(collectionRoutes(ctx))
  router.addItems(itemRoutes(ctx))
}

const staff = (ctx: ProviderContext, req: RequestInput) => requireAdminRole(ctx, req, ANY_ADMIN)
const idFrom = (pattern: RegExp, path: string) => Number(pattern.exec(path)?.[1] ?? 0)

async function dashboard(ctx: ProviderContext) {
  const today = todayUtc()
  const counts = await patientCounts(ctx.db, today, ACTIVE_WITHIN_DAYS, NO_DATA_DAYS)
  return {
    today,
    patients: {
      total: counts.total,
      onboarded: counts.onboarded,
      active: counts.active,
      no_recent_data: counts.quiet,
    },
    funnel: {
      signed_up: counts.total,
      verified: counts.verified,
      onboarded: counts.onboarded,
    },
    open_alerts_by_tier: await openAlertsByTier(ctx.db),
    cohorts: cohortSummaryFromCells(await cohortCells(ctx.db, today, BRACKET_START_DAYS)),
    active_within_days: ACTIVE_WITHIN_DAYS,
    no_data_days: NO_DATA_DAYS,
  }
}

function readAlertFilter(query: URLSearchParams) {
  const f = new FieldReader(Object.fromEntries(query))
  const status = f.choice('status', ALERT_STATUSES, { label: 'Status' })
  const patient = f.raw('patient')
  let patientId: number | null = null
  if (patient !== undefined && patient !== '') {
    if (typeof patient === 'string' && /^\d{1,15}$/.test(patient)) patientId = Number(patient)
    else f.fail('patient', 'Patient must be a patient id')
  }
  const tier = f.choice('tier', ['1', '2', '3'] as const, { label: 'Tier' })
  const limitRaw = f.raw('limit')
  let limit = ALERTS_DEFAULT_LIMIT
  if (limitRaw !== undefined && limitRaw !== '') {
    if (
      typeof limitRaw === 'string' &&
      /^\d{1,4}$/.test(limitRaw) &&
      Number(limitRaw) >= 1 &&
      Number(limitRaw) <= ALERTS_MAX_LIMIT
    ) {
      limit = Number(limitRaw)
    } else f.fail('limit', `Limit must be a whole number from 1 to ${ALERTS_MAX_LIMIT}`)
  }
  f.done()
  return { status, patientId, tier: tier ? (Number(tier) as 1 | 2 | 3) : null, limit }
}

function collectionRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'GET',
      path: 'v1/admin/dashboard/',
      answer: dashboardSchema,
      handler: async (req) => {
        await staff(ctx, req)
        return { message: 'Dashboard loaded.', content: await dashboard(ctx) }
      },
    },
    {
      method: 'GET',
      path: 'v1/admin/patients/',
      answer: patientListSchema,
      handler: async (req) => {
        await staff(ctx, req)
        const query = readPatientQuery(req.query)
        return {
          message: 'Patients loaded.',
          content: await queryPatients(ctx.db, query, todayUtc()),
        }
      },
    },
    {
      method: 'GET',
      path: 'v1/admin/alerts/',
      answer: alertListSchema,
      handler: async (req) => {
        await staff(ctx, req)
        const filter = readAlertFilter(req.query)
        // Read as stored: alerts are evaluated when data changes and by the daily time-based evaluation.
        return { message: 'Alerts loaded.', content: { items: await listAlerts(ctx.db, filter) } }
      },
    },
  ]
}

/**
 * ?to (required) and ?from (optional: from the first entry), at most ten years — the patient's own
 * GET v1/auth/trends/ rules, so the trends charts take either answer.
 */
async function readRange(ctx: ProviderContext, id: number, query: URLSearchParams) {
  const f = new FieldReader(Object.fromEntries(query))
  const to = f.date('to', { label: 'To date', required: 'To date is required' })
  const asked = f.date('from', { label: 'From date' })
  if (to && asked) {
    if (to < asked) f.fail('to', 'To date must be on or after the from date')
    else if (daysBetween(asked, to) + 1 > MAX_TRENDS_DAYS)
      f.fail('to', `A range can cover at most ${MAX_TRENDS_DAYS} days`)
  }
  f.done()
  const first = await firstEntryDate(ctx.db, id, to!)
  const earliest = addDays(to!, -(MAX_TRENDS_DAYS - 1))
  const from = asked ?? (first === null ? to! : first < earliest ? earliest : first)
  return { from, to: to!, first_date: first }
}

function itemRoutes(ctx: ProviderContext): ItemRoute[] {
  return [
    {
      method: 'GET',
      pattern: PATIENT_PATH,
      answer: patientRecordWithEntriesSchema,
      handler: async (req) => {
        const admin = await staff(ctx, req)
        const id = idFrom(PATIENT_PATH, req.path)
        const detail = await patientDetail(ctx.db, id, todayUtc(), ctx)
        if (!detail) throw new ApiError(404, PATIENT_NOT_FOUND)
        // ?include=entries&from&to: the record page's health log in the same answer, so that one
        // look at a record is one audit row (the entries endpoint alone still audits its own).
        const range = req.query.get('include') === 'entries' ? await readRange(ctx, id, req.query) : null
        await recordReadEvent(ctx.db, {
          actor: admin,
          action: 'patient_view',
          targetAccountId: id,
          details: range ? { resource: 'record', from: range.from, to: range.to } : { resource: 'record' },
        }, isBackgroundRead(req.headers))
        if (!range) return { message: 'Patient loaded.', content: detail }
        const entries = {
          from: range.from,
          to: range.to,
          first_date: range.first_date,
          ...(await listAllEntries(ctx.db, id, range.from, range.to)),
          latest: await latestEntries(ctx.db, id, range.to),
        }
        return { message: 'Patient loaded.', content: { ...detail, entries } }
      },
    },
    {
      method: 'GET',
      pattern: PATIENT_ENTRIES_PATH,
      answer: patientEntriesSchema,
      handler: async (req) => {
        const admin = await staff(ctx, req)
        const id = idFrom(PATIENT_ENTRIES_PATH, req.path)
        if (!(await isPatient(ctx.db, id))) throw new ApiError(404, PATIENT_NOT_FOUND)
        const { from, to, first_date } = await readRange(ctx, id, req.query)
        await recordReadEvent(ctx.db, {
          actor: admin,
          action: 'patient_view',
          targetAccountId: id,
          details: { resource: 'entries', from, to },
        }, isBackgroundRead(req.headers))
        return {
          message: 'Entries loaded.',
          content: {
            from,
            to,
            first_date,
            ...(await listAllEntries(ctx.db, id, from, to)),
            latest: await latestEntries(ctx.db, id, to),
          },
        }
      },
    },
    {
      method: 'POST',
      pattern: ACKNOWLEDGE_PATH,
      answer: alertSchema,
      handler: async (req) => {
        const admin = await staff(ctx, req)
        const alert = await findAlert(ctx.db, idFrom(ACKNOWLEDGE_PATH, req.path))
        if (!alert) throw new ApiError(404, ALERT_NOT_FOUND)
        const f = new FieldReader(jsonObjectBody(req))
        const note = f.text('note', { label: 'Note', required: NOTE_REQUIRED, max: NOTE_MAX })
        f.done()
        if (alert.status !== 'open') throw new ApiError(409, ALERT_ALREADY_ACKNOWLEDGED)
        // The UPDATE is conditional on the alert still being open: of two admins acknowledging at
        // once, the second gets the same 409 as if it had come after.
        const acknowledged = await auditedChange(
          ctx.db,
          (tx) => acknowledgeAlert(tx, alert.id, admin, note),
          (done) =>
            done
              ? {
                  actor: admin,
                  action: 'alert_acknowledge',
                  targetAccountId: alert.patient_id,
                  details: { alert_id: alert.id, kind: alert.kind, tier: alert.tier },
                }
              : null,
        )
        if (!acknowledged) throw new ApiError(409, ALERT_ALREADY_ACKNOWLEDGED)
        return { message: ALERT_ACKNOWLEDGED, content: await findAlert(ctx.db, alert.id) }
      },
    },
  ]
}
