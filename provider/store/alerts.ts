// Extension (docs/provider-api.md, "Extensions"): alert episodes. Re-evaluating the rules
// (provider/alerts-rules.ts) opens an alert for a new condition, refreshes the detail of one still
// holding, and resolves one whose condition has cleared; acknowledging keeps it out of "open" until
// then, so a clinician is not asked twice about the same episode.
import type { Db, SqlParam } from './sql.js'
import { ALERT_TITLES, type AlertCondition, type AlertKind, type AlertTier } from '../alerts-rules.js'

export type AlertStatus = 'open' | 'acknowledged' | 'resolved'
export const ALERT_STATUSES: readonly AlertStatus[] = ['open', 'acknowledged', 'resolved']

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
}

/** Brings the stored episodes of these patients in line with their current conditions. */
export async function syncAlerts(db: Db, conditions: Map<number, AlertCondition[]>, now = new Date()): Promise<void> {
  const at = now.toISOString()
  await db.transaction(async (tx) => {
    const unresolved = await tx.all<Pick<AlertRow, 'id' | 'account_id' | 'kind' | 'tier' | 'detail'>>(
      "SELECT id, account_id, kind, tier, detail FROM patient_alerts WHERE status <> 'resolved'",
    )
    const stored = new Map(unresolved.map((row) => [`${row.account_id}:${row.kind}`, row]))
    const byAccount = new Map<number, typeof unresolved>()
    for (const row of unresolved) byAccount.set(row.account_id, [...(byAccount.get(row.account_id) ?? []), row])
    for (const [accountId, found] of conditions) {
      const holding = new Set<string>()
      for (const condition of found) {
        const key = `${accountId}:${condition.kind}`
        holding.add(key)
        const row = stored.get(key)
        if (!row) {
          // Two evaluations at once (two admin reads, two processes) may both find no episode:
          // the partial unique index on unresolved (patient, kind) keeps one, the other does nothing.
          await tx.run(
            `INSERT INTO patient_alerts (account_id, kind, tier, detail, status, opened_at)
             VALUES (?, ?, ?, ?, 'open', ?) ON CONFLICT DO NOTHING`,
            [accountId, condition.kind, condition.tier, condition.detail, at],
          )
        } else if (row.detail !== condition.detail || row.tier !== condition.tier) {
          await tx.run('UPDATE patient_alerts SET tier = ?, detail = ? WHERE id = ?', [
            condition.tier,
            condition.detail,
            row.id,
          ])
        }
      }
      for (const row of byAccount.get(accountId) ?? []) {
        if (!holding.has(`${accountId}:${row.kind}`)) {
          await tx.run(
            "UPDATE patient_alerts SET status = 'resolved', resolved_at = ? WHERE id = ? AND status <> 'resolved'",
            [at, row.id],
          )
        }
      }
    }
  })
}

/** Open alerts per patient: how many and the most urgent tier (1 is the most urgent). */
export async function openAlertSummary(db: Db): Promise<Map<number, { count: number; tier: AlertTier }>> {
  const rows = await db.all<{ account_id: number; count: number; tier: AlertTier }>(
    `SELECT account_id, COUNT(*) AS count, MIN(tier) AS tier FROM patient_alerts
     WHERE status = 'open' GROUP BY account_id`,
  )
  return new Map(rows.map((row) => [row.account_id, { count: Number(row.count), tier: row.tier }]))
}

const VIEW_SELECT = `
  SELECT a.id, a.account_id, a.kind, a.tier, a.detail, a.status, a.opened_at, a.acknowledged_at,
         a.acknowledged_by_email, a.note, a.resolved_at,
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
  const result = await db.run(
    `UPDATE patient_alerts SET status = 'acknowledged', acknowledged_at = ?, acknowledged_by_id = ?,
       acknowledged_by_email = ?, note = ? WHERE id = ? AND status = 'open'`,
    [now.toISOString(), actor.id, actor.email, note, id],
  )
  return result.changes > 0
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
