// Extension (docs/provider-api.md, "Connected devices"): connections, consents and imported readings
// Every query is scoped by account. `listConnections` is also read by the admin portal.
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from './sql.js'
import { changingPatient } from './patient-summaries.js'
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

interface ConnectionRow {
  service: string
  status: 'connected' | 'needs_attention'
  connected_at: string
  last_synced_at: string | null
  last_error: string | null
  fail_next_sync: string | null
}

const CONNECTION_COLUMNS = 'service, status, connected_at, last_synced_at, last_error, fail_next_sync'

export function findConnection(db: Db, accountId: number, service: string): Promise<ConnectionRow | undefined> {
  return db.get<ConnectionRow>(
    `SELECT ${CONNECTION_COLUMNS} FROM device_connections WHERE account_id = ? AND service = ?`,
    [accountId, service],
  )
}

/** Every service of the catalogue, in its order, with this patient's status. */
export async function listConnections(db: Db, accountId: number): Promise<DeviceConnectionView[]> {
  const rows = await db.all<ConnectionRow>(`SELECT ${CONNECTION_COLUMNS} FROM device_connections WHERE account_id = ?`, [
    accountId,
  ])
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
  await db.run(
    `INSERT INTO device_connections (account_id, service, status, connected_at)
     VALUES (?, ?, 'connected', ?)
     ON CONFLICT (account_id, service) DO UPDATE SET status = 'connected', last_error = NULL,
       fail_next_sync = NULL, connected_at = excluded.connected_at`,
    [accountId, service, now.toISOString()],
  )
}

export async function markSynced(db: Db, accountId: number, service: string, at: Date): Promise<void> {
  await db.run(
    `UPDATE device_connections SET status = 'connected', last_error = NULL, last_synced_at = ?
     WHERE account_id = ? AND service = ?`,
    [at.toISOString(), accountId, service],
  )
}

export async function markNeedsAttention(db: Db, accountId: number, service: string, reason: string): Promise<void> {
  await db.run(
    `UPDATE device_connections SET status = 'needs_attention', last_error = ?, fail_next_sync = NULL
     WHERE account_id = ? AND service = ?`,
    [reason, accountId, service],
  )
}

export async function removeConnection(db: Db, accountId: number, service: string): Promise<void> {
  await db.run('DELETE FROM device_connections WHERE account_id = ? AND service = ?', [accountId, service])
  await db.run('DELETE FROM device_authorizations WHERE account_id = ? AND service = ?', [accountId, service])
}

/** Deletes this service's imported readings (never a manual entry); returns how many. */
export async function deleteImported(db: Db, accountId: number, service: string): Promise<number> {
  const result = await changingPatient(db, accountId, (tx) =>
    tx.run('DELETE FROM health_entries WHERE account_id = ? AND imported_from = ?', [accountId, service]),
  )
  return result.changes
}

/** Dev only (rewind a sync): this service's imported readings after `day`; returns how many. */
export async function deleteImportedAfter(db: Db, accountId: number, service: string, day: string): Promise<number> {
  const result = await changingPatient(db, accountId, (tx) =>
    tx.run('DELETE FROM health_entries WHERE account_id = ? AND imported_from = ? AND day > ?', [accountId, service, day]),
  )
  return result.changes
}

export async function countImported(db: Db, accountId: number, service: string): Promise<number> {
  const row = await db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM health_entries WHERE account_id = ? AND imported_from = ?',
    [accountId, service],
  )
  return Number(row?.n ?? 0)
}

// ---- Dev-mode controls (tests and demos) --------------------------------------------------------

export async function setFailNextSync(db: Db, accountId: number, service: string, reason: string): Promise<boolean> {
  const result = await db.run('UPDATE device_connections SET fail_next_sync = ? WHERE account_id = ? AND service = ?', [
    reason,
    accountId,
    service,
  ])
  return result.changes > 0
}

export async function setLastSyncedAt(db: Db, accountId: number, service: string, at: string): Promise<boolean> {
  const result = await db.run('UPDATE device_connections SET last_synced_at = ? WHERE account_id = ? AND service = ?', [
    at,
    accountId,
    service,
  ])
  return result.changes > 0
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

const AUTH_COLUMNS = 'id, account_id, service, state, redirect_uri, decision, expires_at, used_at'

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
  await db.run('DELETE FROM device_authorizations WHERE account_id = ? AND (expires_at <= ? OR used_at IS NOT NULL)', [
    accountId,
    now,
  ])
  const state = randomBytes(24).toString('base64url')
  const expires = now + CONSENT_TTL_MS
  const inserted = await db.get<{ id: number }>(
    `INSERT INTO device_authorizations (account_id, service, state, redirect_uri, expires_at)
     VALUES (?, ?, ?, ?, ?) RETURNING id`,
    [accountId, service, state, redirectUri, expires],
  )
  if (!inserted) throw new Error('consent was not recorded')
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

// Millisecond times are BIGINT on PostgreSQL, which drivers may hand back as strings.
function authorizationOf(row: Authorization | undefined): Authorization | undefined {
  return (
    row && {
      ...row,
      expires_at: Number(row.expires_at),
      used_at: row.used_at === null ? null : Number(row.used_at),
    }
  )
}

/** A consent still waiting for the patient's answer (or for its code to be redeemed). */
export async function findOpenAuthorization(db: Db, state: string, now = Date.now()): Promise<Authorization | undefined> {
  const row = authorizationOf(
    await db.get<Authorization>(`SELECT ${AUTH_COLUMNS} FROM device_authorizations WHERE state = ?`, [state]),
  )
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
  const open = 'id = ? AND decision IS NULL AND used_at IS NULL AND expires_at > ?'
  if (!allow) {
    const result = await db.run(`UPDATE device_authorizations SET decision = 'denied', used_at = ? WHERE ${open}`, [
      now,
      auth.id,
      now,
    ])
    return result.changes > 0 ? { code: null } : undefined
  }
  const code = randomBytes(24).toString('base64url')
  const result = await db.run(`UPDATE device_authorizations SET decision = 'allowed', code_hash = ? WHERE ${open}`, [
    hash(code),
    auth.id,
    now,
  ])
  return result.changes > 0 ? { code } : undefined
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
  return authorizationOf(
    await db.get<Authorization>(
      `UPDATE device_authorizations SET used_at = ?
       WHERE code_hash = ? AND state = ? AND account_id = ? AND service = ? AND decision = 'allowed'
         AND used_at IS NULL AND expires_at > ?
       RETURNING ${AUTH_COLUMNS}`,
      [now, hash(code), state, accountId, service, now],
    ),
  )
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
  return authorizationOf(
    await db.get<Authorization>(
      `UPDATE device_authorizations SET used_at = ?
       WHERE state = ? AND account_id = ? AND service = ? AND decision IS NULL AND code_hash IS NULL
         AND used_at IS NULL AND expires_at > ?
       RETURNING ${AUTH_COLUMNS}`,
      [now, state, accountId, service, now],
    ),
  )
}
