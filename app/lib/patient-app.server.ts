// Server side of the patient app's signed-in screens: the shell's data and the profile they read.
import { getProfile } from './provider-api.server'
import { createProviderClient, type ProviderClient } from './provider-client.server'
import type { ProviderFailure } from './provider-errors'
import type { CustomerProfile } from './provider-types'
import { requireOnboardedCustomer, type CustomerContext } from './guards.server'
import { updateCustomer } from './session.server'
import { getSidebarExpanded } from './sidebar-state.server'

export type PatientShell = { fullName: string | null; sidebarExpanded: boolean }

/**
 * The layout's data: the patient's name (from the session; asked of the provider once if the
 * session does not hold it yet, then remembered) and the sidebar's state.
 */
export async function loadPatientShell(request: Request): Promise<{ shell: PatientShell; headers: Headers }> {
  const { session, customer } = await requireOnboardedCustomer(request)
  const sidebarExpanded = getSidebarExpanded(request)
  if (customer.full_name) {
    return { shell: { fullName: customer.full_name, sidebarExpanded }, headers: new Headers() }
  }
  const api = await createProviderClient(request, { session })
  const result = await getProfile(api)
  const fullName = result.ok ? result.content?.personal?.full_name?.trim() || null : null
  if (!fullName) return { shell: { fullName: null, sidebarExpanded }, headers: api.headers }
  updateCustomer(session, { full_name: fullName })
  return { shell: { fullName, sidebarExpanded }, headers: await api.commit() }
}

export type PatientProfileResult =
  | { ok: true; profile: CustomerProfile; context: CustomerContext; api: ProviderClient }
  | { ok: false; failure: ProviderFailure; context: CustomerContext; api: ProviderClient }

/** Guard, then GET v1/auth/profile/. The caller merges `api.headers` into its response. */
export async function loadPatientProfile(request: Request): Promise<PatientProfileResult> {
  const context = await requireOnboardedCustomer(request)
  const api = await createProviderClient(request, { session: context.session })
  const result = await getProfile(api)
  if (!result.ok) return { ok: false, failure: result, context, api }
  return { ok: true, profile: result.content, context, api }
}
