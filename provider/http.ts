import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Writable } from 'node:stream'
import type { ZodTypeAny } from 'zod'
import { holdsUnstorableText, isStorableText, UNSTORABLE_TEXT } from '../common/stored-text'
import { ApiError, type FieldErrors } from './errors.js'

export const BODY_LIMIT_BYTES = 100 * 1024
/** Past this we stop draining an oversized upload and drop the connection instead. */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024

export type Method = 'GET' | 'POST' | 'PUT'
export type JsonObject = Record<string, unknown>

export interface RequestInput {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  /** Raw body text, '' when none was sent. */
  rawBody: string
}

export interface Reply {
  status?: number
  message: string
  /** Absent only beside `contentJson` or `file`. */
  content?: unknown
  /**
   * The content as JSON text already made (by the database), sent as it is in place of `content`:
   * for a large answer, parsing it only to write it again is most of what the API's thread does.
   */
  contentJson?: JsonText<unknown>
  /**
   * A file instead of the JSON envelope (the record download): sent with these headers and
   * written to the response as it is made; `message` and `content` are then not sent.
   */
  file?: StreamedFile
}

export interface StreamedFile {
  contentType: string
  /** The name the browser saves it as. */
  filename: string
  /** Writes the body; the response ends when it resolves. Runs after the headers are sent. */
  write(out: Writable): Promise<void>
}

export type Handler = (req: RequestInput) => Reply | Promise<Reply>

/**
 * The schema (common/contract/) of a route's `content` on success. request-handler.ts checks every
 * answer against it before sending: outside production a mismatch is a 500 and a log line (so tests
 * catch it), in production a log line and the answer still goes out.
 */
export type AnswerSchema = ZodTypeAny

export interface Route {
  method: Method
  /** Path relative to the base URL, no leading slash, trailing slash as the contract lists it. */
  path: string
  /** What `content` looks like on success; see AnswerSchema. */
  answer?: AnswerSchema
  handler: Handler
}

/** What the router found for a request: the handler and the schema its answer is checked against. */
export interface FoundRoute {
  handler: Handler
  answer?: AnswerSchema
}

export class Router {
  private readonly routes = new Map<string, Map<string, FoundRoute>>()

  add(routes: Route[]): void {
    for (const route of routes) {
      const byMethod = this.routes.get(route.path) ?? new Map<string, FoundRoute>()
      byMethod.set(route.method, { handler: route.handler, answer: route.answer })
      this.routes.set(route.path, byMethod)
    }
  }

  /** 404 for an unknown path, 405 for a known path with another method. */
  find(method: string, path: string): FoundRoute {
    const byMethod = this.routes.get(path)
    if (!byMethod) throw new ApiError(404, 'Not found')
    const found = byMethod.get(method)
    if (!found) throw new ApiError(405, 'Method not allowed')
    return found
  }

  /** `METHOD path` of every route that names no answer schema (a test keeps this list empty). */
  unchecked(): string[] {
    const names: string[] = []
    for (const [path, byMethod] of this.routes) {
      for (const [method, found] of byMethod) if (!found.answer) names.push(`${method} ${path}`)
    }
    return names
  }
}

/**
 * Why `content` does not match `schema`, in one line (the first few issues, each with its path), or
 * null when it matches.
 */
export function answerMismatch(schema: AnswerSchema, content: unknown): string | null {
  const result = schema.safeParse(content)
  if (result.success) return null
  return result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(content)'}: ${issue.message}`)
    .join('; ')
}

export type BodyResult =
  | { kind: 'complete'; text: string }
  /** Over the limit; `drained` says whether the connection can still carry our answer normally. */
  | { kind: 'too-large'; drained: boolean }
  /** The client went away mid-request; there is nobody to answer. */
  | { kind: 'aborted' }

/**
 * Reads the whole body even when it is too large, so that the client gets to read our 413 instead
 * of a reset connection; only a truly huge upload is cut short.
 */
export function readBody(req: IncomingMessage): Promise<BodyResult> {
  return new Promise((resolve) => {
    if (Number(req.headers['content-length'] ?? 0) > DRAIN_LIMIT_BYTES) {
      resolve({ kind: 'too-large', drained: false })
      return
    }
    const chunks: Buffer[] = []
    let received = 0
    req.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > DRAIN_LIMIT_BYTES) req.destroy()
      else if (received <= BODY_LIMIT_BYTES) chunks.push(chunk)
    })
    req.on('end', () =>
      resolve(
        received > BODY_LIMIT_BYTES
          ? { kind: 'too-large', drained: true }
          : { kind: 'complete', text: Buffer.concat(chunks).toString('utf8') },
      ),
    )
    // Both only matter before 'end'; a promise settles once, so later calls are no-ops.
    req.on('close', () => resolve({ kind: 'aborted' }))
    req.on('error', () => resolve({ kind: 'aborted' }))
  })
}

export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false
  const type = header.split(';')[0].trim().toLowerCase()
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'))
}

/**
 * The body of a POST/PUT as an object. An empty body counts as `{}` so that missing fields are
 * reported field by field rather than as a malformed request.
 */
export function jsonObjectBody(req: RequestInput): JsonObject {
  if (req.rawBody.trim() === '') return {}
  const contentType = req.headers['content-type']
  if (!isJsonContentType(contentType)) {
    throw new ApiError(415, 'Content-Type must be application/json')
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(req.rawBody)
  } catch {
    throw new ApiError(400, 'Malformed JSON body')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, 'Request body must be a JSON object')
  }
  return parsed as JsonObject
}

/**
 * A 400 for a request with a NUL or a lone surrogate anywhere in its query string or JSON body
 * (common/stored-text.ts), each top-level field that holds one named in `data`; null for any
 * other request. Checked before any handler, so no such text reaches a query or a mail; a body
 * that is not JSON is left to the handler's own 400 or 415.
 */
export function unstorableTextError(req: RequestInput): ApiError | null {
  const fields: FieldErrors = {}
  for (const [key, value] of req.query) {
    if (!isStorableText(key) || !isStorableText(value)) fields[key] = [UNSTORABLE_TEXT]
  }
  let body: unknown = undefined
  try {
    if (req.rawBody.trim() !== '') body = JSON.parse(req.rawBody)
  } catch {
    // Malformed JSON is refused as such by jsonObjectBody.
  }
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) {
      if (!isStorableText(key) || holdsUnstorableText(value)) fields[key] = [UNSTORABLE_TEXT]
    }
  } else if (holdsUnstorableText(body)) {
    return new ApiError(400, UNSTORABLE_TEXT)
  }
  return Object.keys(fields).length > 0 ? new ApiError(400, UNSTORABLE_TEXT, fields) : null
}

/** Best-effort parse used only for the development request log. */
export function tryParseJson(text: string): unknown {
  if (text.trim() === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/** JSON text of a `T`, made elsewhere (by the database) and not parsed on the way through. */
export type JsonText<T> = string & { readonly jsonOf?: T }

export function sendJson(res: ServerResponse, status: number, body: unknown, closeConnection = false): void {
  sendJsonText(res, status, JSON.stringify(body), closeConnection)
}

/** `text` must be JSON: it is sent as it is. */
export function sendJsonText(res: ServerResponse, status: number, text: string, closeConnection = false): void {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...(closeConnection ? { Connection: 'close' } : {}),
  })
  res.end(text)
}
