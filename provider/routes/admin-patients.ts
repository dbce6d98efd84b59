// Extension (docs/provider-api.md, "Extensions"): the admin portal's patients: dashboard,
// list, record, entries and alerts. Standard and Super Admins alike; every read of one patient's
// record or entries is audited ('patient_view'; a background repeat of a look already in the log
// is not written again), and so is every acknowledgement.
import { addDays, todayUtc } from '../admin-patients-metrics.js'
import { patientDetail } from '../admin-patients-detail.js'
import { queryPatients } from '../admin-patients-query.js'
import { acknowledgeAlert, findAlert, listAlerts, openAlertsByTier } from '../store/alerts.js'
import { refuseIfClosed } from '../account-closure.js'
import { auditedChange, isBackgroundRead, recordReadEvent } from '../store/audit.js'
import type { ProviderContext } from '../context.js'
import { serve, type Served } from '../endpoint-router.js'
import { firstEntryDate, latestEntries, listAllEntries } from '../store/entries.js'
import { ApiError } from '../errors.js'
import { BRACKET_START_DAYS, cohortSummaryFromCells } from '../patient-cohorts.js'
import { cohortCells, patientCounts } from '../store/patient-summary-reads.js'
import { isPatient } from '../store/patients.js'
import { TRENDS_RANGE_MAX_DAYS as MAX_TRENDS_DAYS } from '../../common/contract/entries-values'
import { NO_DATA_DAYS } from '../alerts-rules.js'
import { API } from '../../common/contract/endpoints'

export const PATIENT_NOT_FOUND = 'Patient not found.'
export const ALERT_NOT_FOUND = 'Alert not found.'
export const ALERT_ALREADY_ACKNOWLEDGED = 'This alert has already been acknowledged.'
export const ALERT_ACKNOWLEDGED = 'Alert acknowledged.'
export { ALERT_NOTE_MAX as NOTE_MAX, NOTE_REQUIRED } from '../../common/contract/alerts-values'
const ACTIVE_WITHIN_DAYS = 30

/** The dashboard, the list, a record, its entries and the alerts, as the route table has them. */
export function adminPatientsRoutes(ctx: ProviderContext): Served[] {
  return [...collectionRoutes(ctx), ...itemRoutes(ctx)]
}

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

function collectionRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.adminPatients.dashboard, async () => ({ message: 'Dashboard loaded.', content: await dashboard(ctx) })),
    serve(API.adminPatients.list, async ({ query }) => ({
      message: 'Patients loaded.',
      content: await queryPatients(ctx.db, query, todayUtc()),
    })),
    serve(API.adminPatients.alerts, async ({ query: { status, patient, tier, limit } }) => ({
      // Read as stored: alerts are evaluated when data changes and by the daily time-based evaluation.
      message: 'Alerts loaded.',
      content: { items: await listAlerts(ctx.db, { status, patientId: patient, tier, limit }) },
    })),
  ]
}

/**
 * ?to (required) and ?from (optional: from the first entry), at most ten years — the patient's own
 * GET v1/auth/trends/ rules (the table reads them alike), so the trends charts take either answer.
 */
async function rangeFrom(ctx: ProviderContext, id: number, query: { to: string; from: string | null }) {
  const { to, from: asked } = query
  const first = await firstEntryDate(ctx.db, id, to)
  const earliest = addDays(to, -(MAX_TRENDS_DAYS - 1))
  const from = asked ?? (first === null ? to : first < earliest ? earliest : first)
  return { from, to, first_date: first }
}

function itemRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.adminPatients.record, async ({ caller: { account: admin }, params: { id }, query, req }) => {
      const detail = await patientDetail(ctx.db, id, todayUtc(), ctx)
      if (!detail) throw new ApiError(404, PATIENT_NOT_FOUND)
      // ?include=entries&from&to: the record page's health log in the same answer, so that one
      // look at a record is one audit row (the entries endpoint alone still audits its own).
      const range = query.include === 'entries' ? await rangeFrom(ctx, id, query) : null
      await recordReadEvent(
        ctx.db,
        {
          actor: admin,
          action: 'patient_view',
          targetAccountId: id,
          details: range ? { resource: 'record', from: range.from, to: range.to } : { resource: 'record' },
        },
        isBackgroundRead(req.headers),
      )
      if (!range) return { message: 'Patient loaded.', content: detail }
      const entries = {
        from: range.from,
        to: range.to,
        first_date: range.first_date,
        ...(await listAllEntries(ctx.db, id, range.from, range.to)),
        latest: await latestEntries(ctx.db, id, range.to),
      }
      return { message: 'Patient loaded.', content: { ...detail, entries } }
    }),
    serve(API.adminPatients.entries, async ({ caller: { account: admin }, params: { id }, query, req }) => {
      if (!(await isPatient(ctx.db, id))) throw new ApiError(404, PATIENT_NOT_FOUND)
      const { from, to, first_date } = await rangeFrom(ctx, id, query)
      await recordReadEvent(
        ctx.db,
        { actor: admin, action: 'patient_view', targetAccountId: id, details: { resource: 'entries', from, to } },
        isBackgroundRead(req.headers),
      )
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
    }),
    serve(API.adminPatients.acknowledge, async ({ caller: { account: admin }, params, body: { note } }) => {
      const alert = await findAlert(ctx.db, params.id)
      if (!alert) throw new ApiError(404, ALERT_NOT_FOUND)
      if (alert.status !== 'open') throw new ApiError(409, ALERT_ALREADY_ACKNOWLEDGED)
      // A closed account's record is read-only: its alerts stay visible as they were left.
      await refuseIfClosed(ctx.db, alert.patient_id)
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
      const now = await findAlert(ctx.db, alert.id)
      if (!now) throw new Error(`Alert ${alert.id} vanished`)
      return { message: ALERT_ACKNOWLEDGED, content: now }
    }),
  ]
}
