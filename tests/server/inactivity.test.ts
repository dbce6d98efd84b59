import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activityScope, isIdle } from '~/platform/activity.server'
import { requireAdmin, requireCustomer } from '~/platform/guards.server'
import { commitSession, getSeenAt, getSession, restampedSessionCookie, setAdmin, setCustomer, setSeenAt } from '~/platform/session.server'
import { admin, APP_ORIGIN, cookiePair, customer, pageRequest, useTestEnv } from './helpers'

const MINUTE = 60_000

/** A session cookie whose portals were last seen at the given times (undefined: never stamped). */
async function sessionSeen(seen: { customer?: number; admin?: number }) {
  const session = await getSession(new Request(APP_ORIGIN))
  if ('customer' in seen) setCustomer(session, customer(), seen.customer)
  if ('admin' in seen) setAdmin(session, admin(), seen.admin)
  if (seen.customer === undefined && 'customer' in seen) session.set('seenAt', { ...session.get('seenAt'), customer: undefined })
  return cookiePair(await commitSession(session))
}

describe('isIdle', () => {
  it('is idle only past the limit, and always without a record', () => {
    expect(isIdle(0, 30, 30 * MINUTE)).toBe(false)
    expect(isIdle(0, 30, 30 * MINUTE + 1)).toBe(true)
    expect(isIdle(undefined, 15, 0)).toBe(true)
  })
})

describe('inactivity sign-out in the guards', () => {
  useTestEnv()
  // The guards read Date.now(): frozen, so the limits are checked to the millisecond.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-20T12:00:00Z'))
  })
  afterEach(() => vi.useRealTimers())

  it('signs a patient out after 30 idle minutes, with the reason on the sign-in page', async () => {
    const cookie = await sessionSeen({ customer: Date.now() - 30 * MINUTE - 1 })
    const thrown = await requireCustomer(pageRequest('/customer/dashboard', cookie)).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    const response = thrown as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/customer/signin?redirectTo=%2Fcustomer%2Fdashboard')
    const cookies = response.headers.getSetCookie()
    expect(cookies.some((c) => c.startsWith('__flash='))).toBe(true)
    // The cleared session no longer passes the guard.
    const session = cookies.map(cookiePair).find((c) => c.startsWith('__session='))!
    await expect(requireCustomer(pageRequest('/customer/dashboard', session))).rejects.toBeInstanceOf(Response)
  })

  it('keeps a patient who was active exactly 30 minutes ago, and marks this request as activity', async () => {
    const cookie = await sessionSeen({ customer: Date.now() - 30 * MINUTE })
    const scope = activityScope()
    const context = await scope.run(() => requireCustomer(pageRequest('/customer/dashboard', cookie)))
    expect(context.customer.token).toBe('customer-access')
    expect([...scope.portals]).toEqual(['customer'])
  })

  it('signs out a session that carries no activity record, instead of counting it as active', async () => {
    const cookie = await sessionSeen({ customer: undefined })
    await expect(requireCustomer(pageRequest('/customer/dashboard', cookie))).rejects.toBeInstanceOf(Response)
  })

  it('gives admins 15 minutes, counted on their own portal', async () => {
    const active = await sessionSeen({ admin: Date.now() - 15 * MINUTE, customer: 0 })
    await expect(requireAdmin(pageRequest('/admin/dashboard', active))).resolves.toHaveProperty('admin')
    const idle = await sessionSeen({ admin: Date.now() - 15 * MINUTE - 1, customer: Date.now() })
    const thrown = (await requireAdmin(pageRequest('/admin/dashboard', idle)).catch((e: unknown) => e)) as Response
    expect(thrown.headers.get('Location')).toMatch(/^\/admin\/signin/)
  })
})

describe('background requests (polls, prefetches) do not renew the clock', () => {
  useTestEnv()
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-20T12:00:00Z'))
  })
  afterEach(() => vi.useRealTimers())

  type Guard = (request: Request) => Promise<unknown>
  /**
   * One request through the guard, the way server.ts handles it: inside an activity scope, then
   * the session cookie restamped for the portals it marked (server/activity.ts). Answers the next
   * request's cookie, or null once the guard signed the session out.
   */
  async function visit(guard: Guard, path: string, cookie: string, headers: Record<string, string> = {}) {
    const scope = activityScope()
    const outcome = await scope.run(() => guard(pageRequest(path, cookie, { headers }))).catch((e: unknown) => e)
    if (outcome instanceof Response) return null
    const stamped = restampedSessionCookie(undefined, cookie, scope.portals)
    return stamped ? cookiePair(stamped) : cookie
  }

  /** Requests every 12 s (the open conversation's poll) for 31 minutes; the first refused one's minute. */
  async function requestEvery12s(guard: Guard, path: string, cookie: string | null, headers: Record<string, string> = {}) {
    const start = Date.now()
    while (Date.now() - start <= 31 * MINUTE) {
      vi.setSystemTime(Date.now() + 12_000)
      cookie = await visit(guard, path, cookie!, headers)
      if (cookie === null) return (Date.now() - start) / MINUTE
    }
    return null
  }

  it("a patient's open Messages tab polling alone is signed out at the idle limit; navigations keep it", async () => {
    const fresh = () => sessionSeen({ customer: Date.now() })
    expect(await requestEvery12s(requireCustomer, '/customer/messages?background=1', await fresh())).toBeCloseTo(30.2, 1)
    expect(await requestEvery12s(requireCustomer, '/customer/messages', await fresh())).toBeNull()
  })

  it("an admin's record Messages tab polling alone is signed out at 15 minutes; so is one only prefetching", async () => {
    const fresh = () => sessionSeen({ admin: Date.now() })
    const guard: Guard = (request) => requireAdmin(request)
    expect(await requestEvery12s(guard, '/admin/patient/5?tab=messages&background=1', await fresh())).toBeCloseTo(15.2, 1)
    expect(await requestEvery12s(guard, '/admin/patients', await fresh(), { 'Sec-Purpose': 'prefetch' })).toBeCloseTo(15.2, 1)
    expect(await requestEvery12s(guard, '/admin/patient/5?tab=messages', await fresh())).toBeNull()
  })

  it('a background request is still checked: past the limit it signs the session out', async () => {
    const cookie = await sessionSeen({ customer: Date.now() - 30 * MINUTE - 1 })
    expect(await visit(requireCustomer, '/customer/messages?background=1', cookie)).toBeNull()
  })

  it('a document navigation counts whatever its URL says', async () => {
    const headers = { 'Sec-Fetch-Mode': 'navigate' }
    const seen = await sessionSeen({ customer: Date.now() })
    expect(await requestEvery12s(requireCustomer, '/customer/messages?background=1', seen, headers)).toBeNull()
  })
})

describe('renewing the clock as the response goes out', () => {
  useTestEnv()
  const seenIn = async (setCookie: string | undefined, portal: 'customer' | 'admin') =>
    getSeenAt(await getSession(pageRequest('/', cookiePair(setCookie!))), portal)

  it('restamps the request session for the portals whose guard passed, and only those', async () => {
    const request = await sessionSeen({ customer: 1_000, admin: 2_000 })
    const stamped = restampedSessionCookie(undefined, request, new Set(['customer']), 5_000)
    expect(await seenIn(stamped, 'customer')).toBe(5_000)
    expect(await seenIn(stamped, 'admin')).toBe(2_000)
  })

  it('stamps the session the response itself sets (a refreshed token), never overwriting it', async () => {
    const request = await sessionSeen({ customer: 1_000 })
    const refreshed = await getSession(pageRequest('/', request))
    setCustomer(refreshed, customer({ token: 'refreshed-access' }), 1_000)
    const stamped = restampedSessionCookie(await commitSession(refreshed), request, new Set(['customer']), 9_000)
    const after = await getSession(pageRequest('/', cookiePair(stamped!)))
    expect(after.get('customer')?.token).toBe('refreshed-access')
    expect(getSeenAt(after, 'customer')).toBe(9_000)
  })

  it('stamps nothing when no guard passed, or the response ends the session', async () => {
    const request = await sessionSeen({ customer: 1_000 })
    expect(restampedSessionCookie(undefined, request, new Set(), 5_000)).toBeUndefined()
    expect(restampedSessionCookie('__session=; Max-Age=0; Path=/', request, new Set(['customer']), 5_000)).toBeUndefined()
  })

  it('does not create a record for a portal that is not signed in', async () => {
    const session = await getSession(new Request(APP_ORIGIN))
    setSeenAt(session, 'admin', 1)
    session.unset('admin')
    const stamped = restampedSessionCookie(undefined, cookiePair(await commitSession(session)), new Set(['customer']), 5_000)
    expect(await seenIn(stamped, 'customer')).toBeUndefined()
  })
})
