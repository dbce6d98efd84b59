import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { InboxScreen } from '~/components/messages/inbox-screen'
import { loadInbox } from '~/lib/care-messages.server'
import { requireAdmin } from '~/lib/guards.server'
import { pageTitle } from '~/lib/meta'
import { ADMIN_ROLES } from '~/lib/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Messages', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadInbox(await requireAdmin(request, { roles: ADMIN_ROLES }))

export default function AdminMessages() {
  return <InboxScreen page={useLoaderData<typeof loader>()} />
}
