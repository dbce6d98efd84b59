import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ResetPasswordScreen } from '~/features/auth/reset-password-screen'
import {
  requireAnonymousAdmin,
  requireResetToken,
  resetPasswordAction,
  resetPasswordLoader,
} from '~/features/auth/password-reset.server'
import { pageTitle } from '~/features/shell/screen-kit'

// Also served at /admin/reset_password (SPEC.md §2 spells it both ways): that route re-exports this one.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(`Admin ${data?.createPassword ? 'Create Password' : 'Reset Password'}`, matches)

export async function loader({ request }: LoaderFunctionArgs) {
  const token = requireResetToken(request, 'admin')
  return resetPasswordLoader(await requireAnonymousAdmin(request), token)
}

export const action = async ({ request }: ActionFunctionArgs) => resetPasswordAction(await requireAnonymousAdmin(request))

export default function AdminResetPassword() {
  const { token, createPassword, done } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <ResetPasswordScreen portal="admin" token={token} createPassword={createPassword} done={done} actionData={actionData} />
  )
}
