import { describe, expect, it } from 'vitest'
import { commitSession, getCustomer, getSession, setAdmin, setCustomer } from '~/platform/session.server'
import { admin, cookiePair, customer, pageRequest, useTestEnv } from './helpers'

useTestEnv()

// Every way someone holding a copy of the cookie could try to read it.
function readings(value: string): string[] {
  const decoded = decodeURIComponent(value)
  const payload = decoded.replace(/^v1\./, '')
  return [value, decoded, ...[decoded, payload].flatMap((v) => [Buffer.from(v, 'base64').toString('latin1'), Buffer.from(v, 'base64url').toString('latin1')])]
}

describe('the session cookie is sealed', () => {
  it('shows neither tokens nor the patient name to whoever holds a copy', async () => {
    const session = await getSession(pageRequest('/'))
    setCustomer(session, customer({ token: 'customer-access-SECRET', refresh_token: 'customer-refresh-SECRET', full_name: 'Pat Patient' }))
    setAdmin(session, admin({ access_token: 'admin-access-SECRET' }))
    const pair = cookiePair(await commitSession(session))
    const value = pair.slice(pair.indexOf('=') + 1)
    for (const text of readings(value)) {
      expect(text).not.toMatch(/SECRET|Pat Patient|refresh_token|customer/)
    }
    // …and the server still reads it back.
    expect(getCustomer(await getSession(pageRequest('/', pair)))?.full_name).toBe('Pat Patient')
  })

  it('is sealed afresh on every commit (a random IV), so two cookies of one session differ', async () => {
    const session = await getSession(pageRequest('/'))
    setCustomer(session, customer())
    expect(await commitSession(session)).not.toBe(await commitSession(session))
  })

  it('treats an old signed-JSON cookie as signed out instead of failing', async () => {
    const legacy = `__session=${encodeURIComponent(btoa(JSON.stringify({ customer: customer() })))}.c2lnbmF0dXJl`
    expect(getCustomer(await getSession(pageRequest('/', legacy)))).toBeUndefined()
  })
})
