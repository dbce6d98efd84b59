import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PatientLoadError, PatientNotFound, PatientScreen } from '~/features/admin-patients/patient-screen'
import { loadPatientPage, patientRecordAction } from '~/features/admin-patients/admin-patients.server'
import { pageTitle } from '~/platform/meta'
import { requireAdmin } from '~/platform/guards.server'
import { ADMIN_ROLES } from '~/platform/roles'

export const loader = async ({ request, params }: LoaderFunctionArgs) =>
  loadPatientPage(await requireAdmin(request, { roles: ADMIN_ROLES }), params.id)

export const action = async ({ request, params }: ActionFunctionArgs) =>
  patientRecordAction(await requireAdmin(request, { roles: ADMIN_ROLES }), params.id)

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
