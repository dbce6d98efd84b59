import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PatientMessagesScreen } from '~/features/messages/patient-messages-screen'
import { loadPatientMessages, sendPatientMessage } from '~/features/messages/care-messages.server'
import { requireOnboardedCustomer } from '~/platform/guards.server'
import { pageTitle } from '~/platform/meta'

export const meta: MetaFunction = ({ matches }) => pageTitle('Messages', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadPatientMessages(await requireOnboardedCustomer(request))

export const action = async ({ request }: ActionFunctionArgs) => sendPatientMessage(await requireOnboardedCustomer(request))

export default function CustomerMessages() {
  return <PatientMessagesScreen page={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
}
