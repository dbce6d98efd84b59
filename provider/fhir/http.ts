// The FHIR API over HTTP: everything under `fhir/` comes here from request-handler.ts (before the
// `v1/` router). Finds the route, checks the access token, the client's rate and the route's scope,
// and answers resources and OperationOutcomes as `application/fhir+json`, never cached.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ProviderContext } from '../context.js'
import { isDatabaseUnavailable } from '../db/unavailable.js'
import { isJsonContentType } from '../http.js'
import { AuditWriteError } from '../store/audit.js'
import { allowedMethods, findFhirRoute } from './dispatch.js'
import { fhirRoutes } from './routes.js'
import { authenticateFhir } from './token.js'
import { FhirError, grantAllows, operationOutcome, type FhirGrant, type FhirMethod, type FhirReply, type FhirRoute } from './types.js'

export const FHIR_PREFIX = 'fhir'
const FHIR_JSON = 'application/fhir+json; charset=utf-8'
const BASE_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }
const METHODS: readonly string[] = ['GET', 'POST', 'DELETE'] satisfies FhirMethod[]

/** Whether a path (no leading slash) belongs to the FHIR API: `fhir` and `fhir/…`. */
export function isFhirPath(path: string): boolean {
  return path === FHIR_PREFIX || path.startsWith(`${FHIR_PREFIX}/`)
}

export interface FhirHttpInput {
  method: string
  /** The whole path without its leading slash: `fhir/Patient/12`. */
  path: string
  query: URLSearchParams
  /** null when the body was over the API's limit. */
  rawBody: string | null
}

/** What the request log and the metrics may name: the route's pattern, never the raw path. */
export interface FhirOutcome {
  status: number
  /** `/fhir/Patient/:id`, or null when no route matched. */
  route: string | null
}

type Answer = { status: number; headers?: Record<string, string>; body?: unknown }

function outcomeAnswer(status: number, code: string, diagnostics: string, headers?: Record<string, string>): Answer {
  return { status, headers, body: operationOutcome(code, diagnostics) }
}


/** The request's query, plus a form-encoded body's fields (FHIR's `POST …/_search` sends them so). */
function queryOf(input: FhirHttpInput, contentType: string): URLSearchParams {
  const query = new URLSearchParams(input.query)
  if (input.method === 'POST' && contentType === 'application/x-www-form-urlencoded' && input.rawBody) {
    for (const [name, value] of new URLSearchParams(input.rawBody)) query.append(name, value)
  }
  return query
}

/**
 * Answers one FHIR request. Never throws: every failure is an OperationOutcome (an unexpected one a
 * 500 without details and one log line). `routes` is the FHIR route table; tests pass their own.
 */
export async function handleFhirRequest(
  ctx: ProviderContext,
  req: IncomingMessage,
  res: ServerResponse,
  input: FhirHttpInput,
  routes: readonly FhirRoute[] = fhirRoutes,
): Promise<FhirOutcome> {
  const path = input.path.slice(FHIR_PREFIX.length).replace(/^\/+/, '').replace(/\/+$/, '')
  const found = METHODS.includes(input.method) ? findFhirRoute(routes, input.method, path) : findFhirRoute(routes, '', path)
  if (found === null) return send(ctx, res, null, outcomeAnswer(404, 'not-found', 'No FHIR endpoint at this path (see fhir/metadata).'))
  if (found === 'method-not-allowed') {
    return send(ctx, res, null, outcomeAnswer(405, 'not-supported', `${input.method} is not supported here.`, { Allow: allowedMethods(routes, path) }))
  }
  const { route, params } = found
  const label = `/${FHIR_PREFIX}/${route.path}`
  let grant: FhirGrant | null = null
  try {
    if (input.rawBody === null) return send(ctx, res, label, outcomeAnswer(413, 'too-costly', 'The request body is too large (limit 100 kB).'))
    const contentType = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
    if (route.need.kind !== 'public') {
      grant = await authenticateFhir(ctx, req.headers.authorization)
      if (!grant) {
        const presented = req.headers.authorization !== undefined
        return send(
          ctx,
          res,
          label,
          outcomeAnswer(401, 'login', presented ? 'The access token is invalid or has expired.' : 'An access token is required (Authorization: Bearer).', {
            'WWW-Authenticate': presented ? 'Bearer realm="fhir", error="invalid_token"' : 'Bearer realm="fhir"',
          }),
        )
      }
      const decision = ctx.fhir.requests.take(grant.clientId)
      if (!decision.ok) {
        return send(ctx, res, label, outcomeAnswer(429, 'throttled', 'Too many requests from this client; try again later.', { 'Retry-After': String(decision.retryAfterSeconds) }))
      }
      const need = route.need
      if (need.kind === 'resource' && !grantAllows(grant, need.resourceType, need.mode)) {
        return send(ctx, res, label, outcomeAnswer(403, 'forbidden', `This client's scopes do not cover ${need.resourceType} (${need.mode === 'r' ? 'read' : 'search'}).`))
      }
    }
    // The token endpoint reads its own form and answers in OAuth's words, not FHIR's.
    if (route.need.kind !== 'public' && input.rawBody.trim() !== '' && isJsonContentType(contentType)) {
      try {
        JSON.parse(input.rawBody)
      } catch {
        return send(ctx, res, label, outcomeAnswer(400, 'invalid', 'The request body is not valid JSON.'))
      }
    }
    const reply = await route.handle({
      ctx,
      method: input.method as FhirMethod,
      path,
      params,
      query: queryOf(input, contentType),
      headers: req.headers,
      rawBody: input.rawBody,
      grant,
      baseUrl: ctx.fhir.baseUrl,
    })
    return await send(ctx, res, label, reply)
  } catch (error) {
    if (error instanceof FhirError) {
      const headers: Record<string, string> | undefined = error.status === 401 ? { 'WWW-Authenticate': 'Bearer realm="fhir"' } : undefined
      return send(ctx, res, label, outcomeAnswer(error.status, error.code, error.message, headers))
    }
    if (error instanceof AuditWriteError || isDatabaseUnavailable(error)) {
      // Nothing was shown without its audit row; the client may try again.
      ctx.log(`provider: database unavailable on ${input.method} ${label}: ${error instanceof Error ? error.message : String(error)}`)
      return send(ctx, res, label, outcomeAnswer(503, 'transient', 'The service is briefly unavailable; try again.', { 'Retry-After': '5' }))
    }
    // The pattern, not the path: a FHIR path or query can hold a patient's identifiers.
    ctx.log(`provider: internal error on ${input.method} ${label}: ${error instanceof Error ? error.stack : String(error)}`)
    return send(ctx, res, label, outcomeAnswer(500, 'exception', 'Internal error.'))
  }
}

async function send(ctx: ProviderContext, res: ServerResponse, route: string | null, reply: FhirReply): Promise<FhirOutcome> {
  if (res.headersSent || res.destroyed) return { status: reply.status, route }
  if ('stream' in reply) {
    res.writeHead(reply.status, { 'Content-Type': FHIR_JSON, ...BASE_HEADERS, ...reply.headers })
    try {
      await reply.stream(res)
      if (!res.writableEnded) res.end()
    } catch (error) {
      // The headers are out: the only honest signal left is a cut connection, not a complete-looking file.
      if (!res.destroyed) ctx.log(`provider: ${route ?? 'fhir'} failed mid-stream: ${error instanceof Error ? error.stack : String(error)}`)
      res.destroy()
    }
    return { status: reply.status, route }
  }
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body)
  res.writeHead(reply.status, {
    ...(reply.body === undefined ? {} : { 'Content-Type': FHIR_JSON }),
    'Content-Length': Buffer.byteLength(text),
    ...BASE_HEADERS,
    ...reply.headers,
  })
  res.end(text)
  return { status: reply.status, route }
}
