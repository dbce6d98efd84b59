// Extension (docs/provider-api.md, "Extensions"): HIPAA-style audit trail. The provider is the system
// of record, so events are written where the access happens, not by the app.
import type { Db, SqlParam } from './sql.js'

import {
  AUDIT_UNAVAILABLE_MESSAGE,
  BACKGROUND_HEADER,
  AUDIT_PAGE_SIZE,
  BACKGROUND_READ_AUDIT_MINUTES,
  type AuditAction,
} from '../../common/contract/audit-values'

export { AUDIT_ACTIONS, type AuditAction } from '../../common/contract/audit-values'

export interface AuditActor {
  /** null for a failed sign-in with an e-mail that names no admin account. */
  id: number | null
  email: string
}

export interface AuditEventInput {
  actor: AuditActor
  action: AuditAction
  targetAccountId?: number | null
  /** Small, non-clinical facts (filters, mode, row count, old/new role); never PHI beyond ids. */
  details?: Record<string, unknown>
}

/**
 * An audit row could not be written (or checked for): the change it was to record is rolled back
 * with it, the read it was to record shows nothing. The API answers 503 with the message.
 */
export class AuditWriteError extends Error {
  constructor(cause: unknown) {
    super(AUDIT_UNAVAILABLE_MESSAGE, { cause })
    this.name = 'AuditWriteError'
  }
}

/**
 * Writes one audit row on `db`. Inside a transaction (see auditedChange) the row commits with the
 * change or not at all; on its own it records an event that changes nothing else (a failed sign-in).
 */
export async function recordAuditEvent(db: Db, event: AuditEventInput): Promise<void> {
  try {
    await db.run(
      `INSERT INTO audit_events (at, actor_account_id, actor_email, action, target_account_id, details)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [
        new Date().toISOString(),
        event.actor.id,
        event.actor.email,
        event.action,
        event.targetAccountId ?? null,
        JSON.stringify(event.details ?? {}),
      ],
    )
  } catch (error) {
    throw new AuditWriteError(error)
  }
}

/**
 * The unit of work of an audited change: `change` runs on the transaction's handle and the rows
 * `eventsOf` names for its result are written in the same transaction, so a crash or a lost
 * connection in between leaves neither. `eventsOf` gives null (or []) when nothing changed (a
 * repeat, a refusal); a throw from `change` rolls everything back.
 */
export async function auditedChange<T>(
  db: Db,
  change: (tx: Db) => Promise<T>,
  eventsOf: (result: T) => AuditEventInput | readonly AuditEventInput[] | null,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx)
    const events = eventsOf(result)
    for (const event of events === null ? [] : Array.isArray(events) ? events : [events as AuditEventInput]) {
      await recordAuditEvent(tx, event)
    }
    return result
  })
}

/**
 * A read of patient data (a record, a conversation, the inbox's previews, an export): audited
 * before anything is answered, and refused (AuditWriteError) when the row cannot be written. A
 * background read (BACKGROUND_HEADER) repeating one already in the log from the last
 * BACKGROUND_READ_AUDIT_MINUTES is not written again. A first look is always written, whatever
 * the request says about itself.
 */
export async function recordReadEvent(db: Db, event: AuditEventInput, background: boolean, now = new Date()): Promise<void> {
  let repeat: boolean
  try {
    repeat = background && (await hasRecentRead(db, event, now))
  } catch (error) {
    throw new AuditWriteError(error)
  }
  if (!repeat) await recordAuditEvent(db, event)
}

async function hasRecentRead(db: Db, event: AuditEventInput, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - BACKGROUND_READ_AUDIT_MINUTES * 60_000).toISOString()
  const target = event.targetAccountId ?? null
  const found = await db.get<{ one: number }>(
    `SELECT 1 AS one FROM audit_events
      WHERE action = ? AND at >= ? AND actor_account_id = ?
        AND ${target === null ? 'target_account_id IS NULL' : 'target_account_id = ?'}
        AND details = CAST(? AS jsonb)
      LIMIT 1`,
    [
      event.action,
      since,
      event.actor.id,
      ...(target === null ? [] : [target]),
      JSON.stringify(event.details ?? {}),
    ],
  )
  return found !== undefined
}

/** True when the API call was made for a background request (the app's BACKGROUND_HEADER). */
export function isBackgroundRead(headers: Record<string, string | string[] | undefined>): boolean {
  return headers[BACKGROUND_HEADER.toLowerCase()] === '1'
}

export interface AuditEventView {
  id: number
  at: string
  actor_account_id: number | null
  actor_email: string
  action: string
  target_account_id: number | null
  /** The target's e-mail when it is an account we know (an admin or a patient). */
  target_email: string | null
  details: Record<string, unknown>
}

export interface AuditFilters {
  action: AuditAction | null
  /** Part of the actor's e-mail, case-insensitive. */
  actor: string
  /** Inclusive UTC days, YYYY-MM-DD. */
  from: string | null
  to: string | null
  /** Events about this account (e.g. every view of one patient's record). */
  targetAccountId: number | null
}

export async function listAuditEvents(
  db: Db,
  filters: AuditFilters,
  page: number,
  pageSize = AUDIT_PAGE_SIZE,
): Promise<{ events: AuditEventView[]; total: number }> {
  const where: string[] = []
  const params: SqlParam[] = []
  if (filters.action) {
    where.push('e.action = ?')
    params.push(filters.action)
  }
  if (filters.actor) {
    // LIKE with the filter's own '%', '_' and '\' escaped, so they are plain characters; lower() on
    // both sides, as PostgreSQL's LIKE is case-sensitive.
    where.push("lower(e.actor_email) LIKE ? ESCAPE '\\'")
    params.push(`%${filters.actor.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  }
  if (filters.from) {
    where.push('e.at >= ?')
    params.push(`${filters.from}T00:00:00.000Z`)
  }
  if (filters.to) {
    where.push('e.at <= ?')
    params.push(`${filters.to}T23:59:59.999Z`)
  }
  if (filters.targetAccountId !== null) {
    where.push('e.target_account_id = ?')
    params.push(filters.targetAccountId)
  }
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''
  const counted = await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM audit_events e ${clause}`, params)
  const total = Number(counted?.n ?? 0)
  const rows = await db.all<Omit<AuditEventView, 'details'> & { details: unknown }>(
    `SELECT e.id, e.at, e.actor_account_id, e.actor_email, e.action, e.target_account_id, e.details,
            t.email AS target_email
     FROM audit_events e LEFT JOIN accounts t ON t.id = e.target_account_id
     ${clause} ORDER BY e.at DESC, e.id DESC LIMIT ? OFFSET ?`,
    [...params, pageSize, (page - 1) * pageSize],
  )
  return {
    total,
    events: rows.map((row) => ({ ...row, details: parseDetails(row.details) })),
  }
}

function parseDetails(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}
