import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { SIGN_IN_PATH } from '~/platform/portal'
import { signOutAction } from '~/platform/signout.server'

// Signing out changes state, so only a POST does it; a GET (a prefetch, a pasted link) must not.
export const loader = () => redirect(SIGN_IN_PATH.admin)

export const action = ({ request }: ActionFunctionArgs) => signOutAction(request, 'admin')
