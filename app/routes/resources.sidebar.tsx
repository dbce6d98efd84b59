import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { getEnv } from '~/platform/env.server'
import { safeRedirect } from '~/platform/safe-redirect'
import { sidebarStateHeaders } from '~/features/shell/sidebar-state.server'
import { readForm } from '~/platform/form-data.server'

// The sidebar's collapse toggle without JavaScript: remember the state, go back to the page.
// (With JavaScript the toggle writes the same cookie itself and never posts here.)
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const expanded = form.get('state') !== 'collapsed'
  const secure = getEnv().NODE_ENV === 'production'
  return redirect(safeRedirect(form.get('redirectTo'), '/'), { headers: sidebarStateHeaders(expanded, secure) })
}

export const loader = () => new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
