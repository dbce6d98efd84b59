import type { LoaderFunctionArgs } from '@remix-run/node'
import { patientPath } from '~/features/admin-patients/admin-patients'
import { downloadPatientRecord } from '~/features/your-data/your-data.server'
import { requireAdmin } from '~/platform/guards.server'
import { ADMIN_ROLES } from '~/platform/roles'

// Resource route: /admin/patient/{id}/record.zip streams a patient's record ZIP (any admin; the API audits it).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request, { roles: ADMIN_ROLES })
  const id = params.id ?? ''
  if (!/^\d{1,15}$/.test(id)) throw new Response('Not Found', { status: 404 })
  return downloadPatientRecord(ctx, id, patientPath(id))
}
