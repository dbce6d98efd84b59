// Server side of /admin/fhir-clients and /admin/fhir-clients/new (Super Admin only): the register
// from the provider (docs/provider-api.md "FHIR client apps", an extension: a provider without it
// answers 404, which the provider client turns into the standard sentence), registration and
// disabling. Every state is in the URL or the form, so all of it works without JavaScript.
import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from '@remix-run/node'
import { API } from '~/../common/contract/endpoints'
import { FHIR_CLIENT_NAME_MAX } from '~/../common/contract/fhir-clients-values'
import { invalidForm, providerRefusal } from '~/platform/form-replies.server'
import { readForm } from '~/platform/form-data.server'
import type { AdminContext } from '~/platform/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import {
  DISABLE_INTENT,
  FHIR_CLIENTS_PAGE,
  parseClientRowId,
  registeredHref,
  type FhirClientsView,
} from './fhir-clients'
import { registerSchema } from './register-schema'

const API_FIELDS = { name: 'name', jwks_url: 'jwks_url', jwks: 'jwks', scopes: 'scopes' }

/** The list, and what ?confirmDisable and ?registered name in it. */
export async function loadFhirClients({ request, api, headers }: AdminContext) {
  const params = new URL(request.url).searchParams
  const result = await api.call(API.fhirClients.list)
  const list = result.ok ? result.content : null
  const confirmId = parseClientRowId(params.get('confirmDisable'))
  const registeredId = parseClientRowId(params.get('registered'))
  return data<FhirClientsView>(
    {
      list,
      // Only one that can still be disabled.
      confirmDisable: list?.clients.find((client) => client.id === confirmId && client.disabled_at === null) ?? null,
      registered: list?.clients.find((client) => client.id === registeredId) ?? null,
      loadError: result.ok ? null : result.message,
    },
    { headers },
  )
}

/** The list's one form: disabling a client, after its confirmation step. */
export async function fhirClientsAction({ request, api, headers }: AdminContext) {
  const formData = await readForm(request)
  const id = parseClientRowId(formData.get('id'))
  if (formData.get('intent') !== DISABLE_INTENT || id === null) throw redirect(FHIR_CLIENTS_PAGE, { headers })
  const name = String(formData.get('name') ?? '').trim().slice(0, FHIR_CLIENT_NAME_MAX) || 'The client'
  const result = await api.call(API.fhirClients.disable, { params: { id } })
  if (!result.ok) return redirectWithToast(FHIR_CLIENTS_PAGE, { title: result.message, type: 'destructive' }, { headers })
  return redirectWithToast(
    FHIR_CLIENTS_PAGE,
    { title: 'FHIR client disabled', description: `${name} gets no new token, and the tokens it holds stop working.` },
    { headers },
  )
}

/** Registers a client; on success the list shows what the hospital needs (its client id, the URLs). */
export async function registerFhirClientAction({ request, api, headers }: AdminContext) {
  const submission = parseWithZod(await readForm(request), { schema: registerSchema })
  if (submission.status !== 'success') return invalidForm(submission, { headers })
  const { name, jwks_url, jwks, scopes } = submission.value
  const result = await api.call(API.fhirClients.register, {
    body: { name, scopes, ...(jwks_url ? { jwks_url } : { jwks: jwks?.trim() }) },
  })
  if (!result.ok) return providerRefusal(submission, result, { fieldNames: API_FIELDS, headers })
  return redirectWithToast(
    registeredHref(result.content.id),
    { title: 'FHIR client registered', description: `Give ${result.content.name} its client id: ${result.content.client_id}` },
    { headers },
  )
}
