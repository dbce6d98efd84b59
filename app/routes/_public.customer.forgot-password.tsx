import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ForgotPasswordScreen } from '~/features/auth/forgot-password-screen'
import { forgotPasswordAction, forgotPasswordLoader, requireAnonymousCustomer } from '~/features/auth/forgot-password.server'
import { pageTitle } from '~/features/shell/screen-kit'

export const meta: MetaFunction = ({ matches }) => pageTitle('Forgot Password', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => forgotPasswordLoader(await requireAnonymousCustomer(request))

export const action = async ({ request, context }: ActionFunctionArgs) =>
  forgotPasswordAction(await requireAnonymousCustomer(request), context, 'customer')

export default function CustomerForgotPassword() {
  const { sent } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <ForgotPasswordScreen portal="customer" sent={sent} actionData={actionData} />
}
