// Extension (docs/provider-api.md "Closing an account"): a patient closes their account, or a Super
// Admin closes it on the patient's written request. Sessions end everywhere, reminders stop, the
// Withings grant is revoked at Withings and its tokens deleted, the non-clinical personal details
// go, and the address is freed for a new sign-up if the clinic allows it. The clinical record stays,
// read-only, until RECORD_RETENTION_YEARS have passed; then the retention job deletes it
// (provider/jobs/retention.ts). Decision 196.
import type { AccountClosed } from '../common/contract/account-closure'
import type { ProviderContext } from './context.js'
import { DEFAULT_ACCOUNT_CLOSURE, type AccountClosureSettings } from './account-closure-settings.js'
import { recordAuditEvent, type AuditActor } from './store/audit.js'
import { closeAccountRow, closedAccountsDue, deleteExpiredRecord, findClosure } from './store/account-closure.js'
import { CLOSED_RECORD_READ_ONLY } from '../common/contract/account-closure-values'
import { ApiError } from './errors.js'
import type { Db } from './store/sql.js'
import { changePatients } from './patient-changes.js'
import { revokeWithings } from './withings/revoke.js'

export function closureSettings(ctx: Pick<ProviderContext, 'accountClosure'>): AccountClosureSettings {
  return ctx.accountClosure ?? DEFAULT_ACCOUNT_CLOSURE
}

/** The instant `years` calendar years after `from` (UTC); 29 February moves to 1 March. */
export function addYears(from: Date, years: number): Date {
  const date = new Date(from.getTime())
  date.setUTCFullYear(date.getUTCFullYear() + years)
  return date
}

/** The day (UTC) from which a record closed at `closedAt` is deleted. */
export function deleteAfterDay(closedAt: Date, years: number): string {
  return addYears(closedAt, years).toISOString().slice(0, 10)
}

export interface CloseRequest {
  actor: AuditActor
  /** Who asked: the patient themself, or a Super Admin on their written request (with its reference). */
  by: { kind: 'patient' } | { kind: 'admin'; adminId: number; reference: string }
  now?: Date
}

/**
 * Closes the patient's account: null when it is closed already (or by a racing request). The
 * closure and its audit row are one transaction; Withings is told first, outside it, since a
 * network call must not hold the database (its tokens are deleted in either case).
 */
export async function closeAccount(ctx: ProviderContext, accountId: number, request: CloseRequest): Promise<AccountClosed | null> {
  const settings = closureSettings(ctx)
  const now = request.now ?? new Date()
  await revokeWithings(ctx, accountId)
  const closed = await changePatients(ctx.db, async (tx) => {
    const won = await closeAccountRow(tx, accountId, {
      closedAt: now,
      closedBy: request.by.kind === 'admin' ? request.by.adminId : null,
      reference: request.by.kind === 'admin' ? request.by.reference : null,
      freeEmail: settings.emailReuse,
    })
    if (!won) return false
    await recordAuditEvent(tx, {
      actor: request.actor,
      action: 'account_close',
      targetAccountId: accountId,
      details: {
        by: request.by.kind,
        ...(request.by.kind === 'admin' ? { reference: request.by.reference } : {}),
        email_freed: settings.emailReuse,
        retention_years: settings.retentionYears,
      },
    })
    return true
  })
  if (!closed) return null
  return {
    patient_id: accountId,
    closed_at: now.toISOString(),
    delete_after: deleteAfterDay(now, settings.retentionYears),
    retention_years: settings.retentionYears,
    email_freed: settings.emailReuse,
  }
}

/** Who the retention job's audit rows name as the actor: no person did it. */
export const RETENTION_ACTOR: AuditActor = { id: null, email: 'system: record retention' }
const RETENTION_BATCH = 100

/**
 * One run of the retention job at `now`: deletes every closed account whose retention period has
 * ended, each in its own transaction with its audit row (the patient's id, when it was closed and
 * the period; nothing else about them). Answers how many records were deleted.
 */
export async function deleteExpiredRecords(ctx: ProviderContext, now: Date): Promise<number> {
  const { retentionYears } = closureSettings(ctx)
  // Closed at or before this instant: closed_at + retention <= now.
  const closedBefore = addYears(now, -retentionYears)
  let deleted = 0
  for (;;) {
    const due = await closedAccountsDue(ctx.db, closedBefore, RETENTION_BATCH)
    for (const account of due) {
      const done = await deleteExpiredRecord(ctx.db, account.id, closedBefore, {
        actor: RETENTION_ACTOR,
        action: 'record_delete',
        targetAccountId: account.id,
        details: { closed_at: account.closed_at, retention_years: retentionYears },
      })
      if (done) deleted += 1
    }
    if (due.length < RETENTION_BATCH) break
  }
  return deleted
}

/** A closed account's record is read-only: a change to it (a message, an acknowledgement) is refused. */
export async function refuseIfClosed(db: Db, patientId: number): Promise<void> {
  if (await findClosure(db, patientId)) throw new ApiError(409, CLOSED_RECORD_READ_ONLY)
}
