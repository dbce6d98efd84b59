import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { VerifyEmailScreen } from '~/features/auth/verify-email-screen'
import { publicContext, readForm, resendVerificationAction, verifyEmailLoader } from '~/features/auth/verification.server'
import { pageTitle } from '~/features/shell/screen-kit'

export const meta: MetaFunction = ({ matches }) => pageTitle('Verify Email', matches)

// The link works whoever is signed in: it only verifies the address it names.
export const loader = async ({ request }: LoaderFunctionArgs) => verifyEmailLoader(await publicContext(request))

export const action = async ({ request, context }: ActionFunctionArgs) =>
  resendVerificationAction(await publicContext(request), context, await readForm(request))

// The link's token is single-use: checking it again after the resend form was posted would only
// fail and raise a second 'Email Verification failed'.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate

export default function VerifyEmail() {
  const outcome = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <VerifyEmailScreen outcome={outcome} actionData={actionData} />
}
