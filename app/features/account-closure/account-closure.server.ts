// Closing an account through the API's extension (docs/provider-api.md "Closing an account"): the
// patient's own page (GET the terms, POST with the password) and the admin record's Super Admin
// action. A provider without the extension answers 404/405/501, which the provider client turns
// into the standard sentence (app/platform/extensions.ts).
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import type { ClosureTerms } from '~/../common/contract/account-closure'
import { API } from '~/../common/contract/endpoints'
import { invalidForm, invalidFormToast, makeToast, providerRefusal, refusalStatus, type FormReply } from '~/platform/form-replies.server'
import { failureLines } from '~/platform/provider-errors'
import type { AdminContext, CustomerContext } from '~/platform/guards.server'
import { SIGN_IN_PATH } from '~/platform/portal'
import { clearPortal } from '~/platform/session.server'
import { redirectWithToast, type Toast } from '~/platform/toast.server'
import { readForm } from '~/platform/form-data.server'
import {
  ACCOUNT_CLOSED_TOAST,
  CLOSE_ACCOUNT_HIDDEN_FIELDS,
  CLOSE_PATIENT_FORM_ID,
  closeAccountSchema,
  closePatientSchema,
  PATIENT_ACCOUNT_CLOSED_TOAST,
} from './account-closure'

export type CloseAccountPage = { terms: ClosureTerms | null; error: string | null }

/** What closing does here (the retention period, whether the address is freed), for the page. */
export async function loadCloseAccountPage({ api, headers }: CustomerContext) {
  const terms = await api.call(API.yourData.closeTerms)
  return data<CloseAccountPage>(
    terms.ok ? { terms: terms.content, error: null } : { terms: null, error: failureLines(terms).join(' ') },
    { headers },
  )
}

/** The patient's confirm: on success the session ends here too, and sign-in says why. */
export async function closeAccountAction(ctx: CustomerContext) {
  const { request, session, api } = ctx
  const submission = parseWithZod(await readForm(request), { schema: closeAccountSchema, disableAutoCoercion: true })
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: CLOSE_ACCOUNT_HIDDEN_FIELDS, headers: ctx.headers })
  const result = await api.call(API.yourData.close, { body: { password: submission.value.password } })
  if (!result.ok && result.fieldErrors.password) {
    // A wrong password: under the field, with the standard toast; said once, not also above the form.
    return data<FormReply>(
      {
        result: submission.reply({ fieldErrors: { password: result.fieldErrors.password }, hideFields: CLOSE_ACCOUNT_HIDDEN_FIELDS }),
        toast: makeToast({ title: result.message, type: 'destructive' }),
      },
      { status: refusalStatus(result), headers: ctx.headers },
    )
  }
  if (!result.ok) {
    return providerRefusal(submission, result, {
      fieldNames: { password: 'password' },
      hideFields: CLOSE_ACCOUNT_HIDDEN_FIELDS,
      toast: { title: result.message, type: 'destructive' },
      headers: ctx.headers,
    })
  }
  // The API ended every session already; this one's cookie goes now.
  clearPortal(session, 'customer')
  return redirectWithToast(SIGN_IN_PATH.customer, ACCOUNT_CLOSED_TOAST, { headers: await ctx.commit() })
}

export type ClosePatientAnswer = { formId: string; result: SubmissionResult<string[]>; toast?: Toast }

/** A Super Admin closes the patient's account on their written request (the reference is audited). */
export async function closePatientAccountAction(ctx: AdminContext, patientId: string, formData: FormData, back: string) {
  const { api, headers } = ctx
  const submission = parseWithZod(formData, { schema: closePatientSchema })
  if (ctx.role !== 'Super Admin') throw new Response('Forbidden', { status: 403, headers })
  if (submission.status !== 'success') {
    return data<ClosePatientAnswer>(
      { formId: CLOSE_PATIENT_FORM_ID, result: submission.reply(), toast: invalidFormToast() },
      { status: 400, headers },
    )
  }
  const result = await api.call(API.yourData.closeOnRequest, {
    body: { patient_id: Number(patientId), reference: submission.value.reference },
  })
  if (!result.ok) {
    const fieldErrors: Record<string, string[]> = result.fieldErrors.reference ? { reference: result.fieldErrors.reference } : {}
    return data<ClosePatientAnswer>(
      {
        formId: CLOSE_PATIENT_FORM_ID,
        result: submission.reply({ formErrors: failureLines(result), fieldErrors }),
        toast: makeToast({ title: result.message, type: 'destructive' }),
      },
      { status: refusalStatus(result), headers },
    )
  }
  return redirectWithToast(back, PATIENT_ACCOUNT_CLOSED_TOAST, { headers })
}
