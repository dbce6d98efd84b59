// Extension (docs/provider-api.md, "Extensions"): alert episodes. Re-evaluating the rules
// (provider/alerts-rules.ts) opens an alert for a new condition, refreshes the detail of one still
// holding, and resolves one whose condition has cleared; acknowledging keeps it out of "open" until
// then, so a clinician is not asked twice about the same episode.
import { sql, type ExpressionBuilder } from 'kysely'
import type { Database } from '../db/schema.js'
import type { Db } from './sql.js'
// The rules (provider/alerts-rules.ts) decide the conditions; the store only keeps episodes.
import { ALERT_TITLES, type AlertCondition, type AlertKind, type AlertTier } from '../../common/contract/alerts-values'

export { ALERT_STATUSES, type AlertStatus } from '../../common/contract/alerts-values'
import type { AlertStatus } from '../../common/contract/alerts-values'

export interface AlertView {
  id: number
  patient_id: number
  patient_name: string
  kind: AlertKind
  tier: AlertTier
  title: string
  detail: string
  status: AlertStatus
  opened_at: string
  acknowledged_at: string | null
  acknowledged_by: string | null
  note: string | null
  resolved_at: string | null
  /** The first message the care team wrote from this alert, if any. */
  message_id: number | null
}

/**
 * Brings one patient's stored episodes in line with their current conditions. Called only from
 * the patient's summary refresh (provider/store/patient-summaries.ts), inside the transaction of
 * the write that changed the data, or from the daily time-based evaluation: never from a read.
 */
export async function syncPatientAlerts(
  tx: Db,
  accountId: number,
  conditions: readonly AlertCondition[],
  now = new Date(),
): Promise<void> {
  const at = now.toISOString()
  const unresolved = await tx.kysely
    .selectFrom('patient_alerts')
    .select(['id', 'kind', 'tier', 'detail'])
    .where('account_id', '=', accountId)
    .where('status', '<>', 'resolved')
    .execute()
  const stored = new Map(unresolved.map((row) => [row.kind, row]))
  for (const condition of conditions) {
    const row = stored.get(condition.kind)
    if (!row) {
      // Two evaluations at once (two writes, two processes) may both find no episode: the partial
      // unique index on unresolved (patient, kind) keeps one, the other does nothing.
      await tx.kysely
        .insertInto('patient_alerts')
        .values({
          account_id: accountId,
          kind: condition.kind,
          tier: condition.tier,
          detail: condition.detail,
          status: 'open',
          opened_at: at,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute()
    } else if (row.detail !== condition.detail || row.tier !== condition.tier) {
      await tx.kysely
        .updateTable('patient_alerts')
        .set({ tier: condition.tier, detail: condition.detail })
        .where('id', '=', row.id)
        .execute()
    }
  }
  const holding = new Set(conditions.map((condition) => condition.kind))
  for (const row of unresolved) {
    if (!holding.has(row.kind)) {
      await tx.kysely
        .updateTable('patient_alerts')
        .set({ status: 'resolved', resolved_at: at })
        .where('id', '=', row.id)
        .where('status', '<>', 'resolved')
        .execute()
    }
  }
}

/** One patient's open alerts: how many and the most urgent tier (1 is the most urgent). */
export async function openAlertSummaryOf(db: Db, accountId: number): Promise<{ count: number; tier: AlertTier | null }> {
  const row = await db.kysely
    .selectFrom('patient_alerts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<AlertTier | null>('tier').as('tier')])
    .where('account_id', '=', accountId)
    .where('status', '=', 'open')
    .executeTakeFirst()
  return { count: row?.count ?? 0, tier: row?.tier ?? null }
}

/** An alert with its patient's display name and the first message written from it. */
function viewQuery(db: Db) {
  return db.kysely
    .selectFrom('patient_alerts as a')
    .innerJoin('accounts as acc', 'acc.id', 'a.account_id')
    .leftJoin('customer_profiles as p', 'p.account_id', 'a.account_id')
    .select((eb) => [
      'a.id',
      'a.account_id',
      'a.kind',
      'a.tier',
      'a.detail',
      'a.status',
      'a.opened_at',
      'a.acknowledged_at',
      'a.acknowledged_by_email',
      'a.note',
      'a.resolved_at',
      eb
        .selectFrom('messages as m')
        .select((inner) => inner.fn.min<number | null>('m.id').as('first'))
        .whereRef('m.alert_id', '=', 'a.id')
        .as('message_id'),
      // jsonb ->> inside NULLIF/COALESCE: shorter and plainer as SQL than as builder calls.
      sql<string>`COALESCE(NULLIF(p.personal->>'full_name', ''), acc.full_name, '')`.as('patient_name'),
    ])
}

type AlertViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['executeTakeFirstOrThrow']>>

function toView(row: AlertViewRow): AlertView {
  return {
    id: row.id,
    patient_id: row.account_id,
    patient_name: row.patient_name,
    kind: row.kind,
    tier: row.tier,
    title: ALERT_TITLES[row.kind],
    detail: row.detail,
    status: row.status,
    opened_at: row.opened_at,
    acknowledged_at: row.acknowledged_at,
    acknowledged_by: row.acknowledged_by_email,
    note: row.note,
    resolved_at: row.resolved_at,
    message_id: row.message_id ?? null,
  }
}

export interface AlertFilter {
  status: AlertStatus | null
  patientId: number | null
  tier: AlertTier | null
  limit: number
}

/** Most urgent first, then newest. */
export async function listAlerts(db: Db, filter: AlertFilter): Promise<AlertView[]> {
  let query = viewQuery(db)
  if (filter.status) query = query.where('a.status', '=', filter.status)
  if (filter.patientId !== null) query = query.where('a.account_id', '=', filter.patientId)
  if (filter.tier !== null) query = query.where('a.tier', '=', filter.tier)
  const rows = await query
    .orderBy((eb) =>
      eb.case('a.status').when('open').then(eb.lit(0)).when('acknowledged').then(eb.lit(1)).else(eb.lit(2)).end(),
    )
    .orderBy('a.tier')
    .orderBy('a.opened_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(filter.limit)
    .execute()
  return rows.map(toView)
}

export async function findAlert(db: Db, id: number): Promise<AlertView | undefined> {
  const row = await viewQuery(db).where('a.id', '=', id).executeTakeFirst()
  return row && toView(row)
}

/**
 * True when this call acknowledged the alert. Conditional on it still being open, in the same
 * statement, so of two admins acknowledging at once exactly one wins and the other gets false
 * (its note is not written over the first one's).
 */
export async function acknowledgeAlert(
  db: Db,
  id: number,
  actor: { id: number; email: string },
  note: string,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await tx.kysely
      .updateTable('patient_alerts')
      .set({
        status: 'acknowledged',
        acknowledged_at: now.toISOString(),
        acknowledged_by_id: actor.id,
        acknowledged_by_email: actor.email,
        note,
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returning('account_id')
      .executeTakeFirst()
    // An acknowledged alert no longer counts as open on the patients list.
    if (row) await refreshAlertColumns(tx, row.account_id)
    return row !== undefined
  })
}

/** Open alerts across all patients by tier, for the dashboard. */
export async function openAlertsByTier(db: Db): Promise<Record<'1' | '2' | '3', number>> {
  const rows = await db.kysely
    .selectFrom('patient_alerts')
    .select((eb) => ['tier', eb.fn.countAll<number>().as('count')])
    .where('status', '=', 'open')
    .groupBy('tier')
    .execute()
  const byTier = { '1': 0, '2': 0, '3': 0 }
  for (const row of rows) byTier[`${row.tier}`] = row.count
  return byTier
}

/** The open-alert count and most urgent open tier, after an alert was opened, resolved or acknowledged. */
export async function refreshAlertColumns(tx: Db, accountId: number): Promise<void> {
  const open = (eb: ExpressionBuilder<Database, 'patient_summaries'>) =>
    eb.selectFrom('patient_alerts').where('account_id', '=', accountId).where('status', '=', 'open')
  await tx.kysely
    .updateTable('patient_summaries')
    .set((eb) => ({
      open_alerts: open(eb).select((inner) => inner.fn.countAll<number>().as('n')),
      alert_tier: open(eb).select((inner) => inner.fn.min<AlertTier | null>('tier').as('tier')),
    }))
    .where('account_id', '=', accountId)
    .execute()
}
