// The FHIR client register (docs/provider-api.md "FHIR client apps — extension"): a Super Admin's
// list of the client apps that may use the FHIR API, a new registration, and disabling one.
// Server code only (zod).
import { z } from 'zod'
import { FHIR_CLIENT_SCOPES, isFhirClientScope, type FhirClientScope } from '../fhir/scopes'
import {
  FHIR_CLIENT_NAME_MAX,
  FHIR_CLIENT_NAME_REQUIRED,
  FHIR_SCOPES_REQUIRED,
  JWKS_SOURCE_BOTH,
  JWKS_SOURCE_REQUIRED,
  JWKS_TEXT_MAX,
  JWKS_URL_INVALID,
  JWKS_URL_MAX,
  readJwks,
  readJwksUrl,
  type Jwks,
} from './fhir-clients-values'
import { customField, fields, isBlank, textField } from './request-fields'

type Blank = null | undefined

/**
 * The JWKS address: undefined when blank, null when refused (the message is reported). Plain http
 * to this machine passes here; the API refuses it outside development (it knows which it is).
 */
const jwksUrlField = customField<string | null | undefined, string | Blank>((value, fail) => {
  if (isBlank(value)) return undefined
  if (typeof value !== 'string') {
    fail('JWKS URL must be text')
    return null
  }
  if (value.length > JWKS_URL_MAX) {
    fail(`JWKS URL must be at most ${JWKS_URL_MAX} characters`)
    return null
  }
  const url = readJwksUrl(value.trim(), true)
  if (url === null) fail(JWKS_URL_INVALID)
  return url
})

/** The pasted JWKS, as text or as the object itself: undefined when blank, null when refused. */
const jwksField = customField<Jwks | null | undefined, string | Jwks | Blank>((value, fail) => {
  if (isBlank(value)) return undefined
  if (typeof value === 'string' && value.length > JWKS_TEXT_MAX) {
    fail(`JWKS must be at most ${JWKS_TEXT_MAX} characters`)
    return null
  }
  const read = readJwks(value)
  if ('problem' in read) {
    fail(read.problem)
    return null
  }
  return read.jwks
})

/** At least one scope of the list, duplicates dropped, in the list's order. */
const scopesField = customField<FhirClientScope[], readonly string[] | Blank>((value, fail) => {
  if (isBlank(value) || (Array.isArray(value) && value.length === 0)) {
    fail(FHIR_SCOPES_REQUIRED)
    return []
  }
  if (!Array.isArray(value)) {
    fail('Scopes must be a list')
    return []
  }
  if (!value.every(isFhirClientScope)) {
    fail(`Scopes must only contain: ${FHIR_CLIENT_SCOPES.join(', ')}`)
    return []
  }
  return FHIR_CLIENT_SCOPES.filter((scope) => (value as unknown[]).includes(scope))
})

/** POST v1/admin/fhir-clients/: a name, exactly one source of public keys, and the scopes. */
export const fhirClientBodySchema = fields({
  name: textField({ label: 'Name', required: FHIR_CLIENT_NAME_REQUIRED, max: FHIR_CLIENT_NAME_MAX }),
  jwks_url: jwksUrlField,
  jwks: jwksField,
  scopes: scopesField,
}).superRefine((body, ctx) => {
  // A refused value is null and already named; only what was not given at all is judged here.
  if (body.jwks_url === undefined && body.jwks === undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['jwks_url'], message: JWKS_SOURCE_REQUIRED })
  } else if (body.jwks_url !== undefined && body.jwks !== undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['jwks_url'], message: JWKS_SOURCE_BOTH })
  }
})
export type FhirClientBody = z.input<typeof fhirClientBodySchema>

/** One client app as the register shows it: never the keys themselves, only where they are or their ids. */
export const fhirClientSchema = z.object({
  id: z.number(),
  client_id: z.string(),
  name: z.string(),
  /** Where the client publishes its keys; null when they were pasted. */
  jwks_url: z.string().nullable(),
  /** The `kid`s of the pasted keys; null when they are fetched from `jwks_url`. */
  jwks_kids: z.array(z.string()).nullable(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  created_by_email: z.string().nullable(),
  disabled_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
})
export type FhirClientItem = z.output<typeof fhirClientSchema>

/** GET v1/admin/fhir-clients/: the clients, oldest first, and the two addresses a client is given. */
export const fhirClientListSchema = z.object({
  clients: z.array(fhirClientSchema),
  /** The FHIR base URL as clients reach it (FHIR_BASE_URL), ending in `/fhir/`. */
  fhir_base_url: z.string(),
  /** Where a client gets its access tokens: `<fhir_base_url>token`. */
  token_url: z.string(),
})
export type FhirClientList = z.output<typeof fhirClientListSchema>
