// Closing a patient's account (docs/provider-api.md "Closing an account") and the retention job
// that deletes the record once RECORD_RETENTION_YEARS have passed. Withings is the local simulator,
// configured as a clinic's real application would be, so the revoke is the signed one Withings gets.
// The retention job's clock is moved through POST __dev/run-retention/?now=…, never waited for.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  ACCOUNT_ALREADY_CLOSED,
  ACCOUNT_CLOSED,
  CLOSED_RECORD_READ_ONLY,
  REFERENCE_REQUIRED,
  WRONG_PASSWORD,
} from '../../common/contract/account-closure-values'
import { startWithingsSimulator, type WithingsSimulator } from '../../provider/dev/withings-simulator'
import type { WithingsConfig } from '../../provider/withings/config'
import { accountClosureFromEnv } from '../../provider/account-closure-settings'
import { GOOD_PASSWORD, STANDARD, SUPER } from '../support/fixtures'
import {
  adminToken,
  completeProfile,
  expectError,
  login,
  mailsTo,
  startTestProvider,
  verifiedCustomer,
  type ApiResponse,
  type TestProvider,
} from './helpers'

vi.setConfig({ testTimeout: 60_000 })

const REDIRECT = 'http://app.test:3000/customer/connect-devices/callback'
const CLIENT = { clientId: 'clinic-app', clientSecret: 'clinic-secret-value' }
const TOKEN_KEY = 'test-device-token-key-of-32-characters!!'
const YEAR_MS = 365.25 * 86_400_000

let simulator: WithingsSimulator
let provider: TestProvider
let superAdmin: string
let standard: string

beforeAll(async () => {
  simulator = await startWithingsSimulator({ clients: [{ ...CLIENT, redirectUris: [REDIRECT] }] })
  const config: WithingsConfig = {
    ...CLIENT,
    redirectUri: REDIRECT,
    authUrl: `${simulator.url}oauth2_user/authorize2`,
    apiUrl: simulator.url,
    notifyCallbackUrl: null,
    tokenKey: TOKEN_KEY,
  }
  provider = await startTestProvider({ withings: { kind: 'configured', config } })
  superAdmin = await adminToken(provider, SUPER)
  standard = await adminToken(provider, STANDARD)
}, 120_000)
afterAll(async () => {
  await provider.close()
  await simulator.close()
})

function ok<T>(res: ApiResponse, status = 200): T {
  expect(res.status, res.text).toBe(status)
  return res.json.content as T
}

async function accountId(on: TestProvider, email: string): Promise<number> {
  const row = await on.db.get<{ id: number }>('SELECT id FROM accounts WHERE email = ?', [email])
  return Number(row!.id)
}

/** A verified, onboarded patient with a weight entry, a message and a reminder on. */
async function patientWithRecord(on: TestProvider = provider) {
  const customer = await verifiedCustomer(on)
  await completeProfile(on, customer.access)
  const id = await accountId(on, customer.email)
  ok(await on.call('POST', 'v1/auth/entries/weight/', { token: customer.access, body: { date: '2026-11-01', weight: 120, weight_unit: 'kg' } }), 201)
  ok(await on.call('POST', 'v1/auth/messages/', { token: customer.access, body: { body: 'Hello team' } }), 201)
  ok(await on.call('PUT', 'v1/auth/reminders/', { token: customer.access, body: { weigh_in: true, time: '08:00', time_zone: 'UTC' } }))
  return { ...customer, id }
}

/** Connects Withings for a signed-in patient through the simulator's consent page. */
async function connectWithings(token: string, withingsEmail: string) {
  const started = ok<{ consent_url: string; state: string }>(
    await provider.call('POST', 'v1/auth/devices/connect/', { token, body: { service: 'withings', redirect_uri: 'http://elsewhere.test/cb' } }),
    201,
  )
  const url = new URL(started.consent_url)
  const form = new URLSearchParams({
    client_id: url.searchParams.get('client_id')!,
    redirect_uri: url.searchParams.get('redirect_uri')!,
    state: url.searchParams.get('state')!,
    scope: url.searchParams.get('scope')!,
    email: withingsEmail,
    decision: 'allow',
  })
  const answer = await fetch(new URL('/oauth2_user/authorize2', url), { method: 'POST', body: form, redirect: 'manual' })
  const back = new URL(answer.headers.get('location')!)
  ok(
    await provider.call('POST', 'v1/auth/devices/complete/', {
      token,
      body: { service: 'withings', code: back.searchParams.get('code'), state: started.state },
    }),
  )
}

async function simulatorUser(withingsEmail: string) {
  const res = await fetch(new URL(`__sim/user?email=${encodeURIComponent(withingsEmail)}`, simulator.url), { method: 'POST' })
  return (await res.json()) as { userid: number; revocations: { userid: number; clientId: string }[] }
}

const closeOwn = (token: string, password: string) => provider.call('POST', 'v1/auth/close-account/', { token, body: { password } })

const runReminders = (now: string) =>
  provider.call('POST', `__dev/run-reminders/?now=${encodeURIComponent(now)}`).then((res) => ok<{ sent: number }>(res).sent)

const runRetention = (on: TestProvider, now: Date) =>
  on.call('POST', `__dev/run-retention/?now=${encodeURIComponent(now.toISOString())}`).then((res) => ok<{ deleted: number }>(res).deleted)

async function auditRows(targetId: number, action: string) {
  return provider.db.all<{ actor_account_id: number | null; actor_email: string; details: Record<string, unknown> }>(
    'SELECT actor_account_id, actor_email, details FROM audit_events WHERE target_account_id = ? AND action = ? ORDER BY id',
    [targetId, action],
  )
}

describe('the patient closes their account', () => {
  test('the password is asked again; a wrong or missing one closes nothing', async () => {
    const patient = await verifiedCustomer(provider)
    expect(ok(await provider.call('GET', 'v1/auth/close-account/', { token: patient.access }))).toEqual({ retention_years: 10, email_reuse: false })
    expectError(await provider.call('GET', 'v1/auth/close-account/', { token: standard }), 401)
    expect(expectError(await closeOwn(patient.access, 'Wrong#Password1'), 400, WRONG_PASSWORD)).toEqual({ password: [WRONG_PASSWORD] })
    expect(expectError(await closeOwn(patient.access, ''), 400).password).toEqual(['Password is required'])
    expectError(await provider.call('POST', 'v1/auth/close-account/', { body: { password: GOOD_PASSWORD } }), 401)
    ok(await provider.call('GET', 'v1/auth/profile/', { token: patient.access }))
  })

  test('sessions end everywhere, sign-in says the account is closed, reminders stop, Withings is revoked, personal details go, the record stays', async () => {
    const patient = await patientWithRecord()
    const otherDevice = await login(provider, 'customer', patient.email, patient.password)
    const withingsEmail = `w-${patient.email}`
    await connectWithings(patient.access, withingsEmail)
    expect(await provider.db.get('SELECT 1 FROM device_tokens WHERE account_id = ?', [patient.id])).toBeDefined()
    // A control patient with the same reminder, so a run that sends nothing proves the skip.
    const control = await patientWithRecord()

    const closed = ok<{ closed_at: string; delete_after: string; retention_years: number; email_freed: boolean }>(
      await closeOwn(patient.access, patient.password),
    )
    expect(closed).toMatchObject({ patient_id: patient.id, retention_years: 10, email_freed: false })
    expect(closed.delete_after).toBe(`${Number(closed.closed_at.slice(0, 4)) + 10}${closed.closed_at.slice(4, 10)}`)

    // Every session: this one, the other device's access and refresh tokens.
    expectError(await provider.call('GET', 'v1/auth/profile/', { token: patient.access }), 401)
    expectError(await provider.call('GET', 'v1/auth/profile/', { token: otherDevice.access }), 401)
    expectError(await provider.call('POST', 'v1/auth/token/refresh/', { body: { refresh: otherDevice.refresh } }), 401)
    expect(await provider.db.get('SELECT 1 FROM refresh_tokens WHERE account_id = ?', [patient.id])).toBeUndefined()
    // Sign-in: the right password hears that the account is closed; a wrong one learns nothing.
    expectError(await provider.call('POST', 'v1/auth/login/', { body: { email: patient.email, password: patient.password } }), 403, ACCOUNT_CLOSED)
    expectError(await provider.call('POST', 'v1/auth/login/', { body: { email: patient.email, password: 'Wrong#Password1' } }), 401, 'Invalid email or password')
    // The address is not freed by default.
    expectError(
      await provider.call('POST', 'v1/auth/signup/', { body: { email: patient.email, password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD } }),
      409,
    )

    // Reminders: the settings are gone, and the job skips a closed account even with settings left.
    expect(await provider.db.get('SELECT 1 FROM reminder_preferences WHERE account_id = ?', [patient.id])).toBeUndefined()
    await provider.sql(
      `INSERT INTO reminder_preferences (account_id, weigh_in, time_of_day, days, time_zone, updated_at) VALUES (?, true, '08:00', 127, 'UTC', now())`,
      patient.id,
    )
    const before = (await mailsTo(provider, patient.email)).length
    expect(await runReminders('2030-01-07T08:00:00Z')).toBeGreaterThanOrEqual(1)
    expect((await mailsTo(provider, control.email)).some((mail) => /weigh/i.test(mail.subject))).toBe(true)
    expect((await mailsTo(provider, patient.email)).length).toBe(before)

    // Withings got the signed revoke for this user; our tokens and the connection are gone.
    const simUser = await simulatorUser(withingsEmail)
    expect(simUser.revocations).toEqual([expect.objectContaining({ userid: simUser.userid, clientId: CLIENT.clientId })])
    expect(await provider.db.get('SELECT 1 FROM device_tokens WHERE account_id = ?', [patient.id])).toBeUndefined()
    expect(await provider.db.get('SELECT 1 FROM device_connections WHERE account_id = ?', [patient.id])).toBeUndefined()

    // Personal details that are not clinical are removed; what identifies the record stays.
    const profile = await provider.db.get<{ personal: Record<string, unknown>; device_information: unknown; medical_history: unknown }>(
      'SELECT personal, device_information, medical_history FROM customer_profiles WHERE account_id = ?',
      [patient.id],
    )
    for (const field of ['phone_number', 'address_line1', 'address_line2', 'city', 'state', 'postal_code']) {
      expect(profile!.personal).not.toHaveProperty(field)
    }
    expect(profile!.personal).toMatchObject({ full_name: expect.any(String), date_of_birth: expect.any(String) })
    expect(profile!.device_information).toBeNull()
    expect(profile!.medical_history).not.toBeNull()
    // The clinical record stays: entries, messages, surgery.
    expect(await provider.db.get('SELECT 1 FROM health_entries WHERE account_id = ?', [patient.id])).toBeDefined()
    expect(await provider.db.get('SELECT 1 FROM conversations WHERE patient_id = ?', [patient.id])).toBeDefined()

    // One audit row, the patient as actor.
    const rows = await auditRows(patient.id, 'account_close')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ actor_account_id: patient.id, details: { by: 'patient', email_freed: false, retention_years: 10 } })
  })

  test('admins see the account closed; the record is read-only (no message can be sent, no alert acknowledged)', async () => {
    const patient = await patientWithRecord()
    ok(await closeOwn(patient.access, patient.password))
    const record = ok<{ patient: { email: string; phone_number: string | null; city: string | null }; closure: Record<string, unknown> }>(
      await provider.call('GET', `v1/admin/patients/${patient.id}/`, { token: standard }),
    )
    expect(record.closure).toMatchObject({ closed_by: 'patient', reference: null, closed_at: expect.any(String), delete_after: expect.any(String) })
    expect(record.patient).toMatchObject({ email: patient.email, phone_number: null, city: null })
    expectError(
      await provider.call('POST', `v1/admin/patients/${patient.id}/messages/`, { token: standard, body: { body: 'Are you there?' } }),
      409,
      CLOSED_RECORD_READ_ONLY,
    )
    // The patients list says so beside the name.
    const listed = ok<{ items: { id: number; closed: boolean }[] }>(
      await provider.call('GET', `v1/admin/patients/?q=${encodeURIComponent(patient.email)}`, { token: standard }),
    ).items
    expect(listed).toEqual([expect.objectContaining({ id: patient.id, closed: true })])
    // Its alerts stay to be seen, but acknowledging one would change the record.
    const alerts = ok<{ items: { id: number }[] }>(
      await provider.call('GET', `v1/admin/alerts/?status=open&patient=${patient.id}`, { token: standard }),
    ).items
    expect(alerts.length).toBeGreaterThan(0)
    expectError(
      await provider.call('POST', `v1/admin/alerts/${alerts[0].id}/acknowledge/`, { token: standard, body: { note: 'Called.' } }),
      409,
      CLOSED_RECORD_READ_ONLY,
    )
    // An open patient's record says nothing of a closure.
    const open = await patientWithRecord()
    expect(ok<{ closure: unknown }>(await provider.call('GET', `v1/admin/patients/${open.id}/`, { token: standard })).closure).toBeNull()
    expect(
      ok<{ items: { closed: boolean }[] }>(
        await provider.call('GET', `v1/admin/patients/?q=${encodeURIComponent(open.email)}`, { token: standard }),
      ).items,
    ).toEqual([expect.objectContaining({ closed: false })])
  })
})

describe('a Super Admin closes an account on the patient\'s written request', () => {
  const closeFor = (token: string, body: object) => provider.call('POST', 'v1/admin/account-closures/', { token, body })

  test('Super Admins only, with the reference; audited; a second closure is refused', async () => {
    const patient = await patientWithRecord()
    expectError(await closeFor(standard, { patient_id: patient.id, reference: 'Letter 2026-11-20' }), 403)
    expect(expectError(await closeFor(superAdmin, { patient_id: patient.id, reference: ' ' }), 400).reference).toEqual([REFERENCE_REQUIRED])
    expectError(await closeFor(superAdmin, { patient_id: 999_999_999, reference: 'Letter' }), 404, 'Patient not found.')
    // An admin's id is no patient's.
    const admin = await accountId(provider, SUPER.email)
    expectError(await closeFor(superAdmin, { patient_id: admin, reference: 'Letter' }), 404, 'Patient not found.')

    ok(await closeFor(superAdmin, { patient_id: patient.id, reference: 'Letter 2026-11-20' }))
    expectError(await provider.call('GET', 'v1/auth/profile/', { token: patient.access }), 401)
    expectError(await closeFor(superAdmin, { patient_id: patient.id, reference: 'Letter 2026-11-20' }), 409, ACCOUNT_ALREADY_CLOSED)
    const rows = await auditRows(patient.id, 'account_close')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ actor_account_id: admin, actor_email: SUPER.email, details: { by: 'admin', reference: 'Letter 2026-11-20' } })
    const record = ok<{ closure: Record<string, unknown> }>(await provider.call('GET', `v1/admin/patients/${patient.id}/`, { token: standard }))
    expect(record.closure).toMatchObject({ closed_by: 'admin', reference: 'Letter 2026-11-20' })
  })
})

describe('CLOSED_ACCOUNT_EMAIL_REUSE', () => {
  test('reads 1/0, refuses anything else; RECORD_RETENTION_YEARS defaults to 10 and must be whole years', () => {
    expect(accountClosureFromEnv({})).toEqual({ emailReuse: false, retentionYears: 10 })
    expect(accountClosureFromEnv({ CLOSED_ACCOUNT_EMAIL_REUSE: '1', RECORD_RETENTION_YEARS: '7' })).toEqual({ emailReuse: true, retentionYears: 7 })
    expect(() => accountClosureFromEnv({ CLOSED_ACCOUNT_EMAIL_REUSE: 'yes' })).toThrow(/CLOSED_ACCOUNT_EMAIL_REUSE/)
    expect(() => accountClosureFromEnv({ RECORD_RETENTION_YEARS: '6.5' })).toThrow(/RECORD_RETENTION_YEARS/)
    expect(() => accountClosureFromEnv({ RECORD_RETENTION_YEARS: '0' })).toThrow(/RECORD_RETENTION_YEARS/)
  })

  test('on: the address may sign up again; until it does, the old password still hears that the account is closed', async () => {
    const own = await startTestProvider({ accountClosure: { emailReuse: true, retentionYears: 6 } })
    try {
      const patient = await verifiedCustomer(own)
      const id = await accountId(own, patient.email)
      const closed = ok<{ email_freed: boolean; retention_years: number }>(
        await own.call('POST', 'v1/auth/close-account/', { token: patient.access, body: { password: patient.password } }),
      )
      expect(closed).toMatchObject({ email_freed: true, retention_years: 6 })
      expectError(await own.call('POST', 'v1/auth/login/', { body: { email: patient.email, password: patient.password } }), 403, ACCOUNT_CLOSED)
      expectError(await own.call('POST', 'v1/auth/login/', { body: { email: patient.email, password: 'Wrong#Password1' } }), 401)
      const admin = await adminToken(own, SUPER)
      expect(ok<{ patient: { email: string } }>(await own.call('GET', `v1/admin/patients/${id}/`, { token: admin })).patient.email).toBe(patient.email)

      const again = await verifiedCustomer(own, patient.email, 'Another#Pass1')
      expect(await accountId(own, patient.email)).not.toBe(id)
      ok(await own.call('GET', 'v1/auth/profile/', { token: again.access }))
    } finally {
      await own.close()
    }
  })
})

/** Every row of every table in the public schema, as JSON text, by table. */
async function snapshot(on: TestProvider): Promise<Map<string, Record<string, unknown>[]>> {
  const tables = await on.db.all<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )
  const out = new Map<string, Record<string, unknown>[]>()
  for (const { table_name } of tables) {
    const rows = await on.db.all<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) AS row FROM "${table_name}" t`)
    out.set(table_name, rows.map((r) => r.row))
  }
  return out
}

describe('retention', () => {
  test('once closed_at + RECORD_RETENTION_YEARS has passed, the job deletes the record and writes an audit row; nothing else changes', async () => {
    const due = await patientWithRecord()
    const recent = await patientWithRecord()
    const open = await patientWithRecord()
    // The open patient writes to the team and is answered, so other conversations hold both sides.
    ok(await provider.call('POST', `v1/admin/patients/${open.id}/messages/`, { token: superAdmin, body: { body: 'Reply' } }), 201)
    ok(await closeOwn(due.access, due.password))
    ok(await provider.call('POST', 'v1/admin/account-closures/', { token: superAdmin, body: { patient_id: recent.id, reference: 'Letter' } }))
    // `due` was closed a year before `recent` (as if a year had passed between the two closures).
    await provider.sql(`UPDATE accounts SET closed_at = closed_at - interval '1 year' WHERE id = ?`, due.id)
    const closedAt = new Date(
      (await provider.db.get<{ closed_at: string }>('SELECT closed_at FROM accounts WHERE id = ?', [due.id]))!.closed_at,
    )

    // A day before the period ends, nothing goes.
    const deletionDay = new Date(closedAt.getTime())
    deletionDay.setUTCFullYear(deletionDay.getUTCFullYear() + 10)
    expect(await runRetention(provider, new Date(deletionDay.getTime() - 86_400_000))).toBe(0)

    const before = await snapshot(provider)
    expect(await runRetention(provider, new Date(deletionDay.getTime() + 60_000))).toBe(1)
    const after = await snapshot(provider)

    // The deleted patient's rows: their account, everything keyed by them, their conversation's.
    const conversation = before.get('conversations')!.find((row) => Number(row.patient_id) === due.id)!
    const theirMessages = new Set(before.get('messages')!.filter((row) => row.conversation_id === conversation.id).map((row) => row.id))
    const theirs = (table: string, row: Record<string, unknown>) =>
      (table === 'accounts' && Number(row.id) === due.id) ||
      [row.account_id, row.patient_id, row.recipient_id].some((value) => Number(value) === due.id) ||
      row.conversation_id === conversation.id ||
      (table === 'conversations' && row.id === conversation.id) ||
      (table === 'message_reads' && theirMessages.has(row.message_id))
    let othersCompared = 0
    for (const [table, rows] of before) {
      const kept = after.get(table)!.map((row) => JSON.stringify(row))
      const expected = rows.filter((row) => !theirs(table, row))
      othersCompared += expected.length
      if (table === 'audit_events') {
        // The trail stays whole: one new row, and the patient's own past events keep their e-mail
        // while their link to the deleted account goes (actor_account_id ON DELETE SET NULL).
        const unlinked = expected.map((row) =>
          JSON.stringify(Number(row.actor_account_id) === due.id ? { ...row, actor_account_id: null } : row),
        )
        const older = after
          .get(table)!
          .filter((row) => !(row.action === 'record_delete' && Number(row.target_account_id) === due.id))
          .map((row) => JSON.stringify(row))
        expect(older.sort(), table).toEqual(unlinked.sort())
        continue
      }
      expect(kept.sort(), table).toEqual(expected.map((row) => JSON.stringify(row)).sort())
    }
    expect(othersCompared).toBeGreaterThan(20)
    for (const table of ['accounts', 'health_entries', 'customer_profiles', 'conversations', 'patient_summaries']) {
      expect(before.get(table)!.some((row) => theirs(table, row)), table).toBe(true)
    }
    const added = after.get('audit_events')!.length - before.get('audit_events')!.length
    expect(added).toBe(1)
    const rows = await auditRows(due.id, 'record_delete')
    expect(rows).toHaveLength(1)
    // No personal data: the id (the row's target), when it was closed and the period.
    expect(rows[0].actor_account_id).toBeNull()
    expect(Object.keys(rows[0].details).sort()).toEqual(['closed_at', 'retention_years'])
    expect(JSON.stringify(rows[0])).not.toContain(due.email)

    // The recently closed one goes when its own period ends, not before.
    expect(await runRetention(provider, new Date(deletionDay.getTime() + 0.5 * YEAR_MS))).toBe(0)
    expect(await provider.db.get('SELECT 1 FROM accounts WHERE id = ?', [recent.id])).toBeDefined()
    // (The accounts the other tests closed are due by then too.)
    expect(await runRetention(provider, new Date(deletionDay.getTime() + 1.01 * YEAR_MS))).toBeGreaterThanOrEqual(1)
    expect(await provider.db.get('SELECT 1 FROM accounts WHERE id = ?', [recent.id])).toBeUndefined()
    expect(await provider.db.get('SELECT 1 FROM accounts WHERE id = ?', [open.id])).toBeDefined()
  })
})
