// E-mail verification: the verify-email screen's loader and the "Resend verification link" form
// that the sign-up, sign-in and verify-email screens share.
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { parseAuthForm, resendVerificationSchema } from './schemas'
export { RESEND_INTENT } from './intents'
import { makeToast, rateLimited } from '~/platform/form-replies.server'
import { TOASTS } from '~/platform/messages'
import { SIGN_IN_PATH } from '~/platform/portal'
import { TOO_MANY_ATTEMPTS } from '~/platform/rate-limit.server'
import { resendVerification, verifyEmail } from '~/platform/provider-api.server'
import type { RequestContext } from '~/platform/guards.server'
import type { Toast } from '~/platform/toast'
import { combineHeaders } from '~/platform/headers'

export type ResendReply = { resend: { status: 'sent' | 'failed'; email: string }; toast: Toast }

/** Handles a posted resend form. The answer stays on the page (action data), with its toast. */
export async function resendVerificationAction({ api }: RequestContext, context: AppLoadContext, formData: FormData) {
  const submission = parseAuthForm(formData, resendVerificationSchema)
  if (submission.status !== 'success') {
    const problem = Object.values(submission.error ?? {}).flat()[0]
    return data<ResendReply>(
      {
        resend: { status: 'failed', email: String(formData.get('email') ?? '') },
        toast: makeToast({ ...TOASTS.verificationSendFailed, description: problem ?? undefined, type: 'destructive' }),
      },
      { status: 400 },
    )
  }
  const { email } = submission.value
  if (rateLimited(context, 'resend-verification', email, submission)) {
    return data<ResendReply>(
      {
        resend: { status: 'failed', email },
        toast: makeToast({ ...TOASTS.verificationSendFailed, description: TOO_MANY_ATTEMPTS, type: 'destructive' }),
      },
      { status: 429 },
    )
  }
  const result = await resendVerification(api, email)
  if (!result.ok) {
    return data<ResendReply>(
      {
        resend: { status: 'failed', email },
        toast: makeToast({ ...TOASTS.verificationSendFailed, description: result.message, type: 'destructive' }),
      },
      { status: result.status >= 400 && result.status < 500 ? result.status : 502, headers: api.headers },
    )
  }
  return data<ResendReply>(
    { resend: { status: 'sent', email }, toast: makeToast(TOASTS.verificationSent) },
    { headers: api.headers },
  )
}

export type VerifyEmailOutcome =
  | { state: 'verified'; email: string }
  | { state: 'failed'; email: string; toast: Toast }

/**
 * SPEC.md §2: the link's token and e-mail are checked on the server, so the outcome is in the
 * first HTML (no JavaScript needed). Without both parameters there is nothing to verify.
 */
export async function verifyEmailLoader({ request, api }: RequestContext) {
  const url = new URL(request.url)
  const token = url.searchParams.get('token')
  const email = url.searchParams.get('email')
  if (!token || !email) throw redirect(SIGN_IN_PATH.customer)

  const result = await verifyEmail(api, { token, email })
  const outcome: VerifyEmailOutcome = result.ok
    ? { state: 'verified', email }
    : {
        state: 'failed',
        email,
        toast: makeToast({ ...TOASTS.verificationFailed, description: result.message, type: 'destructive' }),
      }
  // The answer depends on a one-time token: never serve it from a cache.
  return data(outcome, { headers: combineHeaders(api.headers, { 'Cache-Control': 'no-store' }) })
}

// The routes take their guards from this module. In the browser build every `.server` module a
// route imports becomes an empty stand-in module, and one that several screens share is a file of
// its own that each of them downloads; this module's stand-in travels in the screen's own chunk.
export { publicContext } from '~/platform/guards.server'
export { readForm } from '~/platform/form-data.server'
