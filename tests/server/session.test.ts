import { describe, expect, it } from 'vitest'
import {
  clearAdmin,
  clearCustomer,
  commitSession,
  getAdmin,
  getCustomer,
  getSeenAt,
  getSession,
  profileFlags,
  setAdmin,
  setCustomer,
  setSeenAt,
  updateCustomer,
} from '~/platform/session.server'
import { admin, cookiePair, customer, pageRequest, sessionCookie, TEST_SECRET, useTestEnv } from './helpers'

useTestEnv()

async function sessionFrom(cookie: string) {
  return getSession(pageRequest('/customer/dashboard', cookie))
}

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, on every path, and not Secure outside production', async () => {
    const session = await getSession(pageRequest('/'))
    setCustomer(session, customer())
    const setCookie = await commitSession(session)
    expect(setCookie).toMatch(/^__session=/)
    expect(setCookie).toMatch(/; HttpOnly/i)
    expect(setCookie).toMatch(/; SameSite=Lax/i)
    expect(setCookie).toMatch(/; Path=\//i)
    expect(setCookie).toMatch(/; Max-Age=604800/i)
    expect(setCookie).not.toMatch(/; Secure/i)
  })

  it('is Secure in production', async () => {
    process.env.NODE_ENV = 'production'
    process.env.SESSION_SECRET = 'a-production-length-secret-0123456789'
    const session = await getSession(pageRequest('/'))
    setCustomer(session, customer())
    expect(await commitSession(session)).toMatch(/; Secure/i)
  })

  it('round-trips both portals and when each was last seen', async () => {
    const session = await getSession(pageRequest('/'))
    setCustomer(session, customer({ full_name: 'Pat Patient' }))
    setAdmin(session, admin())
    setSeenAt(session, 'admin', 1_700_000_000_000)
    const again = await sessionFrom(cookiePair(await commitSession(session)))
    expect(getCustomer(again)).toEqual(customer({ full_name: 'Pat Patient' }))
    expect(getAdmin(again)).toEqual(admin())
    expect(getSeenAt(again, 'admin')).toBe(1_700_000_000_000)
  })

  it('clears one portal and keeps the other', async () => {
    const session = await sessionFrom(await sessionCookie({ customer: customer(), admin: admin() }))
    clearAdmin(session)
    expect(getAdmin(session)).toBeUndefined()
    expect(getCustomer(session)).toBeDefined()
    clearCustomer(session)
    expect(getCustomer(session)).toBeUndefined()
  })

  it('updates the profile flags without touching the tokens', async () => {
    const session = await sessionFrom(await sessionCookie({ customer: customer({ is_onboarded: false }) }))
    updateCustomer(session, { is_onboarded: true })
    expect(getCustomer(session)).toEqual(customer({ is_onboarded: true }))
  })

  it('takes the guard flags from a profile answer', () => {
    const flags = profileFlags({
      profile: {
        id: 1,
        email: 'p@x.co',
        is_onboarded: false,
        profile_completed: true,
        medical_completed: true,
        bariatric_completed: false,
      },
      personal: null,
      medical_history: null,
      bariatric_surgery: null,
      device_information: null,
      preferences: null,
    })
    expect(flags).toEqual({
      is_onboarded: false,
      profile_completed: true,
      medical_completed: true,
      bariatric_completed: false,
    })
  })

  it('stays under 4096 bytes with 600-character tokens in both portals', async () => {
    // Spread over the whole base64url alphabet, like real tokens, so URL-encoding costs what it would.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const token = (seed: string) =>
      Array.from({ length: 600 }, (_, i) => alphabet[(i * 37 + seed.charCodeAt(0)) % 64]).join('')
    const session = await getSession(pageRequest('/'))
    setCustomer(
      session,
      customer({ token: token('a1'), refresh_token: token('b2'), full_name: 'Patricia Q. Patient' }),
    )
    setAdmin(
      session,
      admin({
        access_token: token('c3'),
        refresh_token: token('d4'),
        roles: ['Super Admin', 'Standard Admin'],
        user: {
          id: 12345,
          email: 'someone.long@example-hospital.org',
          full_name: 'Administrator Name',
          roles: ['Super Admin', 'Standard Admin'],
        },
      }),
    )
    setSeenAt(session, 'customer')
    const setCookie = await commitSession(session)
    expect(new TextEncoder().encode(setCookie).length).toBeLessThan(4096)
    expect(getAdmin(await sessionFrom(cookiePair(setCookie)))?.access_token).toBe(token('c3'))
  })
})

describe('cookie integrity', () => {
  it('treats a tampered cookie as signed out', async () => {
    const cookie = await sessionCookie({ customer: customer() })
    const [name, value] = cookie.split('=', 2) as [string, string]
    const decoded = decodeURIComponent(value)
    const dot = decoded.lastIndexOf('.')
    // Re-encode a different payload and keep the old signature.
    const forged = btoa(JSON.stringify({ customer: customer({ token: 'stolen' }) })) + decoded.slice(dot)
    expect(getCustomer(await sessionFrom(`${name}=${encodeURIComponent(forged)}`))).toBeUndefined()
    // Flipping one character of the signature is refused as well.
    const flipped = decoded.slice(0, -2) + (decoded.at(-2) === 'A' ? 'B' : 'A') + decoded.at(-1)
    expect(getCustomer(await sessionFrom(`${name}=${encodeURIComponent(flipped)}`))).toBeUndefined()
    // The untouched cookie still works (the two refusals above are not an accident of setup).
    expect(getCustomer(await sessionFrom(cookie))).toBeDefined()
  })

  it('treats a cookie signed with a foreign secret as signed out', async () => {
    process.env.SESSION_SECRET = 'someone-elses-secret'
    const foreign = await sessionCookie({ customer: customer(), admin: admin() })
    process.env.SESSION_SECRET = TEST_SECRET
    const session = await sessionFrom(foreign)
    expect(getCustomer(session)).toBeUndefined()
    expect(getAdmin(session)).toBeUndefined()
  })

  it('keeps old sessions valid across a secret rotation and signs new ones with the newest secret', async () => {
    process.env.SESSION_SECRET = 'old-secret'
    const old = await sessionCookie({ customer: customer() })

    process.env.SESSION_SECRET = 'new-secret,old-secret'
    const session = await sessionFrom(old)
    expect(getCustomer(session)).toEqual(customer())
    const resigned = cookiePair(await commitSession(session))

    // Once the old secret is retired, only the re-signed cookie survives.
    process.env.SESSION_SECRET = 'new-secret'
    expect(getCustomer(await sessionFrom(resigned))).toEqual(customer())
    expect(getCustomer(await sessionFrom(old))).toBeUndefined()
  })

  it('treats a validly signed cookie of an unknown shape as signed out', async () => {
    const session = await getSession(pageRequest('/'))
    session.set('customer', { token: 'x' } as never)
    session.set('admin', { roles: 'Super Admin' } as never)
    const again = await sessionFrom(cookiePair(await commitSession(session)))
    expect(getCustomer(again)).toBeUndefined()
    expect(getAdmin(again)).toBeUndefined()
  })
})
