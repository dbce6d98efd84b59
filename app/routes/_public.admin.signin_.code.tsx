import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { SignInCodeScreen } from '~/features/auth/admin-mfa-code-screen'
import { codeStepAction, codeStepLoader, requireAnonymousAdmin } from '~/features/auth/admin-mfa.server'
import { pageTitle } from '~/features/shell/screen-kit'

// The code step of an admin's two-factor sign-in (after the password).
export const meta: MetaFunction = ({ matches }) => pageTitle('Two-factor authentication', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => codeStepLoader(await requireAnonymousAdmin(request))

export const action = async ({ request, context }: ActionFunctionArgs) =>
  codeStepAction(await requireAnonymousAdmin(request), context)

export default function AdminSignInCode() {
  return <SignInCodeScreen reply={useActionData<typeof action>()} />
}
