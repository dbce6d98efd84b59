// Change password for a signed-in patient or admin, through the provider's extension endpoints
// (not in SPEC.md §7; docs/provider-api.md): POST v1/auth/change_password/ and
// POST v1/admin/change_password/ with old_password, new_password, conf_password.
import { tokenPairSchema } from '~/../common/contract/auth'
import { API, pathOf, type Endpoint } from '~/../common/contract/endpoints'
import { invalidForm, providerRefusal } from '~/platform/form-replies.server'
import { parseAuthForm } from './schemas'
import { CHANGE_PASSWORD_HIDDEN_FIELDS, CHANGE_PASSWORD_PROVIDER_FIELDS, changePasswordSchema } from './change-password'
import type { RequestContext } from '~/platform/guards.server'
import { passwordSavedToast } from '~/platform/messages'
import type { Portal } from '~/platform/portal'
import { setAccessToken, updateAdmin, updateCustomer, type AppSession } from '~/platform/session.server'
import { redirectWithToast } from '~/platform/toast.server'
import { readForm } from '~/platform/form-data.server'

const CHANGE_PASSWORD: Record<Portal, Endpoint> = {
  customer: API.auth.changePassword,
  admin: API.admin.changePassword,
}


/**
 * The API signs the account's other sessions out on a password change and answers with this
 * session's fresh tokens (common/contract/auth.ts, tokenPairSchema); keep it signed in with them.
 * Checked with safeParse, not checked(): the password has changed either way, so an answer without
 * tokens must not turn into an error on the screen.
 */
function keepSignedIn(session: AppSession, portal: Portal, content: unknown) {
  const answer = tokenPairSchema.safeParse(content)
  if (!answer.success) return
  const { access_token: access, refresh_token: refresh } = answer.data
  if (access !== '') setAccessToken(session, portal, access)
  if (refresh !== '') {
    if (portal === 'admin') updateAdmin(session, { refresh_token: refresh })
    else updateCustomer(session, { refresh_token: refresh })
  }
}

/** The action of both portals' screens; `ctx` is the signed-in patient's or admin's. */
export async function changePasswordAction(ctx: RequestContext, portal: Portal) {
  const { request, session, api } = ctx
  const submission = parseAuthForm(await readForm(request), changePasswordSchema)
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: CHANGE_PASSWORD_HIDDEN_FIELDS })
  const { currentPassword, newPassword, confirmPassword } = submission.value

  // Sent by hand on the table's path: the answer is read leniently (keepSignedIn), never refused.
  const endpoint = CHANGE_PASSWORD[portal]
  const result = await api.call<unknown>(endpoint.method, pathOf(endpoint, undefined), {
    body: { old_password: currentPassword, new_password: newPassword, conf_password: confirmPassword },
  })
  if (!result.ok) {
    return providerRefusal(submission, result, {
      fieldNames: CHANGE_PASSWORD_PROVIDER_FIELDS,
      hideFields: CHANGE_PASSWORD_HIDDEN_FIELDS,
      toast: { title: result.message, type: 'destructive' },
      headers: ctx.headers,
    })
  }
  keepSignedIn(session, portal, result.content)
  const { pathname } = new URL(request.url)
  return redirectWithToast(pathname, passwordSavedToast(false), { headers: await ctx.commit() })
}
