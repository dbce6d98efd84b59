import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { HoneypotProvider } from 'remix-utils/honeypot/react'
import { SignUpScreen } from '~/features/auth/sign-up-screen'
import { requireAnonymousCustomer, signUpAction, signUpLoader } from '~/features/auth/sign-up.server'
import { pageTitle } from '~/features/shell/screen-kit'

export const meta: MetaFunction = ({ matches }) => pageTitle('Sign Up', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => signUpLoader(await requireAnonymousCustomer(request))

export const action = async ({ request, context }: ActionFunctionArgs) =>
  signUpAction(await requireAnonymousCustomer(request), context)

export default function CustomerSignUp() {
  const { sentTo, honeypot, termsUrl, privacyUrl } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <HoneypotProvider {...honeypot}>
      <SignUpScreen sentTo={sentTo} termsUrl={termsUrl} privacyUrl={privacyUrl} actionData={actionData} />
    </HoneypotProvider>
  )
}
