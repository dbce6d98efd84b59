import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PatientLoadError, PatientNotFound, PatientScreen } from '~/components/admin-patients/patient-screen'
import { acknowledgeAlertAction, loadPatientPage } from '~/lib/admin-patients.server'
import { pageTitle } from '~/lib/meta'

export const loader = ({ request, params }: LoaderFunctionArgs) => loadPatientPage(request, params.id)

export const action = ({ request, params }: ActionFunctionArgs) => acknowledgeAlertAction(request, params.id)

// SPEC.md §2: patient detail paths have their own title — the patient's name.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(
    data?.page ? data.page.detail.patient.full_name || 'Patient Details' : data?.notFound ? 'Patient not found' : 'Patient Details',
    matches,
  )

export default function AdminPatientDetails() {
  const { page, error, notFound } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  if (notFound) return <PatientNotFound />
  if (!page) return <PatientLoadError message={error ?? ''} />
  return <PatientScreen page={page} answer={answer} />
}
