import { sql, type Kysely } from 'kysely'

// A session id shared by a refresh token and every access token issued from it, so signing
// out (which deletes the row) ends the access tokens of that session too. Rows from before this
// migration get an id of their own, so sessions that were open keep working: their next access
// token (after a refresh) carries it.

export const statements = [
  `alter table refresh_tokens add column sid text`,
  `update refresh_tokens set sid = 'legacy-' || id::text where sid is null`,
  `alter table refresh_tokens alter column sid set not null`,
  `create unique index refresh_tokens_sid on refresh_tokens (sid)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
