import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { InboxScreen } from '~/features/messages/inbox-screen'
import { loadInbox } from '~/features/messages/care-messages.server'
import { requireAdmin } from '~/platform/guards.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { ADMIN_ROLES } from '~/platform/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Messages', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadInbox(await requireAdmin(request, { roles: ADMIN_ROLES }))

export default function AdminMessages() {
  return <InboxScreen page={useLoaderData<typeof loader>()} />
}
