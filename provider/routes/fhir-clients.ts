// Extension (docs/provider-api.md "FHIR client apps"): the Super Admin's register of the client
// apps that may use the FHIR API (SMART Backend Services): the list, a new registration, disabling
// one. Each change is audited in its own transaction (fhir_client_register, fhir_client_disable).
import { FHIR_CLIENT_NOT_FOUND, isLoopbackHttp, JWKS_URL_INVALID } from '../../common/contract/fhir-clients-values'
import type { FhirClientItem } from '../../common/contract/fhir-clients'
import { API } from '../../common/contract/endpoints'
import type { ProviderContext } from '../context.js'
import { serve, type Served } from '../endpoint-router.js'
import { ApiError, invalidFields } from '../errors.js'
import { auditedChange } from '../store/audit.js'
import {
  createFhirClient,
  disableFhirClient,
  findFhirClient,
  listRegisteredFhirClients,
  type FhirClient,
} from '../store/fhir-clients.js'

/** The register's view of a client: where its keys are, or their ids; never the keys themselves. */
function itemOf(client: FhirClient, createdByEmail: string | null): FhirClientItem {
  return {
    id: client.id,
    client_id: client.clientId,
    name: client.name,
    jwks_url: client.jwksUrl,
    jwks_kids: client.jwks ? client.jwks.keys.map((key) => String(key.kid)) : null,
    scopes: client.scopes,
    created_at: client.createdAt,
    created_by_email: createdByEmail,
    disabled_at: client.disabledAt,
    last_used_at: client.lastUsedAt,
  }
}

export function fhirClientRoutes(ctx: ProviderContext): Served[] {
  // The addresses the hospital configures: the same base the token endpoint checks `aud` against,
  // read per request (without FHIR_BASE_URL it is known only once the API's port is).
  const addresses = () => ({ fhir_base_url: ctx.fhir.baseUrl, token_url: `${ctx.fhir.baseUrl}token` })

  return [
    serve(API.fhirClients.list, async () => {
      const clients = await listRegisteredFhirClients(ctx.db)
      return {
        message: 'FHIR clients loaded.',
        content: { clients: clients.map((client) => itemOf(client, client.createdByEmail)), ...addresses() },
      }
    }),
    serve(API.fhirClients.register, async ({ body, caller }) => {
      // A key server on this machine is a developer's; anywhere else the keys must come over TLS.
      if (body.jwks_url && !ctx.devMode && isLoopbackHttp(body.jwks_url)) throw invalidFields({ jwks_url: [JWKS_URL_INVALID] })
      const admin = caller.account
      const client = await auditedChange(
        ctx.db,
        (tx) =>
          createFhirClient(tx, {
            name: body.name,
            jwksUrl: body.jwks_url ?? null,
            jwks: body.jwks ?? null,
            scopes: body.scopes,
            createdBy: admin.id,
          }),
        (created) => ({
          actor: { id: admin.id, email: admin.email },
          action: 'fhir_client_register',
          details: {
            client_id: created.clientId,
            name: created.name,
            scopes: created.scopes,
            keys: created.jwksUrl ? 'url' : 'pasted',
          },
        }),
      )
      return { status: 201, message: 'FHIR client registered.', content: itemOf(client, admin.email) }
    }),
    serve(API.fhirClients.disable, async ({ params, caller }) => {
      const admin = caller.account
      const client = await findFhirClient(ctx.db, params.id)
      if (!client) throw new ApiError(404, FHIR_CLIENT_NOT_FOUND)
      // Asking twice (a double submit) is not an error; it is recorded once.
      await auditedChange(
        ctx.db,
        (tx) => disableFhirClient(tx, client.id, admin.id),
        (disabled) =>
          disabled
            ? {
                actor: { id: admin.id, email: admin.email },
                action: 'fhir_client_disable',
                details: { client_id: client.clientId, name: client.name },
              }
            : null,
      )
      const [now] = await listRegisteredFhirClients(ctx.db, client.id)
      return { message: 'FHIR client disabled.', content: itemOf(now ?? client, now?.createdByEmail ?? null) }
    }),
  ]
}
