import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { ChangePasswordScreen } from '~/components/change-password-form'
import { changePasswordAction } from '~/lib/change-password.server'
import { pageTitle } from '~/lib/meta'
import { requireOnboardedCustomer } from '~/lib/guards.server'

export const meta: MetaFunction = ({ matches }) => pageTitle('Change Password', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireOnboardedCustomer(request)
  return null
}

export const action = async ({ request }: ActionFunctionArgs) => changePasswordAction(await requireOnboardedCustomer(request), 'customer')

export default function CustomerChangePassword() {
  return <ChangePasswordScreen id="customer-change-password" actionData={useActionData<typeof action>()} />
}
