// Extension (docs/provider-api.md, "Admins"): inviting an admin. The invitee gets a single-use link
// to the admin reset-password screen in create mode, where they choose their first password.
import { randomBytes } from 'node:crypto'
import { findAccountByEmail, insertAccount, type Account, type AdminRole } from './store/accounts.js'
import { hasPendingInvitation, markInvited, updateInvitee } from './store/admins.js'
import { auditedChange } from './store/audit.js'
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
  const existing = await findAccountByEmail(ctx.db, invitee.email)
  if (existing && !(await isPendingInvitation(ctx, existing))) throw taken()
  // Nobody knows this password, so the account cannot be used until the invitation is accepted.
  // Hashed before the transaction opens: it takes a while, and holds nothing.
  const passwordHash = existing ? null : await hashPassword(randomBytes(24).toString('base64url'))
  // The account, the link and the audit row commit together; the mail goes only once they have.
  const { account, outcome, token } = await auditedChange(
    ctx.db,
    async (tx) => {
      let account = existing
      let outcome: InviteOutcome = 'reinvited'
      if (!account) {
        // Another request may create the account while we were hashing: the insert then finds the
        // e-mail taken (UNIQUE, ON CONFLICT DO NOTHING) and this one answers 409.
        account = await insertAccount(tx, {
          email: invitee.email,
          portal: 'admin',
          passwordHash: passwordHash!,
          fullName: invitee.full_name,
          role: invitee.role,
          emailVerified: false,
        })
        if (!account) throw taken()
        outcome = 'invited'
      } else {
        await updateInvitee(tx, account.id, invitee.full_name, invitee.role)
      }
      await markInvited(tx, account.id, inviter.id)
      const token = await issueEmailToken(tx, account.id, 'reset_password', INVITATION_TTL_MS)
      return { account, outcome, token }
    },
    (done) => ({
      actor: inviter,
      action: 'admin_invite',
      targetAccountId: done.account.id,
      details: { role: invitee.role, resent: done.outcome === 'reinvited' },
    }),
  )
  await sendInvitationMail(ctx, invitee.email, inviter, token)
  return { account, outcome }
}

async function isPendingInvitation(ctx: ProviderContext, account: Account): Promise<boolean> {
  if (account.portal !== 'admin' || account.email_verified) return false
  return hasPendingInvitation(ctx.db, account.id)
}
