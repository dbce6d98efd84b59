// /admin/fhir-clients (Super Admin only): the client apps that may use the FHIR API, registered
// here and handed their client id. Pure values and helpers shared by the routes' server code and
// the components; no zod (the list screen draws without it). Provider contract: docs/provider-api.md
// "FHIR client apps" (an extension).
import type { FhirClientItem, FhirClientList } from '~/../common/contract/fhir-clients'

export type { FhirClientItem, FhirClientList }

export const FHIR_CLIENTS_PAGE = '/admin/fhir-clients'
export const FHIR_CLIENT_NEW_PAGE = '/admin/fhir-clients/new'
export const REGISTER_FORM_ID = 'register-fhir-client'
export const DISABLE_INTENT = 'disable'

/** Where the confirmation of a disable is shown: a URL, so it works without JavaScript. */
export function confirmDisableHref(id: number): string {
  return `${FHIR_CLIENTS_PAGE}?${new URLSearchParams({ confirmDisable: String(id) })}`
}

/** The list after a registration, with the new client's details to hand over. */
export function registeredHref(id: number): string {
  return `${FHIR_CLIENTS_PAGE}?${new URLSearchParams({ registered: String(id) })}`
}

export function parseClientRowId(value: unknown): number | null {
  const text = typeof value === 'string' ? value : ''
  return /^\d{1,15}$/.test(text) ? Number(text) : null
}

/** Where the client's public keys come from, in a few words. */
export function keysSummary(client: Pick<FhirClientItem, 'jwks_url' | 'jwks_kids'>): string {
  if (client.jwks_url) return client.jwks_url
  const kids = client.jwks_kids ?? []
  return `Pasted JWKS, ${kids.length} ${kids.length === 1 ? 'key' : 'keys'}: ${kids.join(', ')}`
}

export type FhirClientsView = {
  list: FhirClientList | null
  confirmDisable: FhirClientItem | null
  registered: FhirClientItem | null
  loadError: string | null
}
