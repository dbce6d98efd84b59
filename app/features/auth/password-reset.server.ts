// Forgot password and reset/create password, for both portals (SPEC.md §2). One module with the
// portal as a parameter: the screens differ only in where they send people.
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { invalidForm, providerRefusal, rateLimited } from '~/platform/form-replies.server'
import { forgotPasswordSchema, parseAuthForm, resetPasswordSchema } from './schemas'
import type { RequestContext } from '~/platform/guards.server'
import { passwordSavedToast, TOASTS } from '~/platform/messages'
import { SIGN_IN_PATH, type Portal } from '~/platform/portal'
import { forgotPassword, resetPassword } from '~/platform/provider-api.server'
import { combineHeaders } from '~/platform/headers'
import { redirectWithToast } from '~/platform/toast.server'
import { readForm } from '~/platform/form-data.server'

const HIDDEN = ['newPassword', 'confirmPassword']

export type ForgotPasswordLoaderData = { sent: boolean }

export async function forgotPasswordLoader({ request }: RequestContext) {
  return data<ForgotPasswordLoaderData>({ sent: new URL(request.url).searchParams.get('sent') === '1' })
}

/**
 * SPEC.md §8: whatever the provider answers (unknown address, outage, rate limit), the visitor
 * sees the same "sent" screen, so the form cannot be used to find out who has an account.
 */
export async function forgotPasswordAction({ request, api }: RequestContext, context: AppLoadContext, portal: Portal) {
  const submission = parseAuthForm(await readForm(request), forgotPasswordSchema)
  if (submission.status !== 'success') return invalidForm(submission)
  const { email } = submission.value

  let headers: Headers | null = null
  if (!rateLimited(context, 'forgot-password', email, submission)) {
    await forgotPassword(api, email, portal)
    headers = api.headers
  }
  const { pathname } = new URL(request.url)
  return redirectWithToast(`${pathname}?sent=1`, TOASTS.resetLinkSent, { headers: combineHeaders(headers) })
}

export type ResetPasswordLoaderData = { token: string; createPassword: boolean; done: boolean }

/**
 * SPEC.md §2: no token → that portal's sign-in, whoever asks; this rule comes before the
 * signed-in one (the page's guard), which the access matrix checks.
 */
export function requireResetToken(request: Request, portal: Portal): string {
  const token = new URL(request.url).searchParams.get('token')
  if (!token) throw redirect(SIGN_IN_PATH[portal])
  return token
}

/** The reset screen, once `requireResetToken` and the guard (signed in → dashboard) let it open. */
export async function resetPasswordLoader({ request }: RequestContext, token: string) {
  const url = new URL(request.url)
  return data<ResetPasswordLoaderData>(
    {
      token,
      createPassword: url.searchParams.get('createPassword') === 'true',
      done: url.searchParams.get('done') === '1',
    },
    // The page is tied to a one-time token: never serve it from a cache.
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function resetPasswordAction({ request, api }: RequestContext) {
  const submission = parseAuthForm(await readForm(request), resetPasswordSchema)
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: HIDDEN })
  const { token, newPassword, confirmPassword } = submission.value

  const result = await resetPassword(api, { token, new_password: newPassword, conf_password: confirmPassword })
  if (!result.ok) {
    // SPEC.md §8: shown inline and as a destructive toast.
    return providerRefusal(submission, result, {
      fieldNames: { new_password: 'newPassword', conf_password: 'confirmPassword' },
      hideFields: HIDDEN,
      toast: { title: result.message, type: 'destructive' },
      headers: api.headers,
    })
  }
  // Post/redirect/get to the success card: a reload shows it again instead of re-posting a
  // token that is already spent. The query (token, createPassword) stays as it was.
  const url = new URL(request.url)
  url.searchParams.set('token', token)
  url.searchParams.set('done', '1')
  const firstPassword = url.searchParams.get('createPassword') === 'true'
  return redirectWithToast(`${url.pathname}${url.search}`, passwordSavedToast(firstPassword), { headers: api.headers })
}

// The routes take their guards from this module. In the browser build every `.server` module a
// route imports becomes an empty stand-in module, and one that several screens share is a file of
// its own that each of them downloads; this module's stand-in travels in the screen's own chunk.
export { requireAnonymousAdmin, requireAnonymousCustomer } from '~/platform/guards.server'
