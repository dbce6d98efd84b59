import { describe, expect, it } from 'vitest'
import { ACTIVITY_COOKIE, encodeActivity, isIdle, readActivity } from '~/lib/activity.server'
import { requireAdmin, requireCustomer } from '~/lib/guards.server'
import { admin, cookiePair, customer, pageRequest, sessionCookie, TEST_SECRET, useTestEnv } from './helpers'

const MINUTE = 60_000

function activityCookie(activity: Parameters<typeof encodeActivity>[0], secret = TEST_SECRET) {
  return `${ACTIVITY_COOKIE}=${encodeActivity(activity, secret)}`
}

describe('activity cookie', () => {
  it('round-trips and rejects forged or foreign-secret values', () => {
    const value = encodeActivity({ customer: 1000, admin: 2000 }, 's1')
    expect(readActivity(`a=b; ${ACTIVITY_COOKIE}=${value}`, ['s1'])).toEqual({ customer: 1000, admin: 2000 })
    expect(readActivity(`${ACTIVITY_COOKIE}=${value}`, ['other'])).toEqual({})
    const [payload] = value.split('.')
    const forged = Buffer.from(JSON.stringify({ customer: 9e15 })).toString('base64url')
    expect(readActivity(`${ACTIVITY_COOKIE}=${forged}.${value.split('.')[1]}`, ['s1'])).toEqual({})
    expect(readActivity(`${ACTIVITY_COOKIE}=${payload}`, ['s1'])).toEqual({})
    expect(readActivity(`${ACTIVITY_COOKIE}=garbage`, ['s1'])).toEqual({})
    expect(readActivity(null, ['s1'])).toEqual({})
  })

  it('is idle only past the limit, and never without a record', () => {
    expect(isIdle({ customer: 0 }, 'customer', 30, 30 * MINUTE)).toBe(false)
    expect(isIdle({ customer: 0 }, 'customer', 30, 30 * MINUTE + 1)).toBe(true)
    expect(isIdle({}, 'admin', 15, 1e12)).toBe(false)
  })
})

describe('inactivity sign-out in the guards', () => {
  useTestEnv()

  it('signs a patient out after 30 idle minutes, with the reason on the sign-in page', async () => {
    const cookie = `${await sessionCookie({ customer: customer() })}; ${activityCookie({ customer: Date.now() - 31 * MINUTE })}`
    const thrown = await requireCustomer(pageRequest('/customer/dashboard', cookie)).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    const response = thrown as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/customer/signin?redirectTo=%2Fcustomer%2Fdashboard')
    const cookies = response.headers.getSetCookie()
    expect(cookies.some((c) => c.startsWith('__flash='))).toBe(true)
    // The cleared session no longer passes the guard.
    const session = cookies.map(cookiePair).find((c) => c.startsWith('__session='))!
    await expect(requireCustomer(pageRequest('/customer/dashboard', session))).rejects.toBeInstanceOf(
      Response,
    )
  })

  it('keeps a patient who was active 29 minutes ago', async () => {
    const cookie = `${await sessionCookie({ customer: customer() })}; ${activityCookie({ customer: Date.now() - 29 * MINUTE })}`
    await expect(requireCustomer(pageRequest('/customer/dashboard', cookie))).resolves.toHaveProperty(
      'customer',
    )
  })

  it('gives admins 15 minutes, counted on their own portal', async () => {
    const active = `${await sessionCookie({ admin: admin() })}; ${activityCookie({ admin: Date.now() - 14 * MINUTE, customer: 0 })}`
    await expect(requireAdmin(pageRequest('/admin/dashboard', active))).resolves.toHaveProperty('admin')
    const idle = `${await sessionCookie({ admin: admin() })}; ${activityCookie({ admin: Date.now() - 16 * MINUTE, customer: Date.now() })}`
    const thrown = (await requireAdmin(pageRequest('/admin/dashboard', idle)).catch(
      (e: unknown) => e,
    )) as Response
    expect(thrown.headers.get('Location')).toMatch(/^\/admin\/signin/)
  })
})
