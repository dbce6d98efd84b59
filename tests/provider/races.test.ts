// What was safe only because one synchronous connection served every request is now
// made explicit in SQL (conditional UPDATEs checked by rows affected, ON CONFLICT DO NOTHING, one
// transaction with the rows locked). These run each race through HTTP with the requests in flight
// together; the provider-pg project runs the same file against PostgreSQL.
import { describe, expect, test } from 'vitest'
import { countActiveSuperAdmins, setRole } from '../../provider/store/admins'
import { GOOD_PASSWORD, SUPER } from '../support/fixtures'
import {
  lastMailTo,
  linkParams,
  login,
  signUp,
  uniqueEmail,
  useTestProvider,
  verifiedCustomer,
  withTestProvider,
} from './helpers'

const provider = useTestProvider()

const statuses = (responses: { status: number }[]) => responses.map((res) => res.status).sort()

describe('single-use codes: of two redemptions at once exactly one wins', () => {
  test('e-mail verification link', async () => {
    const email = uniqueEmail()
    await signUp(provider, email)
    const params = linkParams((await lastMailTo(provider, email))!.links[0])
    const both = await Promise.all([
      provider.call('GET', `v1/auth/verify-email-token/?${params}`),
      provider.call('GET', `v1/auth/verify-email-token/?${params}`),
    ])
    expect(statuses(both)).toEqual([200, 400])
  })

  test('password reset link', async () => {
    const { email } = await verifiedCustomer(provider)
    await provider.call('POST', 'v1/auth/forgot_password/', { body: { email, portal: 'customer' } })
    const token = linkParams((await lastMailTo(provider, email))!.links[0]).get('token')
    const submit = (password: string) =>
      provider.call('POST', 'v1/auth/reset_password/submit/', {
        body: { token, new_password: password, conf_password: password },
      })
    const both = await Promise.all([submit('First#Pass1'), submit('Second#Pass2')])
    expect(statuses(both)).toEqual([200, 400])
    const winner = both[0].status === 200 ? 'First#Pass1' : 'Second#Pass2'
    await login(provider, 'customer', email, winner)
  })

  test('device consent code', async () => {
    const { access } = await verifiedCustomer(provider)
    const started = await provider.call('POST', 'v1/auth/devices/connect/', {
      token: access,
      body: { service: 'demo_health', redirect_uri: 'http://app.test:3000/customer/devices/callback' },
    })
    const { state } = started.json.content as { state: string }
    const answered = await provider.call('POST', '__dev/devices/consent/', { body: { state, decision: 'allow' } })
    const code = new URL((answered.json.content as { redirect_to: string }).redirect_to).searchParams.get('code')
    const complete = () =>
      provider.call('POST', 'v1/auth/devices/complete/', {
        token: access,
        body: { service: 'demo_health', code, state },
      })
    const both = await Promise.all([complete(), complete()])
    expect(statuses(both)).toEqual([200, 400])
  })
})

test('device re-sync racing itself never duplicates an imported reading', async () => {
  const { access } = await verifiedCustomer(provider)
  const started = await provider.call('POST', 'v1/auth/devices/connect/', {
    token: access,
    body: { service: 'demo_health', redirect_uri: 'http://app.test:3000/customer/devices/callback' },
  })
  const { state } = started.json.content as { state: string }
  const answered = await provider.call('POST', '__dev/devices/consent/', { body: { state, decision: 'allow' } })
  const code = new URL((answered.json.content as { redirect_to: string }).redirect_to).searchParams.get('code')
  await provider.call('POST', 'v1/auth/devices/complete/', { token: access, body: { service: 'demo_health', code, state } })
  const syncs = await Promise.all(
    Array.from({ length: 4 }, () =>
      provider.call('POST', 'v1/auth/devices/sync/', { token: access, body: { service: 'demo_health' } }),
    ),
  )
  expect(statuses(syncs)).toEqual([200, 200, 200, 200])
  const today = new Date().toISOString().slice(0, 10)
  const from = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10)
  const listed = await provider.call('GET', `v1/auth/entries/weight/?from=${from}&to=${today}`, { token: access })
  const days = (listed.json.content as { date: string }[]).map((entry) => entry.date)
  expect(days.length).toBeGreaterThan(0)
  expect(new Set(days).size).toBe(days.length)
})

test('sign-in failures racing in are all counted: past the 5 free ones, parallel guesses are refused', async () => {
  const { email } = await verifiedCustomer(provider)
  const guesses = await Promise.all(
    Array.from({ length: 14 }, (_, index) =>
      provider.call('POST', 'v1/auth/login/', { body: { email, password: `Wrong#Pass${index}` } }),
    ),
  )
  // The 6th and later see five attempts ahead of them, the latest just now: each must wait.
  expect(guesses.filter((res) => res.status === 401)).toHaveLength(5)
  expect(guesses.filter((res) => res.status === 429)).toHaveLength(9)
  const right = await provider.call('POST', 'v1/auth/login/', { body: { email, password: GOOD_PASSWORD } })
  expect(right.status).toBe(429)
})

test('the last Super Admin rule holds when two Super Admins demote each other at once', async () => {
  await withTestProvider({}, async (solo) => {
    const first = (await login(solo, 'admin', SUPER.email, SUPER.password)).access
    const email = uniqueEmail('second')
    await solo.call('POST', 'v1/admin/admins/invite/', {
      token: first,
      body: { email, full_name: 'Second Super', role: 'Super Admin' },
    })
    const link = new URL((await lastMailTo(solo, email))!.links[0])
    await solo.call('POST', 'v1/auth/reset_password/submit/', {
      body: { token: link.searchParams.get('token'), new_password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD },
    })
    const second = (await login(solo, 'admin', email, GOOD_PASSWORD)).access
    const admins = (await solo.call('GET', 'v1/admin/admins/', { token: first })).json.content as {
      id: number
      email: string
    }[]
    const idOf = (address: string) => admins.find((admin) => admin.email === address)!.id
    const demote = (token: string, id: number) =>
      solo.call('PUT', `v1/admin/admins/${id}/role/`, { token, body: { role: 'Standard Admin' } })
    const both = await Promise.all([demote(first, idOf(email)), demote(second, idOf(SUPER.email))])
    // One demotion wins. The other is refused: 409 when both got past sign-in checks before either
    // committed, 401 when the winner had already retired the loser's sessions.
    expect(both.filter((res) => res.status === 200)).toHaveLength(1)
    const loser = both.find((res) => res.status !== 200)!
    expect([401, 409]).toContain(loser.status)

    // The same race straight on the store, where both transactions are certainly in flight at once.
    const store = solo.db
    expect(await countActiveSuperAdmins(store)).toBe(1)
    await store.run("UPDATE accounts SET role = 'Super Admin' WHERE id IN (?, ?)", [idOf(email), idOf(SUPER.email)])
    const results = await Promise.all([
      setRole(store, idOf(email), 'Standard Admin'),
      setRole(store, idOf(SUPER.email), 'Standard Admin'),
    ])
    expect(results.sort()).toEqual([false, true])
    expect(await countActiveSuperAdmins(store)).toBe(1)
  })
})

test('alert acknowledgement: of two admins at once, one acknowledges and the other gets the 409', async () => {
  const standard = (await login(provider, 'admin', 'admin@baricare.test', 'Standard#Admin1')).access
  const seeded = await provider.call('POST', '__dev/seed-patients/', {
    body: {
      prefix: `Race ${Date.now()}`,
      patients: [{ surgery_type: 'Duodenal Switch', weights: [{ days_ago: 12, kg: 100 }], meals: [] }],
    },
  })
  const [patient] = seeded.json.content as { id: number }[]
  const open = await provider.call('GET', `v1/admin/alerts/?status=open&patient=${patient.id}`, { token: standard })
  const [alert] = (open.json.content as { items: { id: number }[] }).items
  const acknowledge = (note: string) =>
    provider.call('POST', `v1/admin/alerts/${alert.id}/acknowledge/`, { token: standard, body: { note } })
  const both = await Promise.all([acknowledge('First note'), acknowledge('Second note')])
  expect(statuses(both)).toEqual([200, 409])
  const winner = both.find((res) => res.status === 200)!
  const note = (winner.json.content as { note: string }).note
  const listed = await provider.call('GET', `v1/admin/alerts/?patient=${patient.id}`, { token: standard })
  expect((listed.json.content as { items: { id: number; note: string }[] }).items.find((a) => a.id === alert.id)!.note).toBe(note)
})

describe('sign-up', () => {
  test('two sign-ups with one e-mail at once: one account, the other a 409', async () => {
    const email = uniqueEmail()
    const body = { email, password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD }
    const both = await Promise.all([
      provider.call('POST', 'v1/auth/signup/', { body }),
      provider.call('POST', 'v1/auth/signup/', { body }),
    ])
    expect(statuses(both)).toEqual([201, 409])
  })
})
