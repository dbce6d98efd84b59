import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SignInScreen, signInScreenState } from '~/features/auth/sign-in-screen'
import { publicContext, requireAnonymousCustomer, signInAction, signInLoader } from '~/features/auth/sign-in.server'
import { pageTitle } from '~/features/shell/screen-kit'

export const meta: MetaFunction = ({ matches }) => pageTitle('Sign In', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => signInLoader(await requireAnonymousCustomer(request), 'customer')

// Anyone may post the form (a tab left open from before signing in): it signs in afresh.
export const action = async ({ request, context }: ActionFunctionArgs) =>
  signInAction(await publicContext(request), context, 'customer')

export default function CustomerSignIn() {
  const { redirectTo, email } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <SignInScreen
      portal="customer"
      redirectTo={redirectTo}
      email={email}
      {...signInScreenState(actionData)}
    />
  )
}
