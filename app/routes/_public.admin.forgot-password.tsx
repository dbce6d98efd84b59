import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ForgotPasswordScreen } from '~/features/auth/forgot-password-screen'
import { forgotPasswordAction, forgotPasswordLoader } from '~/features/auth/password-reset.server'
import { pageTitle } from '~/platform/meta'

export const meta: MetaFunction = ({ matches }) => pageTitle('Admin Forgot Password', matches)

export const loader = ({ request }: LoaderFunctionArgs) => forgotPasswordLoader(request, 'admin')

export const action = ({ request, context }: ActionFunctionArgs) => forgotPasswordAction(request, context, 'admin')

export default function AdminForgotPassword() {
  const { sent } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <ForgotPasswordScreen portal="admin" sent={sent} actionData={actionData} />
}
