// How the auth actions answer a form that cannot go through: conform's reply (field and form
// errors, passwords never echoed back) plus, where SPEC.md asks for one, a toast that travels in
// the action data. A flash cookie would not do here: without JavaScript the page that shows the
// answer is rendered in the same request, before the browser ever sends that cookie back.
import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { getEnv } from './env.server'
import { VALIDATION } from './messages'
import { failureLines, type ProviderFailure } from './provider-errors'
import {
  checkRateLimit,
  recordSignInFailure,
  signInBlockedFor,
  TOO_MANY_ATTEMPTS,
  type LimitedAction,
  type SignInAction,
} from './rate-limit.server'
import { toToast, type Toast, type ToastInput } from './toast'
import { combineHeaders } from './headers'

export type FormReply = { result: SubmissionResult<string[]>; toast?: Toast }

type Replyable = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>
}

export function makeToast(input: ToastInput): Toast {
  return toToast(input)
}

export const invalidFormToast = () =>
  makeToast({ title: VALIDATION.formInvalidTitle, description: VALIDATION.formInvalidDescription, type: 'destructive' })

/** SPEC.md §5: field errors plus 'Please check your form'. */
export function invalidForm(submission: Replyable, options: { hideFields?: string[]; headers?: HeadersInit } = {}) {
  return data<FormReply>(
    { result: submission.reply({ hideFields: options.hideFields }), toast: invalidFormToast() },
    { status: 400, headers: options.headers },
  )
}

/**
 * The provider refused: its message goes to the form (FormError), its field errors under our
 * fields (`fieldNames` maps provider names to ours); a field message that only repeats the
 * message, or belongs to no field of ours, is shown once, with the message.
 */
export function providerRefusal(
  submission: Replyable,
  failure: ProviderFailure,
  options: {
    fieldNames?: Record<string, string>
    hideFields?: string[]
    toast?: ToastInput
    headers?: HeadersInit | null
  } = {},
) {
  const formErrors = failureLines(failure)
  const fieldErrors: Record<string, string[]> = {}
  for (const [providerField, messages] of Object.entries(failure.fieldErrors)) {
    const ours = options.fieldNames?.[providerField]
    for (const message of messages) {
      if (message === failure.message) continue
      if (ours) (fieldErrors[ours] ??= []).push(message)
      else if (!formErrors.includes(message)) formErrors.push(message)
    }
  }
  return data<FormReply>(
    {
      result: submission.reply({ formErrors, fieldErrors, hideFields: options.hideFields }),
      toast: options.toast ? makeToast(options.toast) : undefined,
    },
    { status: refusalStatus(failure), headers: combineHeaders(options.headers) },
  )
}

/** The provider's 4xx passes through; a provider that failed is a bad gateway for us. */
export function refusalStatus(failure: ProviderFailure): number {
  return failure.status >= 400 && failure.status < 500 ? failure.status : 502
}

/**
 * One attempt of a rate-limited form (app/platform/rate-limit.server.ts): null when allowed, else the
 * reply to send. RATE_LIMITS=off turns it off for the main end-to-end run, which signs in hundreds
 * of times from one address; a dedicated test runs a server with the limits on.
 */
export function rateLimited(
  context: { clientIp?: string },
  action: LimitedAction,
  email: string,
  submission: Replyable,
  options: { hideFields?: string[] } = {},
) {
  if (getEnv().RATE_LIMITS === 'off') return null
  return tooManyAttempts(checkRateLimit(context, action, email), submission, options)
}

/** Sign-in from an address that has failed too often lately (rate-limit.server.ts): the reply, or null. */
export function signInThrottled(
  context: { clientIp?: string },
  action: SignInAction,
  submission: Replyable,
  options: { hideFields?: string[] } = {},
) {
  if (getEnv().RATE_LIMITS === 'off') return null
  return tooManyAttempts(signInBlockedFor(context, action), submission, options)
}

/** Counts a sign-in the provider refused for wrong credentials against the client's address. */
export function noteSignInFailure(context: { clientIp?: string }, action: SignInAction): void {
  if (getEnv().RATE_LIMITS !== 'off') recordSignInFailure(context, action)
}

function tooManyAttempts(retryAfter: number | null, submission: Replyable, options: { hideFields?: string[] }) {
  if (retryAfter === null) return null
  return data<FormReply>(
    { result: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS], hideFields: options.hideFields }) },
    { status: 429, headers: { 'Retry-After': String(retryAfter) } },
  )
}
