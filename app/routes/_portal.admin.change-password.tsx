import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { ChangePasswordScreen } from '~/components/change-password-form'
import { changePasswordAction, changePasswordLoader } from '~/lib/change-password.server'
import { pageTitle } from '~/lib/meta'

export const meta: MetaFunction = ({ matches }) => pageTitle('Change Password', matches)

export const loader = ({ request }: LoaderFunctionArgs) => changePasswordLoader(request, 'admin')

export const action = ({ request }: ActionFunctionArgs) => changePasswordAction(request, 'admin')

export default function AdminChangePassword() {
  return <ChangePasswordScreen id="admin-change-password" actionData={useActionData<typeof action>()} />
}
