import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { TwoFactorSetupScreen } from '~/features/auth/admin-mfa-setup-screen'
import { setupAction, setupLoader } from '~/features/auth/admin-mfa.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { requireAdmin } from '~/platform/guards.server'
import { ADMIN_ROLES } from '~/platform/roles'

// Set up two-factor sign-in (from the profile; the only screen before it is set up, for
// admins who must have it).
export const meta: MetaFunction = ({ matches }) => pageTitle('Two-factor authentication', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => setupLoader(await requireAdmin(request, { roles: ADMIN_ROLES }))

export const action = async ({ request }: ActionFunctionArgs) => setupAction(await requireAdmin(request, { roles: ADMIN_ROLES }))

export default function AdminTwoFactor() {
  return <TwoFactorSetupScreen screen={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
