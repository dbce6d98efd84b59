// Extension (docs/provider-api.md, "Extensions"): alert episodes. Re-evaluating the rules
// (provider/alerts-rules.ts) opens an alert for a new condition, refreshes the detail of one still
// holding, and resolves one whose condition has cleared; acknowledging keeps it out of "open" until
// then, so a clinician is not asked twice about the same episode.
import type { Db, SqlParam } from './sql.js'
import { ALERT_TITLES, type AlertKind, type AlertTier } from '../../common/contract/alerts-values'

/** A condition the rules found (provider/alerts-rules.ts decides; the store only keeps episodes). */
export interface AlertCondition {
  kind: AlertKind
  tier: AlertTier
  detail: string
}

export { ALERT_STATUSES, type AlertStatus } from '../../common/contract/alerts-values'
import type { AlertStatus } from '../../common/contract/alerts-values'

interface AlertRow {
  id: number
  account_id: number
  kind: AlertKind
  tier: AlertTier
  detail: string
  status: AlertStatus
  opened_at: string
  acknowledged_at: string | null
  acknowledged_by_email: string | null
  note: string | null
  resolved_at: string | null
  message_id: number | null
}

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
  const unresolved = await tx.all<Pick<AlertRow, 'id' | 'kind' | 'tier' | 'detail'>>(
    "SELECT id, kind, tier, detail FROM patient_alerts WHERE account_id = ? AND status <> 'resolved'",
    [accountId],
  )
  const stored = new Map(unresolved.map((row) => [row.kind, row]))
  for (const condition of conditions) {
    const row = stored.get(condition.kind)
    if (!row) {
      // Two evaluations at once (two writes, two processes) may both find no episode: the partial
      // unique index on unresolved (patient, kind) keeps one, the other does nothing.
      await tx.run(
        `INSERT INTO patient_alerts (account_id, kind, tier, detail, status, opened_at)
         VALUES (?, ?, ?, ?, 'open', ?) ON CONFLICT DO NOTHING`,
        [accountId, condition.kind, condition.tier, condition.detail, at],
      )
    } else if (row.detail !== condition.detail || row.tier !== condition.tier) {
      await tx.run('UPDATE patient_alerts SET tier = ?, detail = ? WHERE id = ?', [condition.tier, condition.detail, row.id])
    }
  }
  const holding = new Set(conditions.map((condition) => condition.kind))
  for (const row of unresolved) {
    if (!holding.has(row.kind)) {
      await tx.run("UPDATE patient_alerts SET status = 'resolved', resolved_at = ? WHERE id = ? AND status <> 'resolved'", [
        at,
        row.id,
      ])
    }
  }
}

/** One patient's open alerts: how many and the most urgent tier (1 is the most urgent). */
export async function openAlertSummaryOf(db: Db, accountId: number): Promise<{ count: number; tier: AlertTier | null }> {
  const row = await db.get<{ count: number; tier: AlertTier | null }>(
    "SELECT COUNT(*) AS count, MIN(tier) AS tier FROM patient_alerts WHERE account_id = ? AND status = 'open'",
    [accountId],
  )
  return { count: Number(row?.count ?? 0), tier: row?.tier ?? null }
}

const VIEW_SELECT = `
  SELECT a.id, a.account_id, a.kind, a.tier, a.detail, a.status, a.opened_at, a.acknowledged_at,
         a.acknowledged_by_email, a.note, a.resolved_at,
         (SELECT MIN(m.id) FROM messages m WHERE m.alert_id = a.id) AS message_id,
         COALESCE(NULLIF(p.personal->>'full_name', ''), acc.full_name, '') AS patient_name
  FROM patient_alerts a
  JOIN accounts acc ON acc.id = a.account_id
  LEFT JOIN customer_profiles p ON p.account_id = a.account_id`

function toView(row: AlertRow & { patient_name: string }): AlertView {
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
    message_id: row.message_id,
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
  const where: string[] = []
  const params: SqlParam[] = []
  if (filter.status) {
    where.push('a.status = ?')
    params.push(filter.status)
  }
  if (filter.patientId !== null) {
    where.push('a.account_id = ?')
    params.push(filter.patientId)
  }
  if (filter.tier !== null) {
    where.push('a.tier = ?')
    params.push(filter.tier)
  }
  const rows = await db.all<AlertRow & { patient_name: string }>(
    `${VIEW_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY CASE a.status WHEN 'open' THEN 0 WHEN 'acknowledged' THEN 1 ELSE 2 END, a.tier, a.opened_at DESC, a.id DESC
     LIMIT ?`,
    [...params, filter.limit],
  )
  return rows.map(toView)
}

export async function findAlert(db: Db, id: number): Promise<AlertView | undefined> {
  const row = await db.get<AlertRow & { patient_name: string }>(`${VIEW_SELECT} WHERE a.id = ?`, [id])
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
    const row = await tx.get<{ account_id: number }>(
      `UPDATE patient_alerts SET status = 'acknowledged', acknowledged_at = ?, acknowledged_by_id = ?,
         acknowledged_by_email = ?, note = ? WHERE id = ? AND status = 'open' RETURNING account_id`,
      [now.toISOString(), actor.id, actor.email, note, id],
    )
    // An acknowledged alert no longer counts as open on the patients list.
    if (row) await refreshAlertColumns(tx, row.account_id)
    return row !== undefined
  })
}

/** Open alerts across all patients by tier, for the dashboard. */
export async function openAlertsByTier(db: Db): Promise<Record<'1' | '2' | '3', number>> {
  const rows = await db.all<{ tier: AlertTier; count: number }>(
    "SELECT tier, COUNT(*) AS count FROM patient_alerts WHERE status = 'open' GROUP BY tier",
  )
  const byTier = { '1': 0, '2': 0, '3': 0 }
  for (const row of rows) byTier[String(row.tier) as '1' | '2' | '3'] = Number(row.count)
  return byTier
}

/** The open-alert count and most urgent open tier, after an alert was opened, resolved or acknowledged. */
export async function refreshAlertColumns(tx: Db, accountId: number): Promise<void> {
  await tx.run(
    `UPDATE patient_summaries SET
       open_alerts = (SELECT COUNT(*) FROM patient_alerts WHERE account_id = ? AND status = 'open'),
       alert_tier = (SELECT MIN(tier) FROM patient_alerts WHERE account_id = ? AND status = 'open')
     WHERE account_id = ?`,
    [accountId, accountId, accountId],
  )
}
