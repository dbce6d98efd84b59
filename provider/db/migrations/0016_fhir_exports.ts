import { sql, type Kysely } from 'kysely'

// Bulk Data exports ($export) of the FHIR API, one row per kick-off, worked by a pg-boss job:
// - id: random and unguessable, in the status and file URLs; client_id: only that client sees it;
// - request: the kick-off URL as the client sent it (the manifest's `request`);
// - types, since, group_id: what the export holds; status: accepted → in-progress → completed or
//   failed (a cancelled export's row is deleted); progress: the X-Progress text;
// - files: [{ type, name, count }] once completed; transaction_time: when the run that wrote them
//   began; expires_at: after it, the row and its files are deleted by the clean-up job.

export const statements = [
  `create table fhir_exports (
    id text primary key,
    client_id text not null,
    request text not null,
    types jsonb not null,
    since timestamptz,
    group_id text,
    status text not null,
    progress text,
    transaction_time timestamptz,
    files jsonb not null default '[]',
    error text,
    created_at timestamptz not null,
    completed_at timestamptz,
    expires_at timestamptz not null
  )`,
  // One export being worked per client at a time (the kick-off answers 429 to a second).
  `create unique index fhir_exports_one_unfinished on fhir_exports (client_id) where status in ('accepted', 'in-progress')`,
  `create index fhir_exports_client on fhir_exports (client_id, created_at)`,
  `create index fhir_exports_expires_at on fhir_exports (expires_at)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
