import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ForgotPasswordScreen } from '~/features/auth/forgot-password-screen'
import { forgotPasswordAction, forgotPasswordLoader } from '~/features/auth/password-reset.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { requireAnonymousCustomer } from '~/platform/guards.server'

export const meta: MetaFunction = ({ matches }) => pageTitle('Forgot Password', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => forgotPasswordLoader(await requireAnonymousCustomer(request))

export const action = async ({ request, context }: ActionFunctionArgs) =>
  forgotPasswordAction(await requireAnonymousCustomer(request), context, 'customer')

export default function CustomerForgotPassword() {
  const { sent } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <ForgotPasswordScreen portal="customer" sent={sent} actionData={actionData} />
}
