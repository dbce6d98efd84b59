// `api.call(endpoint, input)`: a call of the route table (common/contract/endpoints.ts, decision
// 183). The URL comes from the table (path parameters filled in), a public endpoint is sent without
// the session's token, and the answer is read with the endpoint's schema: the SPEC level for a
// SPEC.md §7 call, our API's otherwise; an answer that breaks it is the 'bad-response' fault.
import {
  pathOf,
  readSchemaOf,
  type Endpoint,
  type EndpointInput,
  type ReadAnswerOf,
} from '~/../common/contract/endpoints'
import type { ProviderResult } from './provider-errors'
import { checked } from './provider-result.server'

/** How one call is sent, beyond what the table says (see provider-client.server.ts CallOptions). */
export type EndpointCallOptions = {
  /** Send this bearer token instead of the session's (sign-out). */
  bearer?: string
  /** A 403 is this call's answer, not a reason to leave the screen. */
  forbidden?: 'answer'
}

/** The arguments after the endpoint: the input may be left out when the endpoint needs none. */
export type EndpointArgs<E extends Endpoint> = object extends EndpointInput<E>
  ? [input?: EndpointInput<E>, options?: EndpointCallOptions]
  : [input: EndpointInput<E>, options?: EndpointCallOptions]

/** What the client's string-path `call` takes; kept apart so this file needs nothing of it. */
type SendRaw = (
  method: Endpoint['method'],
  path: string,
  options: {
    body?: unknown
    query?: Record<string, string | undefined>
    auth?: boolean
    bearer?: string
    forbidden?: 'answer'
  },
) => Promise<ProviderResult<unknown>>

/** A query's values as sent: texts, a number as its digits; null and undefined are left out. */
function queryTexts(query: unknown): Record<string, string | undefined> | undefined {
  if (query === undefined || query === null) return undefined
  const texts: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) texts[key] = String(value)
  }
  return texts
}

export async function callEndpoint<E extends Endpoint>(
  send: SendRaw,
  endpoint: E,
  input: EndpointInput<E> | undefined,
  options: EndpointCallOptions = {},
): Promise<ProviderResult<ReadAnswerOf<E>>> {
  const given = (input ?? {}) as { params?: Record<string, string | number>; query?: unknown; body?: unknown }
  const result = await send(endpoint.method, pathOf(endpoint, given.params), {
    body: given.body,
    query: queryTexts(given.query),
    auth: endpoint.access !== 'public',
    ...options,
  })
  return checked(result, readSchemaOf(endpoint)) as ProviderResult<ReadAnswerOf<E>>
}
