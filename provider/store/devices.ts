// Extension (docs/provider-api.md, "Connected devices"): connections, consents and imported readings
// Every query is scoped by account. `listConnections` is also read by the admin portal.
import { createHash, randomBytes } from 'node:crypto'
import type { UpdateQueryBuilder, UpdateResult } from 'kysely'
import type { Database, Row } from '../db/schema.js'
import type { Db } from './sql.js'
import { changed } from './units.js'
import { DEVICE_SERVICES, findService } from '../devices-catalogue.js'

export type { ConnectionStatus } from '../../common/contract/devices-values'
import type { ConnectionStatus } from '../../common/contract/devices-values'

/** One service as a patient's connection to it stands (every catalogue service, connected or not). */
export type DeviceConnectionView = {
  service: string
  service_name: string
  status: ConnectionStatus
  data_types: string[]
  last_synced_at: string | null
  last_error: string | null
}

type ConnectionRow = Omit<Row<'device_connections'>, 'account_id'>

const CONNECTION_COLUMNS = ['service', 'status', 'connected_at', 'last_synced_at', 'last_error', 'fail_next_sync'] as const

export function findConnection(db: Db, accountId: number, service: string): Promise<ConnectionRow | undefined> {
  return db.kysely
    .selectFrom('device_connections')
    .select(CONNECTION_COLUMNS)
    .where('account_id', '=', accountId)
    .where('service', '=', service)
    .executeTakeFirst()
}

/** Every service of the catalogue, in its order, with this patient's status. */
export async function listConnections(db: Db, accountId: number): Promise<DeviceConnectionView[]> {
  const rows = await db.kysely
    .selectFrom('device_connections')
    .select(CONNECTION_COLUMNS)
    .where('account_id', '=', accountId)
    .execute()
  const byService = new Map(rows.map((row) => [row.service, row]))
  return DEVICE_SERVICES.map((service) => {
    const row = byService.get(service.service)
    return {
      service: service.service,
      service_name: service.service_name,
      status: row?.status ?? 'not_connected',
      data_types: [...service.data_types],
      last_synced_at: row?.last_synced_at ?? null,
      last_error: row?.status === 'needs_attention' ? (row.last_error ?? null) : null,
    }
  })
}

export async function connectionView(db: Db, accountId: number, service: string): Promise<DeviceConnectionView> {
  const view = (await listConnections(db, accountId)).find((entry) => entry.service === service)
  if (!view) throw new Error(`Unknown device service ${service}`)
  return view
}

/** Connected (again): a reconnect clears a failure but keeps the last sync time. */
export async function saveConnected(db: Db, accountId: number, service: string, now = new Date()): Promise<void> {
  await db.kysely
    .insertInto('device_connections')
    .values({ account_id: accountId, service, status: 'connected', connected_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.columns(['account_id', 'service']).doUpdateSet((eb) => ({
        status: 'connected',
        last_error: null,
        fail_next_sync: null,
        connected_at: eb.ref('excluded.connected_at'),
      })),
    )
    .execute()
}

export async function markSynced(db: Db, accountId: number, service: string, at: Date): Promise<void> {
  await db.kysely
    .updateTable('device_connections')
    .set({ status: 'connected', last_error: null, last_synced_at: at.toISOString() })
    .where('account_id', '=', accountId)
    .where('service', '=', service)
    .execute()
}

export async function markNeedsAttention(db: Db, accountId: number, service: string, reason: string): Promise<void> {
  await db.kysely
    .updateTable('device_connections')
    .set({ status: 'needs_attention', last_error: reason, fail_next_sync: null })
    .where('account_id', '=', accountId)
    .where('service', '=', service)
    .execute()
}

export async function removeConnection(db: Db, accountId: number, service: string): Promise<void> {
  await db.kysely.deleteFrom('device_connections').where('account_id', '=', accountId).where('service', '=', service).execute()
  await db.kysely
    .deleteFrom('device_authorizations')
    .where('account_id', '=', accountId)
    .where('service', '=', service)
    .execute()
}

/** Deletes this service's imported readings (never a manual entry); returns how many. */
export async function deleteImported(db: Db, accountId: number, service: string): Promise<number> {
  changed(db, accountId)
  const result = await db.kysely
    .deleteFrom('health_entries')
    .where('account_id', '=', accountId)
    .where('imported_from', '=', service)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Dev only (rewind a sync): this service's imported readings after `day`; returns how many. */
export async function deleteImportedAfter(db: Db, accountId: number, service: string, day: string): Promise<number> {
  changed(db, accountId)
  const result = await db.kysely
    .deleteFrom('health_entries')
    .where('account_id', '=', accountId)
    .where('imported_from', '=', service)
    .where('day', '>', day)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function countImported(db: Db, accountId: number, service: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('health_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('imported_from', '=', service)
    .executeTakeFirst()
  return row?.n ?? 0
}

// ---- Dev-mode controls (tests and demos) --------------------------------------------------------

export async function setFailNextSync(db: Db, accountId: number, service: string, reason: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('device_connections')
    .set({ fail_next_sync: reason })
    .where('account_id', '=', accountId)
    .where('service', '=', service)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function setLastSyncedAt(db: Db, accountId: number, service: string, at: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('device_connections')
    .set({ last_synced_at: at })
    .where('account_id', '=', accountId)
    .where('service', '=', service)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

// ---- Consent (simulated OAuth) --------------------------------------------------------------------

export interface Authorization {
  id: number
  account_id: number
  service: string
  state: string
  redirect_uri: string
  decision: 'allowed' | 'denied' | null
  expires_at: number
  used_at: number | null
}

const AUTH_COLUMNS = ['id', 'account_id', 'service', 'state', 'redirect_uri', 'decision', 'expires_at', 'used_at'] as const

export const CONSENT_TTL_MS = 10 * 60 * 1000

const hash = (value: string) => createHash('sha256').update(value).digest('hex')

export async function createAuthorization(
  db: Db,
  accountId: number,
  service: string,
  redirectUri: string,
  now = Date.now(),
): Promise<Authorization> {
  if (!findService(service)) throw new Error(`Unknown device service ${service}`)
  await db.kysely
    .deleteFrom('device_authorizations')
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .execute()
  const state = randomBytes(24).toString('base64url')
  const expires = now + CONSENT_TTL_MS
  const inserted = await db.kysely
    .insertInto('device_authorizations')
    .values({ account_id: accountId, service, state, redirect_uri: redirectUri, expires_at: expires })
    .returning('id')
    .executeTakeFirstOrThrow(() => new Error('consent was not recorded'))
  return {
    id: inserted.id,
    account_id: accountId,
    service,
    state,
    redirect_uri: redirectUri,
    decision: null,
    expires_at: expires,
    used_at: null,
  }
}

/** A consent still waiting for the patient's answer (or for its code to be redeemed). */
export async function findOpenAuthorization(db: Db, state: string, now = Date.now()): Promise<Authorization | undefined> {
  // Millisecond times are BIGINT, read back as numbers (provider/db/types.ts).
  const row = await db.kysely.selectFrom('device_authorizations').select(AUTH_COLUMNS).where('state', '=', state).executeTakeFirst()
  return row && row.expires_at > now && row.used_at === null ? row : undefined
}

/**
 * Records the answer: `{ code }` on Allow (the one-time code for the redirect), `{ code: null }` on
 * Deny, undefined when the consent was answered meanwhile or expired. Conditional on no decision
 * yet, in the same UPDATE, so two answers racing cannot both be taken (nor an Allow overwrite a Deny).
 */
export async function decideAuthorization(
  db: Db,
  auth: Authorization,
  allow: boolean,
  now = Date.now(),
): Promise<{ code: string | null } | undefined> {
  const stillOpen = (update: UpdateQueryBuilder<Database, 'device_authorizations', 'device_authorizations', UpdateResult>) =>
    update.where('id', '=', auth.id).where('decision', 'is', null).where('used_at', 'is', null).where('expires_at', '>', now)
  if (!allow) {
    const result = await stillOpen(
      db.kysely.updateTable('device_authorizations').set({ decision: 'denied', used_at: now }),
    ).executeTakeFirst()
    return result.numUpdatedRows > 0n ? { code: null } : undefined
  }
  const code = randomBytes(24).toString('base64url')
  const result = await stillOpen(
    db.kysely.updateTable('device_authorizations').set({ decision: 'allowed', code_hash: hash(code) }),
  ).executeTakeFirst()
  return result.numUpdatedRows > 0n ? { code } : undefined
}

/**
 * The allowed consent this code, state, service and account belong to, spent on the way out
 * (a code works once); undefined when any of them does not match.
 */
export async function redeemCode(
  db: Db,
  accountId: number,
  service: string,
  state: string,
  code: string,
  now = Date.now(),
): Promise<Authorization | undefined> {
  // Spent in the same statement that checks it: of two redemptions racing, only one finds
  // used_at still NULL, the other gets undefined (a 400), whichever process serves it.
  return db.kysely
    .updateTable('device_authorizations')
    .set({ used_at: now })
    .where('code_hash', '=', hash(code))
    .where('state', '=', state)
    .where('account_id', '=', accountId)
    .where('service', '=', service)
    .where('decision', '=', 'allowed')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(AUTH_COLUMNS)
    .executeTakeFirst()
}

/**
 * A real service's consent coming back: the started consent with this state, for this
 * patient and service, spent on the way out; undefined when it does not match, was used or expired.
 * The code is the service's own and is checked by the service when we exchange it.
 */
export async function redeemState(
  db: Db,
  accountId: number,
  service: string,
  state: string,
  now = Date.now(),
): Promise<Authorization | undefined> {
  return db.kysely
    .updateTable('device_authorizations')
    .set({ used_at: now })
    .where('state', '=', state)
    .where('account_id', '=', accountId)
    .where('service', '=', service)
    .where('decision', 'is', null)
    .where('code_hash', 'is', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(AUTH_COLUMNS)
    .executeTakeFirst()
}
