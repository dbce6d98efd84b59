import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { ChangePasswordScreen } from '~/features/auth/change-password-form'
import { changePasswordAction } from '~/features/auth/change-password.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { requireOnboardedCustomer } from '~/platform/guards.server'

export const meta: MetaFunction = ({ matches }) => pageTitle('Change Password', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireOnboardedCustomer(request)
  return null
}

export const action = async ({ request }: ActionFunctionArgs) => changePasswordAction(await requireOnboardedCustomer(request), 'customer')

export default function CustomerChangePassword() {
  return <ChangePasswordScreen id="customer-change-password" actionData={useActionData<typeof action>()} />
}
