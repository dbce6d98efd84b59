import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { UsersScreen } from '~/components/admin-users/users-screen'
import { loadUsers, usersAction } from '~/lib/admin-users.server'
import { pageTitle } from '~/lib/meta'

export const meta: MetaFunction = ({ matches }) => pageTitle('Users', matches)

// SPEC.md §6: Super Admin only; anyone else goes to /not-authorized (the loader and action guard).
export const loader = ({ request }: LoaderFunctionArgs) => loadUsers(request)

export const action = ({ request }: ActionFunctionArgs) => usersAction(request)

export default function AdminUsers() {
  return <UsersScreen view={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
}
