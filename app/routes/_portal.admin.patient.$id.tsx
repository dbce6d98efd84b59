import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { PatientLoadError, PatientNotFound, PatientScreen } from '~/features/admin-patients/patient-screen'
import { loadPatientPage, patientRecordAction } from '~/features/admin-patients/admin-patients.server'
import { usePolledLoaderData } from '~/features/messages/use-poll'
import { pageTitle } from '~/features/shell/screen-kit'
import { requireAdmin } from '~/platform/guards.server'
import { ADMIN_ROLES } from '~/platform/roles'

export const loader = async ({ request, params }: LoaderFunctionArgs) =>
  loadPatientPage(await requireAdmin(request, { roles: ADMIN_ROLES }), params.id)

export const action = async ({ request, params }: ActionFunctionArgs) =>
  patientRecordAction(await requireAdmin(request, { roles: ADMIN_ROLES }), params.id)

// The Messages tab's newest page keeps itself up to date; older pages and the other tabs do not.
const isNewestMessages = (data: { page: { messages: { before: number | null } | null } | null }) =>
  data.page?.messages?.before === null

// SPEC.md §2: patient detail paths have their own title — the patient's name.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(
    data?.page ? data.page.detail.patient.full_name || 'Patient Details' : data?.notFound ? 'Patient not found' : 'Patient Details',
    matches,
  )

export default function AdminPatientDetails() {
  const { page, error, notFound } = usePolledLoaderData<typeof loader>(isNewestMessages)
  const answer = useActionData<typeof action>()
  if (notFound) return <PatientNotFound />
  if (!page) return <PatientLoadError message={error ?? ''} />
  return <PatientScreen page={page} answer={answer} />
}
