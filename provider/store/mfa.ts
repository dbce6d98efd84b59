// Admins' second factor (provider/mfa.ts seals the secrets; provider/admin-mfa.ts uses this).
import type { Db } from './sql.js'

export interface MfaState {
  /** Sealed; null until enrollment is confirmed. */
  secret: string | null
  /** Sealed; the secret shown on the enrollment screen, until confirmed. */
  pending_secret: string | null
  enabled_at: string | null
  last_step: number | null
}

export async function mfaState(db: Db, accountId: number): Promise<MfaState | undefined> {
  const row = await db.get<{ mfa_secret: string | null; mfa_pending_secret: string | null; mfa_enabled_at: string | Date | null; mfa_last_step: number | string | null }>(
    'SELECT mfa_secret, mfa_pending_secret, mfa_enabled_at, mfa_last_step FROM accounts WHERE id = ?',
    [accountId],
  )
  if (!row) return undefined
  return {
    secret: row.mfa_secret,
    pending_secret: row.mfa_pending_secret,
    enabled_at: row.mfa_enabled_at === null ? null : new Date(row.mfa_enabled_at).toISOString(),
    // BIGINT comes back as a string from some PostgreSQL drivers.
    last_step: row.mfa_last_step === null ? null : Number(row.mfa_last_step),
  }
}

/** Keeps an existing pending secret (a reload shows the same QR code); returns the one in place. */
export async function ensurePendingSecret(db: Db, accountId: number, sealed: string): Promise<string> {
  await db.run('UPDATE accounts SET mfa_pending_secret = ? WHERE id = ? AND mfa_pending_secret IS NULL', [sealed, accountId])
  const row = await db.get<{ mfa_pending_secret: string }>('SELECT mfa_pending_secret FROM accounts WHERE id = ?', [accountId])
  return row?.mfa_pending_secret ?? sealed
}

/**
 * Confirms enrollment: the pending secret becomes the secret, the step of the confirming code is
 * remembered, and the recovery codes replace any earlier ones. False when another request confirmed
 * (or reset) first: the pending secret is no longer the one that was checked.
 */
export async function enableMfa(
  db: Db,
  accountId: number,
  checked: { pendingSecret: string; step: number; recoveryCodeHashes: string[] },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx.get<{ id: number }>(
      `UPDATE accounts SET mfa_secret = mfa_pending_secret, mfa_pending_secret = NULL, mfa_enabled_at = ?, mfa_last_step = ?
       WHERE id = ? AND mfa_pending_secret = ? AND mfa_enabled_at IS NULL RETURNING id`,
      [new Date().toISOString(), checked.step, accountId, checked.pendingSecret],
    )
    if (!updated) return false
    await tx.run('DELETE FROM mfa_recovery_codes WHERE account_id = ?', [accountId])
    for (const hash of checked.recoveryCodeHashes) {
      await tx.run('INSERT INTO mfa_recovery_codes (account_id, code_hash) VALUES (?, ?)', [accountId, hash])
    }
    return true
  })
}

/**
 * Records that a code of time step `step` was used. One conditional UPDATE, so of two requests with
 * the same code (or two codes of the same step) exactly one wins.
 */
export async function claimTimeStep(db: Db, accountId: number, step: number): Promise<boolean> {
  const row = await db.get<{ id: number }>(
    `UPDATE accounts SET mfa_last_step = ? WHERE id = ? AND mfa_enabled_at IS NOT NULL
       AND (mfa_last_step IS NULL OR mfa_last_step < ?) RETURNING id`,
    [step, accountId, step],
  )
  return row !== undefined
}

/** Spends an unused recovery code with this hash; false when there is none (wrong or already used). */
export async function spendRecoveryCode(db: Db, accountId: number, codeHash: string): Promise<boolean> {
  const row = await db.get<{ id: number }>(
    `UPDATE mfa_recovery_codes SET used_at = ? WHERE id = (
       SELECT id FROM mfa_recovery_codes WHERE account_id = ? AND code_hash = ? AND used_at IS NULL LIMIT 1
     ) AND used_at IS NULL RETURNING id`,
    [new Date().toISOString(), accountId, codeHash],
  )
  return row !== undefined
}

export async function unusedRecoveryCodes(db: Db, accountId: number): Promise<number> {
  const row = await db.get<{ n: number | string }>(
    'SELECT COUNT(*) AS n FROM mfa_recovery_codes WHERE account_id = ? AND used_at IS NULL',
    [accountId],
  )
  return Number(row?.n ?? 0)
}

/** A Super Admin's reset: no secret, no recovery codes; the admin enrolls again. */
export async function clearMfa(db: Db, accountId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run(
      'UPDATE accounts SET mfa_secret = NULL, mfa_pending_secret = NULL, mfa_enabled_at = NULL, mfa_last_step = NULL WHERE id = ?',
      [accountId],
    )
    await tx.run('DELETE FROM mfa_recovery_codes WHERE account_id = ?', [accountId])
  })
}

/**
 * Marks a sign-in challenge as being exchanged: true for the one caller that claims it first (one
 * INSERT on the primary key decides, across processes), false when it was claimed before.
 */
export async function claimChallenge(db: Db, jti: string, accountId: number, expiresAt: number, now: number): Promise<boolean> {
  await db.run('DELETE FROM mfa_challenges WHERE expires_at <= ?', [now])
  const row = await db.get<{ jti: string }>(
    'INSERT INTO mfa_challenges (jti, account_id, expires_at) VALUES (?, ?, ?) ON CONFLICT (jti) DO NOTHING RETURNING jti',
    [jti, accountId, expiresAt],
  )
  return row !== undefined
}

/** The exchange failed (a wrong code): the challenge may be tried again until it expires. */
export async function releaseChallenge(db: Db, jti: string): Promise<void> {
  await db.run('DELETE FROM mfa_challenges WHERE jti = ?', [jti])
}
