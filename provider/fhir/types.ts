// The FHIR API's shapes, shared by its token check (auth), its reads and searches (search) and its
// Bulk Data export (bulk). FHIR is a protocol of its own: answers are resources or
// OperationOutcomes as `application/fhir+json`, not the `{ message, content }` envelope of `v1/`,
// so it has its own small table and dispatcher (dispatch.ts) beside the route table.
import type { IncomingMessage } from 'node:http'
import type { Writable } from 'node:stream'
import type { OperationOutcome } from '@medplum/fhirtypes'
import type { ProviderContext } from '../context.js'

/** What a valid access token grants: which client, and its scopes as granted at the token endpoint. */
export interface FhirGrant {
  clientId: string
  clientName: string
  /** e.g. `system/Patient.rs`, `system/Observation.rs`, `system/Procedure.rs`. */
  scopes: readonly string[]
}

export type FhirMethod = 'GET' | 'POST' | 'DELETE'

export interface FhirRequest {
  ctx: ProviderContext
  method: FhirMethod
  /** Relative to `fhir/`, no leading or trailing slash: `Patient/12`, `$export`. */
  path: string
  /** The path's `:name` parameters. */
  params: Record<string, string>
  query: URLSearchParams
  headers: IncomingMessage['headers']
  rawBody: string
  /** Null only on routes that need no token (discovery, the token endpoint). */
  grant: FhirGrant | null
  /** The FHIR base URL as the client sees it, ending in `/fhir/`: `fullUrl`s and `next` links. */
  baseUrl: string
}

export type FhirReply =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | { status: number; headers?: Record<string, string>; stream: (out: Writable) => Promise<void> }

/** Which scope a route needs: read (`r`) or search (`s`) of a resource type, a Bulk Data export, or none. */
export type FhirNeed =
  | { kind: 'public' }
  | { kind: 'resource'; resourceType: string; mode: 'r' | 's' }
  | { kind: 'export' }

export interface FhirRoute {
  method: FhirMethod
  /** Relative to `fhir/`: `Patient/:id`, `Group/:id/$export`, `.well-known/smart-configuration`. */
  path: string
  need: FhirNeed
  handle(req: FhirRequest): Promise<FhirReply> | FhirReply
}

/** An error answered as an OperationOutcome (issue codes from the FHIR `IssueType` value set). */
export class FhirError extends Error {
  constructor(
    readonly status: number,
    readonly code: 'invalid' | 'not-found' | 'forbidden' | 'login' | 'throttled' | 'not-supported' | 'processing' | 'exception' | 'too-costly' | 'deleted',
    message: string,
  ) {
    super(message)
  }
}

export function operationOutcome(code: string, diagnostics: string, severity: 'error' | 'fatal' | 'warning' | 'information' = 'error'): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code: code as 'invalid', diagnostics }] }
}

/**
 * Whether a grant allows `mode` on a resource type. SMART v2 scopes (`system/Patient.rs`: any of
 * c r u d s letters) and v1 ones (`system/Patient.read`, `system/*.read`) are both understood.
 */
export function grantAllows(grant: FhirGrant, resourceType: string, mode: 'r' | 's'): boolean {
  return grant.scopes.some((scope) => {
    const match = /^system\/([A-Za-z*]+)\.([a-z]+|\*)$/.exec(scope)
    if (!match) return false
    const [, type, permissions] = match
    if (type !== '*' && type !== resourceType) return false
    if (permissions === 'read' || permissions === '*') return true
    return permissions !== 'write' && permissions.includes(mode)
  })
}
