import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { LogDataScreen } from '~/features/health-log/log-data-screen'
import { loadLogData, logDataAction } from '~/features/health-log/log-entries.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { requireOnboardedCustomer } from '~/platform/guards.server'

export const meta: MetaFunction = ({ matches }) => pageTitle('Log Data', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadLogData(await requireOnboardedCustomer(request))

export const action = async ({ request }: ActionFunctionArgs) => logDataAction(await requireOnboardedCustomer(request))

export default function LogData() {
  return <LogDataScreen view={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
}
