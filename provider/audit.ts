// Extension (docs/provider-api.md, "Extensions"): HIPAA-style audit trail. The provider is the system
// of record, so events are written where the access happens, not by the app.
import type { Db } from './db.js'

export type AuditAction =
  | 'sign_in'
  | 'patient_view'
  | 'export'
  | 'role_change'
  | 'admin_invite'
  | 'admin_deactivate'
  | 'alert_acknowledge'

export interface AuditActor {
  id: number
  email: string
}

export interface AuditEventInput {
  actor: AuditActor
  action: AuditAction
  targetAccountId?: number | null
  /** Small, non-clinical facts (filters, mode, row count, old/new role); never PHI beyond ids. */
  details?: Record<string, unknown>
}

export function recordAuditEvent(db: Db, event: AuditEventInput): void {
  db.prepare(
    `INSERT INTO audit_events (at, actor_account_id, actor_email, action, target_account_id, details)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    new Date().toISOString(),
    event.actor.id,
    event.actor.email,
    event.action,
    event.targetAccountId ?? null,
    JSON.stringify(event.details ?? {}),
  )
}
