import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { UsersScreen } from '~/features/admin-users/users-screen'
import { loadUsers, usersAction } from '~/features/admin-users/admin-users.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { requireAdmin } from '~/platform/guards.server'
import { SUPER_ADMIN } from '~/platform/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Users', matches)

// SPEC.md §6: Super Admin only; anyone else goes to /not-authorized (the loader and action guard).
export const loader = async ({ request }: LoaderFunctionArgs) => loadUsers(await requireAdmin(request, { roles: [SUPER_ADMIN] }))

export const action = async ({ request }: ActionFunctionArgs) => usersAction(await requireAdmin(request, { roles: [SUPER_ADMIN] }))

export default function AdminUsers() {
  return <UsersScreen view={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
}
