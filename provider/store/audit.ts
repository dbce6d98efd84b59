// Extension (docs/provider-api.md, "Extensions"): HIPAA-style audit trail. The provider is the system
// of record, so events are written where the access happens, not by the app.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Database } from '../db/schema.js'
import type { Db } from './sql.js'

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
    await db.kysely
      .insertInto('audit_events')
      .values({
        at: new Date().toISOString(),
        actor_account_id: event.actor.id,
        actor_email: event.actor.email,
        action: event.action,
        target_account_id: event.targetAccountId ?? null,
        details: JSON.stringify(event.details ?? {}),
      })
      .execute()
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
  const found = await db.kysely
    .selectFrom('audit_events')
    .select((eb) => eb.lit(1).as('one'))
    .where('action', '=', event.action)
    .where('at', '>=', since)
    .where('actor_account_id', '=', event.actor.id)
    .where('target_account_id', target === null ? 'is' : '=', target)
    .where((eb) => eb('details', '=', eb.cast<Record<string, unknown>>(eb.val(JSON.stringify(event.details ?? {})), 'jsonb')))
    .limit(1)
    .executeTakeFirst()
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
  const where = (eb: ExpressionBuilder<Database, 'audit_events'>) => {
    const terms: Expression<SqlBool>[] = []
    if (filters.action) terms.push(eb('audit_events.action', '=', filters.action))
    if (filters.actor) {
      // LIKE with the filter's own '%', '_' and '\' escaped, so they are plain characters; lower() on
      // both sides, as PostgreSQL's LIKE is case-sensitive. ESCAPE has no builder form.
      const pattern = `%${filters.actor.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      terms.push(eb(eb.fn('lower', ['audit_events.actor_email']), 'like', sql<string>`${pattern} ESCAPE '\\'`))
    }
    if (filters.from) terms.push(eb('audit_events.at', '>=', `${filters.from}T00:00:00.000Z`))
    if (filters.to) terms.push(eb('audit_events.at', '<=', `${filters.to}T23:59:59.999Z`))
    if (filters.targetAccountId !== null) terms.push(eb('audit_events.target_account_id', '=', filters.targetAccountId))
    return eb.and(terms)
  }
  const counted = await db.kysely
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(where)
    .executeTakeFirst()
  const events = await db.kysely
    .selectFrom('audit_events')
    .leftJoin('accounts as t', 't.id', 'audit_events.target_account_id')
    .select([
      'audit_events.id',
      'audit_events.at',
      'audit_events.actor_account_id',
      'audit_events.actor_email',
      'audit_events.action',
      'audit_events.target_account_id',
      'audit_events.details',
      't.email as target_email',
    ])
    .where(where)
    .orderBy('audit_events.at', 'desc')
    .orderBy('audit_events.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()
  return { total: counted?.n ?? 0, events }
}
