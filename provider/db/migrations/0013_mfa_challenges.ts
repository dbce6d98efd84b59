import { sql, type Kysely } from 'kysely'

// Two-factor sign-in challenges are single-use: the id of each challenge exchanged for a session
// is kept until the challenge would have expired anyway, so the same challenge cannot open a
// second session (with another code, or a recovery code) within its five minutes.

export const statements = [
  `create table mfa_challenges (
    jti text primary key,
    account_id bigint not null references accounts(id) on delete cascade,
    expires_at bigint not null
  )`,
  `create index mfa_challenges_expiry on mfa_challenges (expires_at)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
