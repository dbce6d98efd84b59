import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ForgotPasswordScreen } from '~/features/auth/forgot-password-screen'
import { forgotPasswordAction, forgotPasswordLoader } from '~/features/auth/password-reset.server'
import { pageTitle } from '~/platform/meta'

export const meta: MetaFunction = ({ matches }) => pageTitle('Forgot Password', matches)

export const loader = ({ request }: LoaderFunctionArgs) => forgotPasswordLoader(request, 'customer')

export const action = ({ request, context }: ActionFunctionArgs) => forgotPasswordAction(request, context, 'customer')

export default function CustomerForgotPassword() {
  const { sent } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <ForgotPasswordScreen portal="customer" sent={sent} actionData={actionData} />
}
