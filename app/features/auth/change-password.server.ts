// Change password for a signed-in patient or admin, through the provider's extension endpoints
// (not in SPEC.md §7; docs/provider-api.md): POST v1/auth/change_password/ and
// POST v1/admin/change_password/ with old_password, new_password, conf_password.
import type { TokenPair } from '~/../common/contract/auth'
import { API } from '~/../common/contract/endpoints'
import { invalidForm, providerRefusal } from '~/platform/form-replies.server'
import { parseAuthForm } from './schemas'
import { CHANGE_PASSWORD_HIDDEN_FIELDS, CHANGE_PASSWORD_PROVIDER_FIELDS, changePasswordSchema } from './change-password'
import type { RequestContext } from '~/platform/guards.server'
import { passwordSavedToast } from '~/platform/messages'
import type { Portal } from '~/platform/portal'
import type { ProviderFailure } from '~/platform/provider-errors'
import { setAccessToken, updateAdmin, updateCustomer, type AppSession } from '~/platform/session.server'
import { redirectWithToast } from '~/platform/toast.server'
import { readForm } from '~/platform/form-data.server'

const CHANGE_PASSWORD = {
  customer: API.auth.changePassword,
  admin: API.admin.changePassword,
} as const

/**
 * The API signs the account's other sessions out on a password change and answers with this
 * session's fresh tokens (common/contract/auth.ts, tokenPairSchema); keep it signed in with them.
 */
function keepSignedIn(session: AppSession, portal: Portal, tokens: TokenPair) {
  const { access_token: access, refresh_token: refresh } = tokens
  if (access !== '') setAccessToken(session, portal, access)
  if (refresh !== '') {
    if (portal === 'admin') updateAdmin(session, { refresh_token: refresh })
    else updateCustomer(session, { refresh_token: refresh })
  }
}

function changedWithoutTokens(failure: ProviderFailure): boolean {
  return failure.kind === 'bad-response' && failure.status >= 200 && failure.status < 300
}

/** The action of both portals' screens; `ctx` is the signed-in patient's or admin's. */
export async function changePasswordAction(ctx: RequestContext, portal: Portal) {
  const { request, session, api } = ctx
  const submission = parseAuthForm(await readForm(request), changePasswordSchema)
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: CHANGE_PASSWORD_HIDDEN_FIELDS })
  const { currentPassword, newPassword, confirmPassword } = submission.value

  const result = await api.call(CHANGE_PASSWORD[portal], {
    body: { old_password: currentPassword, new_password: newPassword, conf_password: confirmPassword },
  })
  // A success whose answer lacks the tokens is the table's 'bad-response' fault, but the password
  // has changed all the same: the screen says so, and this session keeps the tokens it has.
  if (!result.ok && !changedWithoutTokens(result)) {
    return providerRefusal(submission, result, {
      fieldNames: CHANGE_PASSWORD_PROVIDER_FIELDS,
      hideFields: CHANGE_PASSWORD_HIDDEN_FIELDS,
      toast: { title: result.message, type: 'destructive' },
      headers: ctx.headers,
    })
  }
  if (result.ok) keepSignedIn(session, portal, result.content)
  const { pathname } = new URL(request.url)
  return redirectWithToast(pathname, passwordSavedToast(false), { headers: await ctx.commit() })
}
