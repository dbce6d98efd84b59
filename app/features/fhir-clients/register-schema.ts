// The registration form's schema, shared by the server's check and the browser's. Apart from
// fhir-clients.ts so the list screen draws without zod; the form's browser check loads it later
// (register-form.tsx). The rules and words are the API's (common/contract/fhir-clients-values.ts).
import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { FHIR_CLIENT_SCOPES, isFhirClientScope } from '~/../common/fhir/scopes'
import {
  FHIR_CLIENT_NAME_MAX,
  FHIR_CLIENT_NAME_REQUIRED,
  FHIR_CLIENT_NAME_TOO_LONG,
  FHIR_SCOPES_REQUIRED,
  JWKS_SOURCE_BOTH,
  JWKS_SOURCE_REQUIRED,
  JWKS_URL_INVALID,
  readJwks,
  readJwksUrl,
} from '~/../common/contract/fhir-clients-values'

// Every field is optional to zod and checked in a refinement, so that one missing field does not
// stop the others (and the rule across the two key fields) from being checked: the form names
// every problem at once, as the API does.
export const registerSchema = z
  .object({
    name: z
      .string()
      .trim()
      .optional()
      .superRefine((name, ctx) => {
        if (!name) ctx.addIssue({ code: 'custom', message: FHIR_CLIENT_NAME_REQUIRED })
        else if (name.length > FHIR_CLIENT_NAME_MAX) ctx.addIssue({ code: 'custom', message: FHIR_CLIENT_NAME_TOO_LONG })
      }),
    // Plain http to this machine passes here; the API knows whether it is a development instance.
    jwks_url: z
      .string()
      .trim()
      .optional()
      .superRefine((url, ctx) => {
        if (url && readJwksUrl(url, true) === null) ctx.addIssue({ code: 'custom', message: JWKS_URL_INVALID })
      }),
    jwks: z
      .string()
      .optional()
      .superRefine((text, ctx) => {
        if (!text?.trim()) return
        const read = readJwks(text)
        if ('problem' in read) ctx.addIssue({ code: 'custom', message: read.problem })
      }),
    scopes: z
      .array(z.string())
      .optional()
      .superRefine((scopes, ctx) => {
        if (!scopes?.length) ctx.addIssue({ code: 'custom', message: FHIR_SCOPES_REQUIRED })
        else if (!scopes.every(isFhirClientScope)) {
          ctx.addIssue({ code: 'custom', message: `Scopes must only contain: ${FHIR_CLIENT_SCOPES.join(', ')}` })
        }
      }),
  })
  .superRefine((form, ctx) => {
    const url = Boolean(form.jwks_url)
    const pasted = Boolean(form.jwks?.trim())
    if (!url && !pasted) ctx.addIssue({ code: 'custom', path: ['jwks_url'], message: JWKS_SOURCE_REQUIRED })
    else if (url && pasted) ctx.addIssue({ code: 'custom', path: ['jwks_url'], message: JWKS_SOURCE_BOTH })
  })
export type RegisterValues = z.output<typeof registerSchema>
export type RegisterInput = z.input<typeof registerSchema>

export function validateRegister(formData: FormData) {
  return parseWithZod(formData, { schema: registerSchema })
}
