// Extension (docs/provider-api.md, "Admins"): inviting an admin. The invitee gets a single-use link
// to the admin reset-password screen in create mode, where they choose their first password.
import { randomBytes } from 'node:crypto'
import { findAccountByEmail, insertAccount, type Account, type AdminRole } from './store/accounts.js'
import { hasPendingInvitation, markInvited, updateInvitee } from './store/admins.js'
import type { ProviderContext } from './context.js'
import { issueEmailToken } from './store/email-tokens.js'
import { ApiError } from './errors.js'
import { sendInvitationMail } from './mailer.js'
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
  const taken = () => new ApiError(409, EMAIL_TAKEN, { email: [EMAIL_TAKEN] })
  let account = await findAccountByEmail(ctx.db, invitee.email)
  let outcome: InviteOutcome = 'reinvited'
  if (account && !(await isPendingInvitation(ctx, account))) throw taken()
  if (!account) {
    // Nobody knows this password, so the account cannot be used until the invitation is accepted.
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'))
    // Another request may create the account while we were hashing: the insert then finds the
    // e-mail taken (UNIQUE, ON CONFLICT DO NOTHING) and this one answers 409.
    account = await insertAccount(ctx.db, {
      email: invitee.email,
      portal: 'admin',
      passwordHash,
      fullName: invitee.full_name,
      role: invitee.role,
      emailVerified: false,
    })
    if (!account) throw taken()
    outcome = 'invited'
  } else {
    await updateInvitee(ctx.db, account.id, invitee.full_name, invitee.role)
  }
  await markInvited(ctx.db, account.id, inviter.id)
  const token = await issueEmailToken(ctx.db, account.id, 'reset_password', INVITATION_TTL_MS)
  await sendInvitationMail(ctx, invitee.email, inviter, token)
  return { account, outcome }
}

async function isPendingInvitation(ctx: ProviderContext, account: Account): Promise<boolean> {
  if (account.portal !== 'admin' || account.email_verified) return false
  return hasPendingInvitation(ctx.db, account.id)
}
