import { describe, expect, test } from 'vitest'
import { STANDARD } from '../support/fixtures'
import { adminToken, completeProfile, expectError, useTestProvider, verifiedCustomer } from './helpers'

// Sign-ins hash passwords (a patient and an admin here): a loaded machine needs more than the default.
const provider = useTestProvider({}, { timeout: 120_000 })

const TODAY = '2026-11-21'

describe('GET v1/auth/dashboard/ (extension)', () => {
  test('answers what the profile, the two days of entries and the devices calls answer, in one call', async () => {
    const { email, access } = await verifiedCustomer(provider)
    await completeProfile(provider, access)
    const seeded = await provider.call('POST', '__dev/seed-history/', { body: { email, days: 30, today: TODAY, start_kg: 120 } })
    expect(seeded.status, seeded.text).toBe(200)
    // An entry after `today` is neither in the two days nor the newest.
    const later = await provider.call('POST', 'v1/auth/entries/water/', { token: access, body: { date: '2026-11-22', ml: 250 } })
    expect(later.status, later.text).toBe(201)
    // Two messages from the care team, unread: the layout's badge reads them from this call.
    const me = await provider.call('GET', 'v1/auth/profile/', { token: access })
    const patientId = (me.json.content as { profile: { id: number } }).profile.id
    const admin = await adminToken(provider, STANDARD)
    for (const body of ['Welcome.', 'How is the week going?']) {
      const sent = await provider.call('POST', `v1/admin/patients/${patientId}/messages/`, { token: admin, body: { body } })
      expect(sent.status, sent.text).toBe(201)
    }

    const one = await provider.call('GET', `v1/auth/dashboard/?today=${TODAY}`, { token: access })
    expect(one.status, one.text).toBe(200)
    expect(one.json.message).toBe('Dashboard loaded.')
    const [profile, entries, devices, messages] = await Promise.all([
      provider.call('GET', 'v1/auth/profile/', { token: access }),
      provider.call('GET', `v1/auth/entries/?from=2026-11-20&to=${TODAY}`, { token: access }),
      provider.call('GET', 'v1/auth/devices/', { token: access }),
      provider.call('GET', 'v1/auth/messages/?limit=0', { token: access }),
    ])
    expect(one.json.content).toEqual({
      profile: profile.json.content,
      entries: entries.json.content,
      devices: devices.json.content,
      unread: (messages.json.content as { unread: number }).unread,
    })
    const content = one.json.content as { entries: { from: string; meal: unknown[]; latest: { water: { date: string } } } }
    expect(content.entries.from).toBe('2026-11-20')
    expect(content.entries.meal).toHaveLength(6)
    expect(content.entries.latest.water.date).toBe(TODAY)
    expect(one.json.content).toMatchObject({ unread: 2 })
  }, 120_000)

  test('needs a patient token and a valid today', async () => {
    const { access } = await verifiedCustomer(provider)
    expect(expectError(await provider.call('GET', 'v1/auth/dashboard/', { token: access }), 400)).toEqual({
      today: ['Today is required'],
    })
    expect(expectError(await provider.call('GET', 'v1/auth/dashboard/?today=2026-13-01', { token: access }), 400)).toEqual({
      today: ['Today must be a valid date (YYYY-MM-DD)'],
    })
    expectError(await provider.call('GET', `v1/auth/dashboard/?today=${TODAY}`), 401)
  })
})
