import { sql, type Kysely } from 'kysely'

// Client apps of the FHIR API (SMART Backend Services), registered by a Super Admin:
// - client_id: the id the client signs its assertions with (`iss` = `sub`), random, never reused;
// - jwks_url or jwks: where its public keys are (one of the two); scopes: what it may be granted;
// - disabled_at: a disabled client gets no token, and the tokens it holds stop working;
// - last_used_at: when it last got a token or read data, for the admin's eyes.
// fhir_assertion_jtis: every assertion's `jti` until the assertion expires, so none is used twice.

export const statements = [
  `create table fhir_clients (
    id bigint generated always as identity primary key,
    client_id text not null unique,
    name text not null,
    jwks_url text,
    jwks jsonb,
    scopes jsonb not null,
    created_by bigint references accounts(id) on delete set null,
    created_at timestamptz not null,
    disabled_at timestamptz,
    disabled_by bigint references accounts(id) on delete set null,
    last_used_at timestamptz,
    check ((jwks_url is null) <> (jwks is null))
  )`,
  `create table fhir_assertion_jtis (
    client_id text not null,
    jti text not null,
    expires_at timestamptz not null,
    primary key (client_id, jti)
  )`,
  `create index fhir_assertion_jtis_expires_at on fhir_assertion_jtis (expires_at)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
