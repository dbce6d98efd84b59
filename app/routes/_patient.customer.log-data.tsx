import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { LogDataScreen } from '~/components/log/log-data-screen'
import { loadLogData, logDataAction } from '~/lib/log-entries.server'
import { pageTitle } from '~/lib/meta'

export const meta: MetaFunction = ({ matches }) => pageTitle('Log Data', matches)

export const loader = ({ request }: LoaderFunctionArgs) => loadLogData(request)

export const action = ({ request }: ActionFunctionArgs) => logDataAction(request)

export default function LogData() {
  return <LogDataScreen view={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
}
