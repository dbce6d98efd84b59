import { sql, type Kysely } from 'kysely'

// Closed patient accounts. A closed account keeps its row, so the clinical record that hangs off it
// (entries, surgery, messages) stays until the retention job deletes the account:
// - closed_at: when it was closed; the retention job deletes the account once this is older than
//   RECORD_RETENTION_YEARS;
// - closed_by: the Super Admin who closed it on the patient's written request, null when the
//   patient closed it; closed_reference: that request's reference (a letter, a ticket);
// - closed_email: the address the account had, kept for the clinic's eyes when `email` itself is
//   replaced to free the address for a new sign-up (CLOSED_ACCOUNT_EMAIL_REUSE).

export const statements = [
  `alter table accounts add column closed_at timestamptz`,
  `alter table accounts add column closed_by bigint references accounts(id) on delete set null`,
  `alter table accounts add column closed_reference text`,
  `alter table accounts add column closed_email text`,
  `create index accounts_closed_at on accounts (closed_at) where closed_at is not null`,
  `create index accounts_closed_email on accounts (closed_email) where closed_email is not null`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
