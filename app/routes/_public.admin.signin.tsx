import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SignInScreen, signInScreenState } from '~/features/auth/sign-in-screen'
import { signInAction, signInLoader } from '~/features/auth/sign-in.server'
import { pageTitle } from '~/platform/meta'

export const meta: MetaFunction = ({ matches }) => pageTitle('Admin Sign In', matches)

export const loader = ({ request }: LoaderFunctionArgs) => signInLoader(request, 'admin')

export const action = ({ request, context }: ActionFunctionArgs) => signInAction(request, context, 'admin')

export default function AdminSignIn() {
  const { redirectTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <SignInScreen portal="admin" redirectTo={redirectTo} {...signInScreenState(actionData)} />
}
