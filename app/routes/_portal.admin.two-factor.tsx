import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { TwoFactorSetupScreen } from '~/components/admin-mfa/setup-screen'
import { setupAction, setupLoader } from '~/lib/admin-mfa.server'
import { pageTitle } from '~/lib/meta'

// P15: set up two-factor sign-in (from the profile; the only screen before it is set up, for
// admins who must have it).
export const meta: MetaFunction = ({ matches }) => pageTitle('Two-factor authentication', matches)

export const loader = ({ request }: LoaderFunctionArgs) => setupLoader(request)

export const action = ({ request }: ActionFunctionArgs) => setupAction(request)

export default function AdminTwoFactor() {
  return <TwoFactorSetupScreen screen={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
