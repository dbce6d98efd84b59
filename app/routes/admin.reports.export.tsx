// POST /admin/reports/export: the CSV download of /admin/reports' export form (a resource route,
// so the browser saves the answer as a file, with or without JavaScript).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { exportAction } from '~/features/reports/admin-reports.server'
import { REPORTS_PATH } from '~/features/reports/admin-reports'
import { requireAdmin } from '~/platform/guards.server'
import { ADMIN_ROLES } from '~/platform/roles'

export const action = async ({ request }: ActionFunctionArgs) => exportAction(await requireAdmin(request, { roles: ADMIN_ROLES }))

// Exports are posted, never fetched by a link: a GET only leads back to the form.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, { roles: ADMIN_ROLES })
  return redirect(REPORTS_PATH)
}
