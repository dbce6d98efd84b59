import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ForgotPasswordScreen } from '~/features/auth/forgot-password-screen'
import { forgotPasswordAction, forgotPasswordLoader, requireAnonymousAdmin } from '~/features/auth/forgot-password.server'
import { pageTitle } from '~/features/shell/screen-kit'

export const meta: MetaFunction = ({ matches }) => pageTitle('Admin Forgot Password', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => forgotPasswordLoader(await requireAnonymousAdmin(request))

export const action = async ({ request, context }: ActionFunctionArgs) =>
  forgotPasswordAction(await requireAnonymousAdmin(request), context, 'admin')

export default function AdminForgotPassword() {
  const { sent } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <ForgotPasswordScreen portal="admin" sent={sent} actionData={actionData} />
}
