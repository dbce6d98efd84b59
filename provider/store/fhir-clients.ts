// Client apps of the FHIR API and the assertion ids they have used (migration 0015).
import { randomBytes } from 'node:crypto'
import type { Db } from './sql.js'

export interface FhirClient {
  id: number
  clientId: string
  name: string
  jwksUrl: string | null
  jwks: { keys: Record<string, unknown>[] } | null
  scopes: string[]
  createdAt: string
  createdBy: number | null
  disabledAt: string | null
  lastUsedAt: string | null
}

const COLUMNS = [
  'id',
  'client_id',
  'name',
  'jwks_url',
  'jwks',
  'scopes',
  'created_at',
  'created_by',
  'disabled_at',
  'last_used_at',
] as const

type ClientRow = {
  id: number
  client_id: string
  name: string
  jwks_url: string | null
  jwks: { keys: Record<string, unknown>[] } | null
  scopes: string[]
  created_at: string
  created_by: number | null
  disabled_at: string | null
  last_used_at: string | null
}

function clientOf(row: ClientRow): FhirClient {
  return {
    id: row.id,
    clientId: row.client_id,
    name: row.name,
    jwksUrl: row.jwks_url,
    jwks: row.jwks,
    scopes: row.scopes,
    createdAt: row.created_at,
    createdBy: row.created_by,
    disabledAt: row.disabled_at,
    lastUsedAt: row.last_used_at,
  }
}

export async function listFhirClients(db: Db): Promise<FhirClient[]> {
  const rows = await db.kysely.selectFrom('fhir_clients').select(COLUMNS).orderBy('id').execute()
  return rows.map(clientOf)
}

export async function findFhirClientByClientId(db: Db, clientId: string): Promise<FhirClient | null> {
  const row = await db.kysely.selectFrom('fhir_clients').select(COLUMNS).where('client_id', '=', clientId).executeTakeFirst()
  return row ? clientOf(row) : null
}

export async function findFhirClient(db: Db, id: number): Promise<FhirClient | null> {
  const row = await db.kysely.selectFrom('fhir_clients').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  return row ? clientOf(row) : null
}

export async function createFhirClient(
  db: Db,
  input: { name: string; jwksUrl: string | null; jwks: { keys: Record<string, unknown>[] } | null; scopes: string[]; createdBy: number | null },
  now = new Date(),
): Promise<FhirClient> {
  const row = await db.kysely
    .insertInto('fhir_clients')
    .values({
      // Unguessable, so an id seen in a log or a screenshot does not help anyone forge a client.
      client_id: randomBytes(16).toString('hex'),
      name: input.name,
      jwks_url: input.jwksUrl,
      jwks: input.jwks ? JSON.stringify(input.jwks) : null,
      scopes: JSON.stringify(input.scopes),
      created_by: input.createdBy,
      created_at: now.toISOString(),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
  return clientOf(row)
}

/** True when it was enabled and is now disabled. */
export async function disableFhirClient(db: Db, id: number, by: number | null, now = new Date()): Promise<boolean> {
  const result = await db.kysely
    .updateTable('fhir_clients')
    .set({ disabled_at: now.toISOString(), disabled_by: by })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function touchFhirClient(db: Db, clientId: string, now = new Date()): Promise<void> {
  await db.kysely.updateTable('fhir_clients').set({ last_used_at: now.toISOString() }).where('client_id', '=', clientId).execute()
}

/**
 * Records an assertion's `jti`; false when the client used it before (a replay). Expired ids are
 * dropped on the way, so the table holds only the last few minutes' assertions.
 */
export async function useAssertionId(db: Db, clientId: string, jti: string, expiresAt: Date, now = new Date()): Promise<boolean> {
  await db.kysely.deleteFrom('fhir_assertion_jtis').where('expires_at', '<', now.toISOString()).execute()
  const inserted = await db.kysely
    .insertInto('fhir_assertion_jtis')
    .values({ client_id: clientId, jti, expires_at: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.columns(['client_id', 'jti']).doNothing())
    .returning('jti')
    .executeTakeFirst()
  return inserted !== undefined
}

/** A client as the admin portal's register lists it: with the e-mail of the admin who registered it. */
export interface RegisteredFhirClient extends FhirClient {
  createdByEmail: string | null
}

/** Every client (or the one with `id`), oldest first, with who registered it (null once that account is gone). */
export async function listRegisteredFhirClients(db: Db, id?: number): Promise<RegisteredFhirClient[]> {
  let query = db.kysely
    .selectFrom('fhir_clients as c')
    .leftJoin('accounts as a', 'a.id', 'c.created_by')
    .select(COLUMNS.map((column) => `c.${column}` as const))
    .select('a.email as created_by_email')
  if (id !== undefined) query = query.where('c.id', '=', id)
  const rows = await query.orderBy('c.id').execute()
  return rows.map((row) => ({ ...clientOf(row), createdByEmail: row.created_by_email ?? null }))
}
