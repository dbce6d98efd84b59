// Shared by the server tests: environment per test, session cookies made by the real session
// helpers, and a way to catch the redirects that loaders throw.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { z } from 'zod'
import type { Access, EndpointMethod } from '~/../common/contract/endpoints'
import {
  commitSession,
  getSession,
  setAdmin,
  setCustomer,
  type AdminSession,
  type CustomerSession,
} from '~/platform/session.server'
import { startStubProvider, type StubHandler, type StubProvider } from './stub-provider'

export const APP_ORIGIN = 'http://app.test'
export const TEST_SECRET = 'test-secret-newest'

const KEYS = ['PROVIDER_API_URL', 'PROVIDER_TIMEOUT_MS', 'SESSION_SECRET', 'NODE_ENV'] as const

/** Sets process.env for each test of the file and puts the previous values back afterwards. */
export function useTestEnv(values: () => Partial<Record<(typeof KEYS)[number], string>> = () => ({})) {
  let saved: Record<string, string | undefined> = {}
  beforeEach(() => {
    saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]))
    Object.assign(process.env, { NODE_ENV: 'test', SESSION_SECRET: TEST_SECRET, ...values() })
  })
  afterEach(() => {
    const env: Record<string, string | undefined> = process.env
    for (const key of KEYS) {
      if (saved[key] === undefined) delete env[key]
      else env[key] = saved[key]
    }
  })
}

/**
 * A stub provider for the tests of this file (or of the describe block it is called in): started
 * before them and stopped after them, its recorded requests cleared before each test, and
 * PROVIDER_API_URL (and PROVIDER_TIMEOUT_MS when given) pointed at it for each test. The handle
 * stands for the stub once it has started.
 */
export function useStubProvider({ handler, timeoutMs }: { handler?: StubHandler; timeoutMs?: number } = {}): StubProvider {
  let started: StubProvider | undefined
  const current = (): StubProvider => {
    if (!started) throw new Error('the stub provider starts in beforeAll: use it in a hook or a test')
    return started
  }
  beforeAll(async () => {
    started = await startStubProvider(handler)
  })
  afterAll(() => started?.close())
  beforeEach(() => {
    current().requests.length = 0
  })
  useTestEnv(() => ({
    PROVIDER_API_URL: current().url,
    ...(timeoutMs === undefined ? {} : { PROVIDER_TIMEOUT_MS: String(timeoutMs) }),
  }))
  return {
    get url() {
      return current().url
    },
    get requests() {
      return current().requests
    },
    handle: (next) => current().handle(next),
    requestsTo: (path) => current().requestsTo(path),
    close: () => current().close(),
  }
}

export function customer(overrides: Partial<CustomerSession> = {}): CustomerSession {
  return {
    token: 'customer-access',
    refresh_token: 'customer-refresh',
    is_onboarded: true,
    profile_completed: true,
    medical_completed: true,
    bariatric_completed: true,
    ...overrides,
  }
}

export function admin(overrides: Partial<AdminSession> = {}): AdminSession {
  return {
    access_token: 'admin-access',
    refresh_token: 'admin-refresh',
    roles: ['Standard Admin'],
    user: { id: 1, email: 'admin@example.com', full_name: 'Ada Admin', roles: ['Standard Admin'] },
    ...overrides,
  }
}

/** The `name=value` part of a session cookie holding the given portals. */
export async function sessionCookie(data: { customer?: CustomerSession; admin?: AdminSession }) {
  const session = await getSession(new Request(APP_ORIGIN))
  if (data.customer) setCustomer(session, data.customer)
  if (data.admin) setAdmin(session, data.admin)
  return cookiePair(await commitSession(session))
}

export function cookiePair(setCookie: string): string {
  return setCookie.split(';')[0]
}

/** The `name=value` pairs a response sets, as a Cookie header for the next request. */
export function cookiesFrom(response: Response | Headers): string {
  const headers = response instanceof Response ? response.headers : response
  return headers.getSetCookie().map(cookiePair).join('; ')
}

export function pageRequest(path: string, cookie?: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers)
  if (cookie) headers.set('Cookie', cookie)
  return new Request(`${APP_ORIGIN}${path}`, { ...init, headers })
}

/** The Response a promise rejects with (loaders throw redirects); fails the test otherwise. */
export async function thrownResponse(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
  throw new Error('expected a thrown Response, but the promise resolved')
}

export function location(response: Response): string | null {
  return response.headers.get('Location')
}

/**
 * An endpoint of the test's own, its answer taken as it comes: for tests of the client's transport
 * (tokens, refresh, faults, URLs), which are about no one endpoint's answer. `public` sends no token.
 */
export function rawEndpoint<T = unknown>(method: EndpointMethod, path: string, access: Access = 'customer') {
  return { method, path, access, answer: z.custom<T>(() => true) }
}
