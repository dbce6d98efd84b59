// Extension (not in SPEC.md §7): a signed-in customer or admin changes their own password.
// Other sessions of the account end (token version bump, refresh tokens revoked); this one goes
// on with the fresh tokens in the answer.
import { API, type BodyOf } from '../../common/contract/endpoints'
import type { Account } from '../store/accounts.js'
import { changePassword } from '../store/refresh-tokens.js'
import type { ProviderContext } from '../context.js'
import { serve, type Served } from '../endpoint-router.js'
import { ApiError } from '../errors.js'
import { hashPassword, verifyPassword } from '../passwords.js'
import { issueSession } from '../sessions.js'

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect'
export const SAME_PASSWORD = 'New password must be different from the current password'

export function changePasswordRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.auth.changePassword, ({ caller, body }) => changeOwnPassword(ctx, caller.account, body)),
    serve(API.admin.changePassword, ({ caller, body }) => changeOwnPassword(ctx, caller.account, body)),
  ]
}

/** The same body on both portals; the table checks the token (and, for an admin, the role) first. */
type ChangePasswordBody = BodyOf<typeof API.auth.changePassword>

async function changeOwnPassword(
  ctx: ProviderContext,
  account: Account,
  { old_password: oldPassword, new_password: newPassword }: ChangePasswordBody,
) {
  if (!(await verifyPassword(oldPassword, account.password_hash))) {
    throw new ApiError(400, WRONG_CURRENT_PASSWORD, { old_password: [WRONG_CURRENT_PASSWORD] })
  }
  if (oldPassword === newPassword) throw new ApiError(400, SAME_PASSWORD, { new_password: [SAME_PASSWORD] })
  const passwordHash = await hashPassword(newPassword)
  await changePassword(ctx.db, account.id, passwordHash)
  const renewed = { ...account, token_version: account.token_version + 1 }
  return { message: 'Password changed successfully.', content: await issueSession(ctx, renewed) }
}
