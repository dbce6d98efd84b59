import { sql, type Kysely } from 'kysely'

// The credentials of a real health-data service (Withings) for one patient's connection.
// - device_tokens: the access and refresh tokens, sealed with AES-256-GCM (provider/crypto/
//   token-box.ts) so a copy of the database alone does not let anyone read a patient's Withings
//   data; the service's own user id in clear (notifications name it); the incremental-sync cursor
//   (the service's `lastupdate`, in Unix seconds). Deleted with the connection.

export const statements = [
  `create table device_tokens (
    account_id bigint not null,
    service text not null,
    external_user_id text not null,
    access_token text not null,
    refresh_token text not null,
    access_expires_at timestamptz not null,
    scope text not null default '',
    sync_cursor bigint,
    updated_at timestamptz not null,
    primary key (account_id, service),
    foreign key (account_id, service) references device_connections (account_id, service) on delete cascade
  )`,
  `create index device_tokens_external_user on device_tokens (service, external_user_id)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
