// Extension (not in SPEC.md §7): a signed-in customer or admin changes their own password.
// Other sessions of the account end (token version bump, refresh tokens revoked); this one goes
// on with the fresh tokens in the answer.
import { tokenPairSchema } from '../../common/contract/auth'
import { replacePassword, type Account } from '../store/accounts.js'
import type { ProviderContext } from '../context.js'
import { ApiError } from '../errors.js'
import { jsonObjectBody, type RequestInput, type Route } from '../http.js'
import { hashPassword, verifyPassword } from '../passwords.js'
import { authenticate, issueSession, revokeRefreshTokens } from '../sessions.js'
import type { Portal } from '../tokens.js'
import { FieldReader } from '../validation.js'

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect'
export const SAME_PASSWORD = 'New password must be different from the current password'

export function changePasswordRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'POST',
      path: 'v1/auth/change_password/',
      answer: tokenPairSchema,
      handler: (req) => changePassword(ctx, req, 'customer'),
    },
    {
      method: 'POST',
      path: 'v1/admin/change_password/',
      answer: tokenPairSchema,
      handler: (req) => changePassword(ctx, req, 'admin'),
    },
  ]
}

async function changePassword(ctx: ProviderContext, req: RequestInput, portal: Portal) {
  const account: Account = await authenticate(ctx, req.headers.authorization, portal)
  const f = new FieldReader(jsonObjectBody(req))
  const oldPassword = f.text('old_password', {
    label: 'Current password',
    required: 'Current password is required',
    max: 200,
  })
  const newPassword = f.newPassword('new_password', 'conf_password')
  f.done()
  if (!(await verifyPassword(oldPassword, account.password_hash))) {
    throw new ApiError(400, WRONG_CURRENT_PASSWORD, { old_password: [WRONG_CURRENT_PASSWORD] })
  }
  if (oldPassword === newPassword) throw new ApiError(400, SAME_PASSWORD, { new_password: [SAME_PASSWORD] })
  const passwordHash = await hashPassword(newPassword)
  await ctx.db.transaction(async (tx) => {
    await replacePassword(tx, account.id, passwordHash)
    await revokeRefreshTokens(tx, account.id)
  })
  const renewed = { ...account, token_version: account.token_version + 1 }
  return { message: 'Password changed successfully.', content: await issueSession(ctx, renewed) }
}
