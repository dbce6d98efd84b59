import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ProviderContext } from './context.js'
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db/unavailable.js'
import { handleFhirRequest, isFhirPath } from './fhir/http.js'
import type { FhirRoute } from './fhir/types.js'
import { ApiError } from './errors.js'
import {
  answerMismatch,
  readBody,
  type Router,
  sendJson,
  sendJsonText,
  tryParseJson,
  unstorableTextError,
  type Reply,
  type RequestInput,
  type StreamedFile,
} from './http.js'
import { isLoopbackAddress, mayReadMetrics, metricsText, recordApiRequest, routeLabel } from './metrics.js'
import type { RequestLog } from './request-log.js'
import { bearerIdentity } from './sessions.js'
import { AuditWriteError } from './store/audit.js'
import type { Portal } from './tokens.js'

const DEV_PREFIX = '__dev/'

/**
 * In production the answers of each schema are checked one in this many (the first included): a
 * check is a full zod parse, a tenth of the API's time on a busy page, and it can only log there.
 * Tests and development check every answer; the app checks every answer it reads.
 */
export const PRODUCTION_CHECK_EVERY = 64

/** Whether this answer to `schema` is to be checked in production: the 1st, the 65th, … */
function sampler() {
  const seen = new WeakMap<object, number>()
  return (schema: object): boolean => {
    const count = seen.get(schema) ?? 0
    seen.set(schema, count + 1)
    return count % PRODUCTION_CHECK_EVERY === 0
  }
}

function parseUrl(raw: string | undefined): URL | null {
  try {
    // Concatenated rather than resolved: `new URL('//v1/x', base)` would read "v1" as a host name.
    const target = raw ?? '/'
    return target.startsWith('/') ? new URL(`http://provider.invalid${target}`) : new URL(target)
  } catch {
    return null
  }
}

/**
 * Turns every outcome into the contract's JSON: `{ message, content }` on success,
 * `{ message, data }` on error; an unexpected exception becomes a bare 500 and a log line.
 */
export function createRequestHandler(ctx: ProviderContext, router: Router, requestLog: RequestLog | null, fhirRoutes?: readonly FhirRoute[]) {
  // Read once: tests and development must hear about an answer that breaks the contract; a
  // production user should still get the answer (the app checks what it reads anyway), and a
  // sample of answers is enough for the log to show a drift (PRODUCTION_CHECK_EVERY).
  const strictAnswers = process.env.NODE_ENV !== 'production'
  const sampled = sampler()
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now()
    const url = parseUrl(req.url)
    const path = url ? url.pathname.replace(/^\/+/, '') : ''
    if (path === 'metrics' && req.method === 'GET') return sendMetrics(req, res)
    let matched = false
    const input: RequestInput = {
      method: req.method ?? 'GET',
      path,
      query: url?.searchParams ?? new URLSearchParams(),
      headers: req.headers,
      rawBody: '',
    }
    let status = 500
    let undrained = false
    let aborted = false
    // A FHIR request is logged and counted by its route's pattern (`/fhir/Patient/:id`): its path
    // and query can hold a patient's identifiers.
    let fhirRoute: string | null | undefined
    try {
      const body = await readBody(req)
      if (body.kind === 'aborted') {
        aborted = true
        res.destroy()
        return
      }
      // An unread upload must not be taken for the next request on a kept-alive connection.
      undrained = body.kind === 'too-large' && !body.drained
      if (!url) throw new ApiError(400, 'Malformed request URL')
      if (isFhirPath(path)) {
        fhirRoute = null
        if (undrained) res.setHeader('Connection', 'close')
        const rawBody = body.kind === 'complete' ? body.text : null
        const outcome = await handleFhirRequest(ctx, req, res, { ...input, rawBody }, fhirRoutes)
        status = outcome.status
        fhirRoute = outcome.route
        return
      }
      const route = router.find(input.method, path)
      matched = true
      if (body.kind === 'too-large') {
        throw new ApiError(413, 'Request body is too large (limit 100 kB)')
      }
      input.rawBody = body.text
      const unstorable = unstorableTextError(input)
      if (unstorable) throw unstorable
      const reply: Reply = await route.handler(input)
      if (reply.file) {
        status = reply.status ?? 200
        await sendFile(ctx, res, status, reply.file, `${input.method} /${path}`)
        return
      }
      const made = reply.contentJson
      // Text the database made is checked where the check can fail a test (strictAnswers); in
      // production parsing it only to check it would undo the point of sending it as it is.
      const checked = made === undefined ? reply.content : strictAnswers ? (JSON.parse(made) as unknown) : undefined
      const check = route.answer && (strictAnswers || (made === undefined && sampled(route.answer)))
      const mismatch = check && route.answer ? answerMismatch(route.answer, checked) : null
      if (mismatch) {
        const line = `provider: the answer to ${input.method} /${path} breaks its contract: ${mismatch}`
        if (strictAnswers) throw new Error(line)
        ctx.log(line)
      }
      status = reply.status ?? 200
      if (made === undefined) sendJson(res, status, { message: reply.message, content: reply.content })
      else sendJsonText(res, status, `{"message":${JSON.stringify(reply.message)},"content":${made}}`)
    } catch (error) {
      if (error instanceof ApiError) {
        status = error.status
        sendJson(res, status, { message: error.message, data: error.data }, undrained)
      } else if (error instanceof AuditWriteError) {
        // Nothing was changed or shown (store/audit.ts): the caller may simply try again.
        status = 503
        ctx.log(`provider: audit row not written on ${input.method} /${path}: ${String((error.cause as Error | undefined)?.message ?? error.cause)}`)
        sendJson(res, 503, { message: error.message, data: {} })
      } else if (isDatabaseUnavailable(error)) {
        // A transaction cut off with its connection is rolled back by the server, so the caller
        // can say "try again" and keep what the user typed; one log line, no stack.
        status = 503
        ctx.log(`provider: database unavailable on ${input.method} /${path}: ${(error as Error).message}`)
        sendJson(res, 503, { message: DATABASE_UNAVAILABLE_MESSAGE, data: {} })
      } else {
        status = 500
        ctx.log(
          `provider: internal error on ${input.method} /${path}: ${error instanceof Error ? error.stack : String(error)}`,
        )
        sendJson(res, 500, { message: 'Internal error', data: {} })
      }
    } finally {
      const label = fhirRoute !== undefined ? (fhirRoute ?? routeLabel(path, false)) : routeLabel(path, matched)
      if (!aborted) recordApiRequest(input.method, label, status, (performance.now() - started) / 1000)
      if (requestLog && !aborted && !path.startsWith(DEV_PREFIX)) {
        requestLog.record({
          method: input.method,
          path: fhirRoute !== undefined ? label : `/${path}`,
          query: fhirRoute !== undefined ? namesOnly(input.query) : input.query,
          // A token request's body is its signed assertion; a FHIR body is never worth keeping.
          body: fhirRoute !== undefined ? null : tryParseJson(input.rawBody),
          ...identityOf(bearerIdentity(ctx, req.headers.authorization)),
          status,
          at: new Date().toISOString(),
        })
      }
    }
  }
}

/**
 * A streamed file: never cached (it is a patient's record), written as it is made. A failure after
 * the headers went out can no longer become a JSON error: the connection is cut, so the client sees
 * a broken download rather than a file that looks complete.
 */
async function sendFile(ctx: ProviderContext, res: ServerResponse, status: number, file: StreamedFile, what: string): Promise<void> {
  res.writeHead(status, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '')}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  })
  try {
    await file.write(res)
    if (!res.writableEnded) res.end()
  } catch (error) {
    if (!res.destroyed) ctx.log(`provider: ${what} failed mid-file: ${error instanceof Error ? error.stack : String(error)}`)
    res.destroy()
  }
}

/** The parameters' names with every value hidden. */
function namesOnly(query: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...query.keys()].map((name) => [name, '***']))
}

function identityOf(identity: { portal: Portal; accountId: number } | null) {
  return { auth: identity?.portal ?? null, account_id: identity?.accountId ?? null }
}

/** Prometheus text for this machine or a scraper holding METRICS_TOKEN; a plain 404 for anyone else. */
async function sendMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!mayReadMetrics(isLoopbackAddress(req.socket.remoteAddress), req.headers.authorization, process.env.METRICS_TOKEN)) {
    return sendJson(res, 404, { message: 'Not found', data: {} })
  }
  const { contentType, body } = await metricsText()
  res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' })
  res.end(body)
}
