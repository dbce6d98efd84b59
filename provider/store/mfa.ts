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
  return db.kysely
    .selectFrom('accounts')
    .select([
      'mfa_secret as secret',
      'mfa_pending_secret as pending_secret',
      'mfa_enabled_at as enabled_at',
      'mfa_last_step as last_step',
    ])
    .where('id', '=', accountId)
    .executeTakeFirst()
}

/** Keeps an existing pending secret (a reload shows the same QR code); returns the one in place. */
export async function ensurePendingSecret(db: Db, accountId: number, sealed: string): Promise<string> {
  await db.kysely
    .updateTable('accounts')
    .set({ mfa_pending_secret: sealed })
    .where('id', '=', accountId)
    .where('mfa_pending_secret', 'is', null)
    .execute()
  const row = await db.kysely.selectFrom('accounts').select('mfa_pending_secret').where('id', '=', accountId).executeTakeFirst()
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
    const updated = await tx.kysely
      .updateTable('accounts')
      .set((eb) => ({
        mfa_secret: eb.ref('mfa_pending_secret'),
        mfa_pending_secret: null,
        mfa_enabled_at: new Date().toISOString(),
        mfa_last_step: checked.step,
      }))
      .where('id', '=', accountId)
      .where('mfa_pending_secret', '=', checked.pendingSecret)
      .where('mfa_enabled_at', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!updated) return false
    await tx.kysely.deleteFrom('mfa_recovery_codes').where('account_id', '=', accountId).execute()
    for (const hash of checked.recoveryCodeHashes) {
      await tx.kysely.insertInto('mfa_recovery_codes').values({ account_id: accountId, code_hash: hash }).execute()
    }
    return true
  })
}

/**
 * Records that a code of time step `step` was used. One conditional UPDATE, so of two requests with
 * the same code (or two codes of the same step) exactly one wins.
 */
export async function claimTimeStep(db: Db, accountId: number, step: number): Promise<boolean> {
  const row = await db.kysely
    .updateTable('accounts')
    .set({ mfa_last_step: step })
    .where('id', '=', accountId)
    .where('mfa_enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('mfa_last_step', 'is', null), eb('mfa_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** Spends an unused recovery code with this hash; false when there is none (wrong or already used). */
export async function spendRecoveryCode(db: Db, accountId: number, codeHash: string): Promise<boolean> {
  const row = await db.kysely
    .updateTable('mfa_recovery_codes')
    .set({ used_at: new Date().toISOString() })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('mfa_recovery_codes')
        .select('id')
        .where('account_id', '=', accountId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .limit(1),
    )
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

export async function unusedRecoveryCodes(db: Db, accountId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return row?.n ?? 0
}

/** A Super Admin's reset: no secret, no recovery codes; the admin enrolls again. */
export async function clearMfa(db: Db, accountId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.kysely
      .updateTable('accounts')
      .set({ mfa_secret: null, mfa_pending_secret: null, mfa_enabled_at: null, mfa_last_step: null })
      .where('id', '=', accountId)
      .execute()
    await tx.kysely.deleteFrom('mfa_recovery_codes').where('account_id', '=', accountId).execute()
  })
}

/**
 * Marks a sign-in challenge as being exchanged: true for the one caller that claims it first (one
 * INSERT on the primary key decides, across processes), false when it was claimed before.
 */
export async function claimChallenge(db: Db, jti: string, accountId: number, expiresAt: number, now: number): Promise<boolean> {
  await db.kysely.deleteFrom('mfa_challenges').where('expires_at', '<=', now).execute()
  const row = await db.kysely
    .insertInto('mfa_challenges')
    .values({ jti, account_id: accountId, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('jti').doNothing())
    .returning('jti')
    .executeTakeFirst()
  return row !== undefined
}

/** The exchange failed (a wrong code): the challenge may be tried again until it expires. */
export async function releaseChallenge(db: Db, jti: string): Promise<void> {
  await db.kysely.deleteFrom('mfa_challenges').where('jti', '=', jti).execute()
}
