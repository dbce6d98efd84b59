import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CloseAccountScreen } from '~/features/account-closure/close-account-screen'
import { closeAccountAction, loadCloseAccountPage } from '~/features/account-closure/account-closure.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { requireOnboardedCustomer } from '~/platform/guards.server'

export const meta: MetaFunction = ({ matches }) => pageTitle('Close Account', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadCloseAccountPage(await requireOnboardedCustomer(request))

export const action = async ({ request }: ActionFunctionArgs) => closeAccountAction(await requireOnboardedCustomer(request))

export default function CustomerCloseAccount() {
  const { terms, error } = useLoaderData<typeof loader>()
  return <CloseAccountScreen terms={terms} error={error} actionData={useActionData<typeof action>()} />
}
