// Customer sign-up (SPEC.md §2): the form, then the "Please verify your email" state.
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import type { HoneypotInputProps } from 'remix-utils/honeypot/server'
import { invalidForm, providerRefusal, rateLimited, type FormReply } from '~/platform/form-replies.server'
import { honeypotInputProps, isSpam } from './honeypot.server'
import { isValidEmail } from '~/../common/email'
import { parseAuthForm, signUpSchema } from './schemas'
import { RESEND_INTENT, resendVerificationAction } from './verification.server'
import { getEnv } from '~/platform/env.server'
import type { RequestContext } from '~/platform/guards.server'
import { GENERIC_ERROR } from '~/platform/messages'
import { signUp } from '~/platform/provider-api.server'
import { readForm } from '~/platform/form-data.server'

export const SIGN_UP_PATH = '/customer/signup'
const HIDDEN = ['password', 'confirmPassword']

/**
 * After a successful sign-up the browser is redirected here (post/redirect/get), so the
 * check-your-inbox state survives a reload and needs no JavaScript. See docs/decisions/029-auth-screens-prg.md.
 */
export function sentPath(email: string) {
  return `${SIGN_UP_PATH}?${new URLSearchParams({ sent: email })}`
}

export type SignUpLoaderData = {
  sentTo: string | null
  honeypot: HoneypotInputProps
  termsUrl: string
  privacyUrl: string
}

export async function signUpLoader({ request }: RequestContext) {
  const sent = new URL(request.url).searchParams.get('sent')
  const { TERMS_URL, PRIVACY_URL } = getEnv()
  return data<SignUpLoaderData>({
    sentTo: sent && isValidEmail(sent) ? sent : null,
    honeypot: honeypotInputProps(),
    termsUrl: TERMS_URL,
    privacyUrl: PRIVACY_URL,
  })
}

export async function signUpAction(ctx: RequestContext, context: AppLoadContext) {
  const { request, api } = ctx
  const formData = await readForm(request)
  if (isSpam(formData)) {
    // Nothing reaches the provider, and the answer says nothing about why.
    return data<FormReply>({ result: { status: 'error', error: { '': [GENERIC_ERROR] } } }, { status: 400 })
  }
  if (formData.get('intent') === RESEND_INTENT) return resendVerificationAction(ctx, context, formData)

  const submission = parseAuthForm(formData, signUpSchema)
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: HIDDEN })
  const { email, password, confirmPassword } = submission.value
  const limited = rateLimited(context, 'signup', email, submission, { hideFields: HIDDEN })
  if (limited) return limited

  const result = await signUp(api, { email, password, conf_password: confirmPassword })
  if (!result.ok) {
    return providerRefusal(submission, result, {
      fieldNames: { email: 'email', password: 'password', conf_password: 'confirmPassword' },
      hideFields: HIDDEN,
      headers: api.headers,
    })
  }
  return redirect(sentPath(email), { headers: api.headers })
}

// The routes take their guards from this module. In the browser build every `.server` module a
// route imports becomes an empty stand-in module, and one that several screens share is a file of
// its own that each of them downloads; this module's stand-in travels in the screen's own chunk.
export { requireAnonymousCustomer } from '~/platform/guards.server'
