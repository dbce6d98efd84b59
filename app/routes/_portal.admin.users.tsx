import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { UsersScreen } from '~/components/admin-users/users-screen'
import { loadUsers, usersAction } from '~/lib/admin-users.server'
import { pageTitle } from '~/lib/meta'
import { requireAdmin } from '~/lib/guards.server'
import { SUPER_ADMIN } from '~/lib/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Users', matches)

// SPEC.md §6: Super Admin only; anyone else goes to /not-authorized (the loader and action guard).
export const loader = async ({ request }: LoaderFunctionArgs) => loadUsers(await requireAdmin(request, { roles: [SUPER_ADMIN] }))

export const action = async ({ request }: ActionFunctionArgs) => usersAction(await requireAdmin(request, { roles: [SUPER_ADMIN] }))

export default function AdminUsers() {
  return <UsersScreen view={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
}
