// Audit rows for the FHIR API: the actor is a client app, not an account, so the row names it.
import { recordAuditEvent, type AuditAction } from '../store/audit.js'
import type { Db } from '../store/sql.js'
import type { FhirGrant } from './types.js'

/** How a client appears as an audit row's actor (`actor_email`; `actor_account_id` stays null). */
export function fhirActor(client: { clientId: string; clientName: string }) {
  return { id: null, email: `FHIR client "${client.clientName}" (${client.clientId})` }
}

/**
 * One row for what a client did. `details` holds facts such as the resource type, the search's
 * parameter names and the count returned: never a name, a birth date or another search value.
 */
export async function recordFhirEvent(
  db: Db,
  grant: FhirGrant,
  action: Extract<AuditAction, `fhir_${string}`>,
  details: Record<string, unknown>,
  targetAccountId: number | null = null,
): Promise<void> {
  await recordAuditEvent(db, { actor: fhirActor(grant), action, targetAccountId, details })
}
