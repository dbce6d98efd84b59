import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { ChangePasswordScreen } from '~/features/auth/change-password-form'
import { changePasswordAction } from '~/features/auth/change-password.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { requireAdmin } from '~/platform/guards.server'
import { ADMIN_ROLES } from '~/platform/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Change Password', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireAdmin(request, { roles: ADMIN_ROLES })
  return null
}

export const action = async ({ request }: ActionFunctionArgs) => changePasswordAction(await requireAdmin(request, { roles: ADMIN_ROLES }), 'admin')

export default function AdminChangePassword() {
  return <ChangePasswordScreen id="admin-change-password" actionData={useActionData<typeof action>()} />
}
