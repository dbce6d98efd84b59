import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderScreen } from '~/components/placeholder-screen'
import { PatientsListSkeleton } from '~/components/skeletons/patients-list-skeleton'
import { requireAdmin } from '~/lib/guards.server'
import { pageTitle } from '~/lib/meta'
import { SUPER_ADMIN } from '~/lib/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Users', matches)

// SPEC.md §6: Super Admin only; anyone else goes to /not-authorized.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, { roles: [SUPER_ADMIN] })
  return null
}

export default function AdminUsers() {
  return (
    <PlaceholderScreen
      title="Users"
      description="The administrators who can use this portal."
      upcoming={[
        'Every admin with their role (Standard Admin or Super Admin)',
        'Inviting a new admin and changing or removing a role',
      ]}
      preview={<PatientsListSkeleton label="users" still />}
    />
  )
}
