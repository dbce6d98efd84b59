// Extension (docs/provider-api.md, "Admins"): inviting an admin. The invitee gets a single-use link
// to the admin reset-password screen in create mode, where they choose their first password.
import { randomBytes } from 'node:crypto'
import { findAccountByEmail, insertAccount, type Account, type AdminRole } from './accounts.js'
import { markInvited } from './admin-users-store.js'
import type { ProviderContext } from './context.js'
import { issueEmailToken } from './email-tokens.js'
import { ApiError } from './errors.js'
import { hashPassword } from './passwords.js'

/** Longer than a reset link (1 hour): an invitation is often opened a day or two later. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const EMAIL_TAKEN = 'An account with this email already exists.'

export type InviteOutcome = 'invited' | 'reinvited'

/**
 * A new admin account with an unusable random password, or, for an admin who was invited but never
 * accepted, a fresh link (the earlier one stops working). Any other existing e-mail is a 409.
 */
export async function inviteAdmin(
  ctx: ProviderContext,
  inviter: Account,
  invitee: { email: string; full_name: string; role: AdminRole },
): Promise<{ account: Account; outcome: InviteOutcome }> {
  let account = findAccountByEmail(ctx.db, invitee.email)
  let outcome: InviteOutcome = 'reinvited'
  if (account && !isPendingInvitation(ctx, account)) {
    throw new ApiError(409, EMAIL_TAKEN, { email: [EMAIL_TAKEN] })
  }
  if (!account) {
    // Nobody knows this password, so the account cannot be used until the invitation is accepted.
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'))
    // Checked again: another request may have created the account while we were hashing.
    if (findAccountByEmail(ctx.db, invitee.email)) throw new ApiError(409, EMAIL_TAKEN, { email: [EMAIL_TAKEN] })
    account = insertAccount(ctx.db, {
      email: invitee.email,
      portal: 'admin',
      passwordHash,
      fullName: invitee.full_name,
      role: invitee.role,
      emailVerified: false,
    })
    outcome = 'invited'
  } else {
    ctx.db.prepare('UPDATE accounts SET full_name = ?, role = ? WHERE id = ?').run(
      invitee.full_name,
      invitee.role,
      account.id,
    )
  }
  markInvited(ctx.db, account.id, inviter.id)
  sendInvitationMail(ctx, invitee.email, inviter, issueEmailToken(ctx.db, account.id, 'reset_password', INVITATION_TTL_MS))
  return { account, outcome }
}

function isPendingInvitation(ctx: ProviderContext, account: Account): boolean {
  if (account.portal !== 'admin' || account.email_verified) return false
  const row = ctx.db.prepare('SELECT invited_at, deactivated_at FROM accounts WHERE id = ?').get(account.id) as
    { invited_at: string | null; deactivated_at: string | null }
  return row.invited_at !== null && row.deactivated_at === null
}

/** The same outbox row provider/mailer.ts writes for its mails. */
function sendInvitationMail(ctx: ProviderContext, email: string, inviter: Account, token: string): void {
  const link = `${ctx.appUrl}/admin/reset-password?${new URLSearchParams({ token, createPassword: 'true' })}`
  const from = inviter.full_name ? `${inviter.full_name} (${inviter.email})` : inviter.email
  ctx.db
    .prepare('INSERT INTO outbox (to_email, subject, body, links, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(
      email,
      "You're invited to the BariCare Admin Portal",
      `${from} invited you to the BariCare Admin Portal.\n\nCreate your password within 7 days:\n${link}\n\n` +
        'If you did not expect this invitation, you can ignore this message.',
      JSON.stringify([link]),
      new Date().toISOString(),
    )
}
