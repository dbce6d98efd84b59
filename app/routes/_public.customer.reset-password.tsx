import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ResetPasswordScreen } from '~/features/auth/reset-password-screen'
import {
  requireAnonymousCustomer,
  requireResetToken,
  resetPasswordAction,
  resetPasswordLoader,
} from '~/features/auth/password-reset.server'
import { pageTitle } from '~/features/shell/screen-kit'

// Also served at /customer/reset_password (SPEC.md §2 spells it both ways): that route re-exports this one.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(data?.createPassword ? 'Create Password' : 'Reset Password', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  const token = requireResetToken(request, 'customer')
  return resetPasswordLoader(await requireAnonymousCustomer(request), token)
}

export const action = async ({ request }: ActionFunctionArgs) => resetPasswordAction(await requireAnonymousCustomer(request))

export default function CustomerResetPassword() {
  const { token, createPassword, done } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <ResetPasswordScreen portal="customer" token={token} createPassword={createPassword} done={done} actionData={actionData} />
  )
}
