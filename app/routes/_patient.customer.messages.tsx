import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { PatientMessagesScreen } from '~/features/messages/patient-messages-screen'
import { loadPatientMessages, sendPatientMessage } from '~/features/messages/care-messages.server'
import { usePolledLoaderData } from '~/features/messages/use-poll'
import { requireOnboardedCustomer } from '~/platform/guards.server'
import { pageTitle } from '~/features/shell/screen-kit'

export const meta: MetaFunction = ({ matches }) => pageTitle('Messages', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadPatientMessages(await requireOnboardedCustomer(request))

export const action = async ({ request }: ActionFunctionArgs) => sendPatientMessage(await requireOnboardedCustomer(request))

// Only the newest page can gain messages; an older page is history.
const isNewestPage = (page: { before: number | null }) => page.before === null

export default function CustomerMessages() {
  return <PatientMessagesScreen page={usePolledLoaderData<typeof loader>(isNewestPage)} answer={useActionData<typeof action>()} />
}
