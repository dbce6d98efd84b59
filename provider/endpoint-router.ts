// The API's router built from the route table (common/contract/endpoints.ts, decision 183): a
// route file says which endpoint it serves and what to do; the path match (parameters included),
// the role check and the reading of query and body happen here, before the handler, which gets
// them parsed and typed. The few routes outside the table (healthz and the development routes)
// are still found by the Router it extends.
import type {
  AnswerOf,
  BodyOf,
  Endpoint,
  ParamsOf,
  QueryOf,
} from '../common/contract/endpoints'
import { matchPath } from '../common/contract/endpoints'
import { ANY_ADMIN, requireAdminSession, SUPER_ADMIN_ONLY } from './admin-users-access.js'
import type { ProviderContext } from './context.js'
import { ApiError, invalidFields, type FieldErrors } from './errors.js'
import { jsonObjectBody, Router, type FoundRoute, type JsonText, type RequestInput, type StreamedFile } from './http.js'
import { authenticateSession } from './sessions.js'
import type { Account } from './store/accounts.js'
import { ZodEffects, ZodObject, type z } from 'zod'

/** Who called: nobody for a public endpoint, else the account and its session. */
export type Caller<E extends Endpoint> = E['access'] extends 'public' ? null : { account: Account; sid: string }

export interface EndpointRequest<E extends Endpoint> {
  params: ParamsOf<E>
  query: QueryOf<E>
  body: BodyOf<E>
  caller: Caller<E>
  /** The request as it came, for headers (and the odd raw read the table does not describe). */
  req: RequestInput
}

export type EndpointReply<E extends Endpoint> = {
  status?: number
  message: string
  /** A file instead of the JSON envelope (http.ts Reply): the record downloads. */
  file?: StreamedFile
} & (
  | { content: AnswerOf<E> }
  /** The answer as JSON text the database made (http.ts Reply), checked in tests only. */
  | { content?: undefined; contentJson: JsonText<AnswerOf<E>> }
)

export type EndpointHandler<E extends Endpoint> = (
  input: EndpointRequest<E>,
) => EndpointReply<E> | Promise<EndpointReply<E>>

export interface Served {
  endpoint: Endpoint
  handler: EndpointHandler<Endpoint>
  /** False when this instance does not offer the endpoint (a 404 before anything is read). */
  offered?: () => boolean
}

/** One endpoint of the table and its handler. */
export function serve<E extends Endpoint>(
  endpoint: E,
  handler: EndpointHandler<E>,
  options: { offered?: () => boolean } = {},
): Served {
  // The router hands each handler the input of its own endpoint; the table's types say which.
  return { endpoint, handler: handler as unknown as EndpointHandler<Endpoint>, offered: options.offered }
}

/** The body's or query's field names in their declared order (through refinements). */
function fieldOrder(schema: z.ZodTypeAny): string[] {
  if (schema instanceof ZodEffects) return fieldOrder(schema.innerType())
  if (schema instanceof ZodObject) return Object.keys(schema.shape as object)
  return []
}

/**
 * A 400 naming every field the schema refuses, each with its messages in order; the top-level
 * message is the first of them (errors.ts invalidFields), as the field readers always answered.
 * Fields come in the schema's order, so a rule across fields (checked after every field) reports
 * where the field it names stands, as a reader checking it on the way did.
 */
function readInput(schema: z.ZodTypeAny, input: unknown): unknown {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const byField = new Map<string, string[]>()
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : ''
    byField.set(field, [...(byField.get(field) ?? []), issue.message])
  }
  const order = fieldOrder(schema)
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length)
  const errors: FieldErrors = {}
  for (const field of [...byField.keys()].sort((a, b) => rank(a) - rank(b))) errors[field] = byField.get(field) ?? []
  throw invalidFields(errors)
}

/**
 * A body read as the router reads an endpoint's (415 and 400 as there, then the schema's
 * messages), for the routes outside the table: the development ones.
 */
export function readBody<S extends z.ZodTypeAny>(schema: S, req: RequestInput): z.output<S> {
  // Checked against this very schema by readInput.
  return readInput(schema, jsonObjectBody(req)) as z.output<S>
}

async function callerOf(ctx: ProviderContext, endpoint: Endpoint, req: RequestInput) {
  const options = { enrolling: endpoint.enrolling ?? false }
  switch (endpoint.access) {
    case 'public':
      return null
    case 'customer':
      return authenticateSession(ctx, req.headers.authorization, 'customer', options)
    case 'admin':
      return requireAdminSession(ctx, req, ANY_ADMIN, options)
    case 'super_admin':
      return requireAdminSession(ctx, req, SUPER_ADMIN_ONLY, options)
  }
}

/** Most literal segments first: `v1/x/new/` wins over `v1/x/:id/`. */
function literalSegments(path: string): number {
  return path.split('/').filter((segment) => !segment.startsWith(':')).length
}

export class ApiRouter extends Router {
  private readonly served: Served[] = []

  constructor(private readonly ctx: ProviderContext) {
    super()
  }

  serve(list: Served[]): void {
    for (const served of list) {
      const { method, path } = served.endpoint
      if (this.served.some((other) => other.endpoint.method === method && other.endpoint.path === path)) {
        throw new Error(`${method} ${path} is served twice`)
      }
      this.served.push(served)
    }
    this.served.sort((a, b) => literalSegments(b.endpoint.path) - literalSegments(a.endpoint.path))
  }

  /** 404 for a path no endpoint has (or whose parameters it refuses), 405 for another method. */
  override find(method: string, path: string): FoundRoute {
    const matching: { served: Served; params: unknown }[] = []
    for (const served of this.served) {
      const raw = matchPath(served.endpoint.path, path)
      if (!raw) continue
      const schema = served.endpoint.params
      if (!schema) matching.push({ served, params: raw })
      else {
        const parsed = schema.safeParse(raw)
        if (parsed.success) matching.push({ served, params: parsed.data })
      }
    }
    if (matching.length === 0) return super.find(method, path)
    const hit = matching.find((candidate) => candidate.served.endpoint.method === method)
    if (!hit) {
      try {
        return super.find(method, path)
      } catch {
        throw new ApiError(405, 'Method not allowed')
      }
    }
    const { served, params } = hit
    return { answer: served.endpoint.answer, handler: (req) => this.run(served, params, req) }
  }

  private async run(served: Served, params: unknown, req: RequestInput) {
    const { endpoint } = served
    if (served.offered && !served.offered()) throw new ApiError(404, 'Not found')
    const caller = await callerOf(this.ctx, endpoint, req)
    const query = endpoint.query ? readInput(endpoint.query, Object.fromEntries(req.query)) : undefined
    const body = endpoint.body ? readInput(endpoint.body, jsonObjectBody(req)) : undefined
    // Checked against the endpoint's own schemas just above; the types follow from the table.
    const input = { params, query, body, caller, req } as EndpointRequest<Endpoint>
    return served.handler(input)
  }
}
