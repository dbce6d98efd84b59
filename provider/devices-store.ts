// Extension (docs/provider-api.md, "Connected devices"): connections, consents and imported readings
// in SQLite. Every query is scoped by account. `listConnections` is also read by the admin portal.
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from './db.js'
import { DEVICE_SERVICES, findService } from './devices-catalogue.js'

export type ConnectionStatus = 'connected' | 'not_connected' | 'needs_attention'

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

export function findConnection(db: Db, accountId: number, service: string): ConnectionRow | undefined {
  return db
    .prepare(`SELECT ${CONNECTION_COLUMNS} FROM device_connections WHERE account_id = ? AND service = ?`)
    .get(accountId, service) as ConnectionRow | undefined
}

/** Every service of the catalogue, in its order, with this patient's status. */
export function listConnections(db: Db, accountId: number): DeviceConnectionView[] {
  const rows = db
    .prepare(`SELECT ${CONNECTION_COLUMNS} FROM device_connections WHERE account_id = ?`)
    .all(accountId) as ConnectionRow[]
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

export function connectionView(db: Db, accountId: number, service: string): DeviceConnectionView {
  const view = listConnections(db, accountId).find((entry) => entry.service === service)
  if (!view) throw new Error(`Unknown device service ${service}`)
  return view
}

/** Connected (again): a reconnect clears a failure but keeps the last sync time. */
export function saveConnected(db: Db, accountId: number, service: string, now = new Date()): void {
  db.prepare(
    `INSERT INTO device_connections (account_id, service, status, connected_at)
     VALUES (?, ?, 'connected', ?)
     ON CONFLICT(account_id, service) DO UPDATE SET status = 'connected', last_error = NULL,
       fail_next_sync = NULL, connected_at = excluded.connected_at`,
  ).run(accountId, service, now.toISOString())
}

export function markSynced(db: Db, accountId: number, service: string, at: Date): void {
  db.prepare(
    `UPDATE device_connections SET status = 'connected', last_error = NULL, last_synced_at = ?
     WHERE account_id = ? AND service = ?`,
  ).run(at.toISOString(), accountId, service)
}

export function markNeedsAttention(db: Db, accountId: number, service: string, reason: string): void {
  db.prepare(
    `UPDATE device_connections SET status = 'needs_attention', last_error = ?, fail_next_sync = NULL
     WHERE account_id = ? AND service = ?`,
  ).run(reason, accountId, service)
}

export function removeConnection(db: Db, accountId: number, service: string): void {
  db.prepare('DELETE FROM device_connections WHERE account_id = ? AND service = ?').run(accountId, service)
  db.prepare('DELETE FROM device_authorizations WHERE account_id = ? AND service = ?').run(accountId, service)
}

/** Deletes this service's imported readings (never a manual entry); returns how many. */
export function deleteImported(db: Db, accountId: number, service: string): number {
  return db
    .prepare('DELETE FROM health_entries WHERE account_id = ? AND imported_from = ?')
    .run(accountId, service).changes
}

export function countImported(db: Db, accountId: number, service: string): number {
  const row = db
    .prepare('SELECT COUNT(*) AS n FROM health_entries WHERE account_id = ? AND imported_from = ?')
    .get(accountId, service) as { n: number }
  return row.n
}

// ---- Dev controls ---------------------------------------------------------------------------

export function setFailNextSync(db: Db, accountId: number, service: string, reason: string): boolean {
  return (
    db
      .prepare('UPDATE device_connections SET fail_next_sync = ? WHERE account_id = ? AND service = ?')
      .run(reason, accountId, service).changes > 0
  )
}

export function setLastSyncedAt(db: Db, accountId: number, service: string, at: string): boolean {
  return (
    db
      .prepare('UPDATE device_connections SET last_synced_at = ? WHERE account_id = ? AND service = ?')
      .run(at, accountId, service).changes > 0
  )
}

// ---- Consents -------------------------------------------------------------------------------

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

export function createAuthorization(
  db: Db,
  accountId: number,
  service: string,
  redirectUri: string,
  now = Date.now(),
): Authorization {
  if (!findService(service)) throw new Error(`Unknown device service ${service}`)
  // Old unfinished consents of this patient are of no further use.
  db.prepare(
    'DELETE FROM device_authorizations WHERE account_id = ? AND (expires_at <= ? OR used_at IS NOT NULL)',
  ).run(accountId, now)
  const state = randomBytes(24).toString('base64url')
  const expires = now + CONSENT_TTL_MS
  const result = db
    .prepare(
      `INSERT INTO device_authorizations (account_id, service, state, redirect_uri, expires_at)
       VALUES (?, ?, ?, ?, ?)`,
    )
    .run(accountId, service, state, redirectUri, expires)
  return {
    id: Number(result.lastInsertRowid),
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
export function findOpenAuthorization(db: Db, state: string, now = Date.now()): Authorization | undefined {
  const row = db.prepare(`SELECT ${AUTH_COLUMNS} FROM device_authorizations WHERE state = ?`).get(state) as
    Authorization | undefined
  return row && row.expires_at > now && row.used_at === null ? row : undefined
}

/** Records the answer; on Allow returns the one-time code for the redirect. */
export function decideAuthorization(db: Db, auth: Authorization, allow: boolean): string | null {
  if (!allow) {
    db.prepare("UPDATE device_authorizations SET decision = 'denied', used_at = ? WHERE id = ?").run(
      Date.now(),
      auth.id,
    )
    return null
  }
  const code = randomBytes(24).toString('base64url')
  db.prepare("UPDATE device_authorizations SET decision = 'allowed', code_hash = ? WHERE id = ?").run(
    hash(code),
    auth.id,
  )
  return code
}

/**
 * The allowed consent this code, state, service and account belong to, spent on the way out
 * (a code works once); undefined when any of them does not match.
 */
export function redeemCode(
  db: Db,
  accountId: number,
  service: string,
  state: string,
  code: string,
  now = Date.now(),
): Authorization | undefined {
  const row = db
    .prepare(
      `SELECT ${AUTH_COLUMNS} FROM device_authorizations
       WHERE code_hash = ? AND state = ? AND account_id = ? AND service = ? AND decision = 'allowed'`,
    )
    .get(hash(code), state, accountId, service) as Authorization | undefined
  if (!row || row.used_at !== null || row.expires_at <= now) return undefined
  db.prepare('UPDATE device_authorizations SET used_at = ? WHERE id = ?').run(now, row.id)
  return row
}
