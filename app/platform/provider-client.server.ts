// Every call to the provider API goes through here (DESIGN.md §3): base URL, bearer token by page
// portal, timeout, error shape, and the one-refresh-one-retry rule for expired access tokens.
import { createHash } from 'node:crypto'
import { redirect } from '@remix-run/node'
import { BACKGROUND_HEADER } from '~/../common/contract/audit-values'
import { API, pathOf, readSchemaOf, type Endpoint, type ReadAnswerOf } from '~/../common/contract/endpoints'
import { MFA_SETUP_FIRST } from '~/../common/contract/auth-values'
import { callEndpoint, type EndpointArgs } from './api-call.server'
import { isBackgroundRequest } from './background'
import { getEnv } from './env.server'
import { extensionOf, notOfferedSentence } from './extensions'
import {
  currentPath,
  hasIdentityQuery,
  isAuthScreen,
  MFA_SETUP_PATH,
  NOT_AUTHORIZED_PATH,
  portalOf,
  SIGN_IN_PATH,
  signInPathWithRedirect,
  type Portal,
} from './portal'
import {
  faultResult,
  httpErrorResult,
  isRecord,
  notOfferedResult,
  SESSION_EXPIRED_MESSAGE,
  successResult,
  type ProviderFailure,
  type ProviderResult,
} from './provider-errors'
import {
  clearPortal,
  commitSession,
  destroySession,
  getAccessToken,
  getRefreshToken,
  getSession,
  setAccessToken,
  setRefreshToken,
  updateAdmin,
  type AppSession,
} from './session.server'
import { redirectWithToast } from './toast.server'

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

type CallOptions = {
  /** Sent as JSON. */
  body?: unknown
  query?: Record<string, string | undefined>
  /** Send the page portal's bearer token (default). `false` for sign-in, sign-up and friends. */
  auth?: boolean
  /**
   * Send this bearer token instead, and take a 401 as an answer rather than a reason to refresh
   * (sign-out names the session it ends; refreshing it first would be pointless).
   */
  bearer?: string
  /**
   * `'answer'`: a 403 is this call's expected answer, shown on the page as a message, instead of
   * the rule that sends every screen to /not-authorized (see `call`).
   */
  forbidden?: 'answer'
}

export type ProviderClient = {
  readonly portal: Portal
  /** The same session object the client reads tokens from and writes refreshed tokens to. */
  readonly session: AppSession
  /**
   * The one place a response's session cookie is collected: `Set-Cookie` once the session changed
   * (a refreshed token, or `commit()`); else empty. Every answer of the request merges it.
   */
  readonly headers: Headers
  /**
   * A call of the route table: URL from the table, answer checked with its schema
   * (api-call.server.ts). There is no call by path: a provider URL is written once, in the table.
   */
  call<E extends Endpoint>(endpoint: E, ...args: EndpointArgs<E>): Promise<ProviderResult<ReadAnswerOf<E>>>
  /**
   * A GET of the table whose answer is a file (the record ZIP): on success `content` is the
   * provider's Response, its body not yet read, to be passed on as a stream; failures as `call`.
   */
  download(endpoint: Endpoint, params?: Record<string, string | number>): Promise<ProviderResult<Response>>
  /** Puts the session as it is now into `headers` (and returns them), for code that changed `session`. */
  commit(): Promise<Headers>
}

const REFRESH: Record<Portal, Endpoint> = {
  customer: API.auth.refresh,
  admin: API.admin.refresh,
}

// A loader that arrives a moment after a refresh, still carrying the stale cookie (parallel
// loaders of one navigation, a second tab), reuses the new access token for this long instead of
// refreshing again. Access tokens live minutes, so this stays well inside their lifetime.
const REFRESH_REUSE_MS = 60_000

// Request Timeout and Too Many Requests say "not now", not "never".
const TRANSIENT_STATUSES = new Set([408, 429])

type RefreshOutcome =
  | { kind: 'ok'; access: string; refresh?: string }
  | { kind: 'rejected' } | { kind: 'unavailable'; failure: ProviderFailure }

/** `access`: the token a successful refresh gave, once it has arrived. */
type RefreshEntry = { outcome: Promise<RefreshOutcome>; reuseUntil: number; access?: string }

// Keyed by a hash so that refresh tokens are not kept around in plain text.
const refreshes = new Map<string, RefreshEntry>()

/** Forgets shared refreshes; for tests that reuse tokens. */
export function resetRefreshCache(): void {
  refreshes.clear()
}

function providerUrl(path: string, query?: CallOptions['query']): URL {
  const base = getEnv().PROVIDER_API_URL
  if (!base) throw new Error('PROVIDER_API_URL is not set')
  // SPEC.md §7 spells paths both with and without a leading '/'; both are relative to the base.
  const url = new URL(path.replace(/^\/+/, ''), base)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, value)
  }
  return url
}

/** Not found, method not allowed, not implemented: how a server answers a path it does not have. */
const NOT_OFFERED_STATUSES = new Set([404, 405, 501])

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
}

function requestHeaders(accept: string, token: string | undefined, background: boolean): Headers {
  const headers = new Headers({ Accept: accept })
  if (token) headers.set('Authorization', `Bearer ${token}`)
  // The API does not audit again a read this page's poll or prefetch repeats.
  if (background) headers.set(BACKGROUND_HEADER, '1')
  return headers
}

async function send(
  method: HttpMethod,
  path: string,
  options: CallOptions,
  token: string | undefined,
  background = false,
): Promise<ProviderResult<unknown>> {
  const url = providerUrl(path, options.query)
  const headers = requestHeaders('application/json', token, background)
  let body: string | undefined
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(options.body)
  }

  let result: ProviderResult<unknown>
  try {
    // The signal also bounds reading the body, so a provider that stalls mid-answer times out too.
    const response = await fetch(url, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(getEnv().PROVIDER_TIMEOUT_MS),
      // A redirect from an API is a misconfiguration; following it could carry the token along.
      redirect: 'manual',
    })
    result = interpret(response.status, await response.text())
  } catch (error) {
    result = faultResult(isTimeout(error) ? 'timeout' : 'network')
  }
  if (!result.ok && result.kind !== 'http') {
    // Method and path only: queries and bodies may carry tokens, e-mails and health data.
    console.warn(`provider ${method} ${url.pathname}: ${result.kind} (status ${result.status})`)
  }
  return result
}

type Sender = typeof send

/**
 * send(), for an answer that is a file: the timeout covers the provider's first answer only (a
 * record of years streams for as long as it takes), and a success that is not JSON comes back
 * with the Response itself as `content`, its body unread. JSON answers (errors) are read as usual.
 */
async function sendForFile(
  method: HttpMethod,
  path: string,
  options: CallOptions,
  token: string | undefined,
  background = false,
): Promise<ProviderResult<unknown>> {
  const url = providerUrl(path, options.query)
  const headers = requestHeaders('application/zip, application/json', token, background)
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), getEnv().PROVIDER_TIMEOUT_MS)
  let result: ProviderResult<unknown>
  try {
    const response = await fetch(url, { method, headers, signal: controller.signal, redirect: 'manual' })
    clearTimeout(timer)
    const type = response.headers.get('content-type') ?? ''
    if (response.ok && !type.includes('json')) return { ok: true, status: response.status, message: '', content: response }
    result = interpret(response.status, await response.text())
  } catch (error) {
    clearTimeout(timer)
    result = faultResult(isTimeout(error) ? 'timeout' : 'network')
  }
  if (!result.ok && result.kind !== 'http') console.warn(`provider ${method} ${url.pathname}: ${result.kind} (status ${result.status})`)
  return result
}

function interpret(status: number, text: string): ProviderResult<unknown> {
  const success = status >= 200 && status < 300
  if (success && text.trim() === '') return successResult(status, {})
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return faultResult('bad-response', status)
  }
  if (!isRecord(parsed) || (status >= 300 && status < 400)) return faultResult('bad-response', status)
  return success ? successResult(status, parsed) : httpErrorResult(status, parsed)
}

async function refreshOnce(portal: Portal, refreshToken: string): Promise<RefreshOutcome> {
  const endpoint = REFRESH[portal]
  const result = await send(endpoint.method, pathOf(endpoint, undefined), { body: { refresh: refreshToken } }, undefined)
  if (result.ok) {
    // Without a usable access token the answer ends the session, as a refusal would.
    const answer = readSchemaOf(endpoint).safeParse(result.content)
    if (!answer.success || answer.data.access === '') return { kind: 'rejected' }
    const { access, refresh } = answer.data
    // SPEC §7 answers `access` only; a provider that rotates refresh tokens adds `refresh`, and the
    // old one stops working, so keeping it would sign the user out at the next expiry.
    return refresh !== undefined && refresh !== '' ? { kind: 'ok', access, refresh } : { kind: 'ok', access }
  }
  // The provider said no (expired, revoked, forged): the session is over. A provider that is down,
  // broken or busy is not the user's fault, so that is reported like any other fault and they stay in.
  if (result.kind === 'http' && result.status < 500 && !TRANSIENT_STATUSES.has(result.status)) {
    return { kind: 'rejected' }
  }
  return { kind: 'unavailable', failure: result }
}

/**
 * One refresh per refresh token at a time; callers that fail together wait for the same one.
 * `refused`: the access token the provider has just refused. A shared result that gave that very
 * token is spent (the provider expired or revoked it since), so it is refreshed again.
 */
function sharedRefresh(portal: Portal, refreshToken: string, refused: string | undefined): Promise<RefreshOutcome> {
  const now = Date.now()
  for (const [key, entry] of refreshes) if (entry.reuseUntil <= now) refreshes.delete(key)

  const key = createHash('sha256').update(`${portal}\n${refreshToken}`).digest('base64url')
  const existing = refreshes.get(key)
  if (existing && !(existing.access !== undefined && existing.access === refused)) return existing.outcome

  const entry: RefreshEntry = { outcome: refreshOnce(portal, refreshToken), reuseUntil: Infinity }
  refreshes.set(key, entry)
  void entry.outcome.then((outcome) => {
    // Only a success is worth sharing later; a failure is retried by whoever comes next.
    if (outcome.kind === 'ok') {
      entry.reuseUntil = Date.now() + REFRESH_REUSE_MS
      entry.access = outcome.access
    } else if (refreshes.get(key) === entry) refreshes.delete(key)
  })
  return entry.outcome
}

export async function createProviderClient(
  request: Request,
  options: { session?: AppSession } = {},
): Promise<ProviderClient> {
  const session = options.session ?? (await getSession(request))
  const pageUrl = new URL(request.url)
  const portal = portalOf(pageUrl.pathname)
  const background = isBackgroundRequest(request)
  const headers = new Headers()

  async function sessionExpired(): Promise<Response> {
    clearPortal(session, portal)
    return redirectWithToast(
      signInPathWithRedirect(portal, currentPath(request)),
      { title: SESSION_EXPIRED_MESSAGE, type: 'destructive' },
      { headers: { 'Set-Cookie': await commitSession(session) } },
    )
  }

  // SPEC.md §8: on an auth screen, or with token/email in the page query, a refused token means
  // the stored session no longer belongs to whoever is here: forget everything.
  async function signedOutEverywhere(): Promise<Response> {
    return redirectWithToast(
      SIGN_IN_PATH[portal],
      { title: SESSION_EXPIRED_MESSAGE, type: 'destructive' },
      { headers: { 'Set-Cookie': await destroySession(session) } },
    )
  }

  // The provider reads an admin's role from its database on every request, so it may refuse what
  // our session still allows (a role changed since sign-in): the same outcome as our own guard, on
  // every screen. Auth screens are left alone: nobody there is signed in yet.
  // The API holds an admin who must set up two-factor sign-in (ADMIN_MFA) to that screen, even
  // when this session did not know it (promoted to Super Admin, or the factor reset since).
  async function throwIfForbidden(result: ProviderResult<unknown>, callOptions: CallOptions): Promise<void> {
    if (result.ok || result.kind !== 'http' || result.status !== 403) return
    if (portal === 'admin' && result.message === MFA_SETUP_FIRST && pageUrl.pathname !== MFA_SETUP_PATH) {
      updateAdmin(session, { mfa_setup_required: true })
      headers.set('Set-Cookie', await commitSession(session))
      throw redirect(MFA_SETUP_PATH, { headers })
    }
    if (callOptions.forbidden === 'answer' || isAuthScreen(pageUrl.pathname)) return
    throw redirect(NOT_AUTHORIZED_PATH, { headers })
  }

  // A provider that implements SPEC.md §7 alone has no extension endpoints: their absence is a
  // sentence on the screen, not a fault (platform/extensions.ts).
  async function callPath<T>(method: HttpMethod, path: string, callOptions: CallOptions = {}, sender: Sender = send): Promise<ProviderResult<T>> {
    const result = await callOnce<T>(method, path, callOptions, sender)
    if (result.ok || !NOT_OFFERED_STATUSES.has(result.status) || result.kind === 'not-offered') return result
    const feature = extensionOf(path)
    return feature ? notOfferedResult(result.status, notOfferedSentence(feature)) : result
  }

  async function callOnce<T>(
    method: HttpMethod,
    path: string,
    callOptions: CallOptions = {},
    sender: Sender = send,
  ): Promise<ProviderResult<T>> {
    if (callOptions.bearer !== undefined) {
      return (await sender(method, path, callOptions, callOptions.bearer || undefined)) as ProviderResult<T>
    }
    const auth = callOptions.auth ?? true
    const sent = auth ? getAccessToken(session, portal) : undefined
    const first = await sender(method, path, callOptions, sent, background)
    // Without a bearer token a 401 or 403 is an answer (wrong credentials, unverified), not a
    // session that ended or a screen this account may not see.
    if (!auth) return first as ProviderResult<T>
    await throwIfForbidden(first, callOptions)
    if (first.ok || first.kind !== 'http' || first.status !== 401) return first as ProviderResult<T>

    if (isAuthScreen(pageUrl.pathname) || hasIdentityQuery(pageUrl)) throw await signedOutEverywhere()

    const refreshToken = getRefreshToken(session, portal)
    const outcome: RefreshOutcome = refreshToken
      ? await sharedRefresh(portal, refreshToken, sent)
      : { kind: 'rejected' }
    if (outcome.kind === 'rejected') throw await sessionExpired()
    if (outcome.kind === 'unavailable') return outcome.failure

    setAccessToken(session, portal, outcome.access)
    if (outcome.refresh) setRefreshToken(session, portal, outcome.refresh)
    headers.set('Set-Cookie', await commitSession(session))
    const retried = await sender(method, path, callOptions, outcome.access, background)
    await throwIfForbidden(retried, callOptions)
    return retried as ProviderResult<T>
  }

  function call<E extends Endpoint>(endpoint: E, ...[input, options]: EndpointArgs<E>): Promise<ProviderResult<ReadAnswerOf<E>>> {
    return callEndpoint(callPath, endpoint, input, options)
  }

  return {
    portal,
    session,
    headers,
    call,
    download: (endpoint, params) => callPath<Response>(endpoint.method, pathOf(endpoint, params), {}, sendForFile),
    async commit() {
      headers.set('Set-Cookie', await commitSession(session))
      return headers
    },
  }
}
