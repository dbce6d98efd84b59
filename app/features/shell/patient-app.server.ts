// Server side of the patient app's signed-in screens: the shell's data and the profile they read.
import type { CustomerContext } from '~/platform/guards.server'
import { getProfile } from '~/platform/provider-api.server'
import type { ProviderFailure } from '~/platform/provider-errors'
import type { CustomerProfile } from '~/platform/provider-types'
import { updateCustomer } from '~/platform/session.server'
import { getSidebarExpanded } from './sidebar-state.server'

export type PatientShell = { fullName: string | null; sidebarExpanded: boolean }

/**
 * The layout's data: the patient's name (from the session; asked of the provider once if the
 * session does not hold it yet, then remembered) and the sidebar's state.
 */
export async function loadPatientShell(ctx: CustomerContext): Promise<PatientShell> {
  const sidebarExpanded = getSidebarExpanded(ctx.request)
  if (ctx.customer.full_name) return { fullName: ctx.customer.full_name, sidebarExpanded }
  const result = await getProfile(ctx.api)
  const fullName = result.ok ? result.content?.personal?.full_name?.trim() || null : null
  if (!fullName) return { fullName: null, sidebarExpanded }
  updateCustomer(ctx.session, { full_name: fullName })
  await ctx.commit()
  return { fullName, sidebarExpanded }
}

export type PatientProfileResult =
  | { ok: true; profile: CustomerProfile }
  | { ok: false; failure: ProviderFailure }

/** GET v1/auth/profile/. The caller answers with `ctx.headers`. */
export async function loadPatientProfile(ctx: CustomerContext): Promise<PatientProfileResult> {
  const result = await getProfile(ctx.api)
  if (!result.ok) return { ok: false, failure: result }
  return { ok: true, profile: result.content }
}
