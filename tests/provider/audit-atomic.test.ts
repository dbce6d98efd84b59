// An audited change and its audit row are kept together or not at all, and an audited read whose
// row cannot be written shows nothing. The failure is injected in the database itself (a trigger
// on audit_events), so it strikes between the change and its row on the very connection that made
// the change, on PGlite and on PostgreSQL alike; on PostgreSQL a second mode kills that connection.
import { generate } from 'otplib'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { AUDIT_UNAVAILABLE_MESSAGE } from '../../common/contract/audit-values'
import { GOOD_PASSWORD, PATIENT_PASSWORD, STANDARD, SUPER } from '../support/fixtures'
import {
  adminToken,
  expectError,
  lastMailTo,
  login,
  sleep,
  TEST_ENGINE,
  uniqueEmail,
  useTestProvider,
  type ApiResponse,
} from './helpers'

const provider = useTestProvider()
let superToken: string
let standardToken: string

beforeAll(async () => {
  superToken = await adminToken(provider, SUPER)
  standardToken = await adminToken(provider, STANDARD)
  // Test-only: which audit actions fail, and how ('raise': an error; 'kill': the connection dies).
  await provider.sql('CREATE TABLE test_audit_failures (action text PRIMARY KEY, mode text NOT NULL)')
  await provider.sql(`
    CREATE FUNCTION test_fail_audit() RETURNS trigger LANGUAGE plpgsql AS $body$
    DECLARE how text;
    BEGIN
      SELECT mode INTO how FROM test_audit_failures WHERE action = NEW.action;
      IF how = 'kill' THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;
      IF how IS NOT NULL THEN RAISE EXCEPTION 'injected audit failure'; END IF;
      RETURN NEW;
    END $body$`)
  await provider.sql(
    'CREATE TRIGGER test_fail_audit BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION test_fail_audit()',
  )
})

afterEach(async () => {
  await provider.sql('DELETE FROM test_audit_failures')
})

async function failAudit(action: string, mode: 'raise' | 'kill' = 'raise'): Promise<void> {
  await provider.sql('INSERT INTO test_audit_failures (action, mode) VALUES (?, ?)', action, mode)
}

async function auditCount(action: string, target?: number): Promise<number> {
  const row = await provider.db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM audit_events WHERE action = ? ${target === undefined ? '' : 'AND target_account_id = ?'}`,
    target === undefined ? [action] : [action, target],
  )
  return Number(row?.n)
}

/** The refused answer: a 503 with the sentence, no content, no stack. */
function expectRefused(res: ApiResponse): void {
  expectError(res, 503, AUDIT_UNAVAILABLE_MESSAGE)
}

const unique = () => `Au${Math.random().toString(36).slice(2, 8)}`

async function invitedAdmin(role = 'Standard Admin'): Promise<{ id: number; email: string }> {
  const email = uniqueEmail('audit-admin')
  const res = await provider.call('POST', 'v1/admin/admins/invite/', { token: superToken, body: { email, full_name: 'Ada Audit', role } })
  expect(res.status, res.text).toBe(201)
  return { id: (res.json.content as { id: number }).id, email }
}

async function activeAdmin(): Promise<{ id: number; email: string; access: string }> {
  const admin = await invitedAdmin()
  const link = new URL((await lastMailTo(provider, admin.email))!.links[0])
  const reset = await provider.call('POST', 'v1/auth/reset_password/submit/', {
    body: { token: link.searchParams.get('token'), new_password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD },
  })
  expect(reset.status, reset.text).toBe(200)
  return { ...admin, ...(await login(provider, 'admin', admin.email, GOOD_PASSWORD)) }
}

async function seededPatient(spec: object = {}): Promise<{ id: number; email: string; token: string }> {
  const res = await provider.call('POST', '__dev/seed-patients/', { body: { prefix: unique(), patients: [spec] } })
  expect(res.status, res.text).toBe(201)
  const [patient] = res.json.content as { id: number; email: string }[]
  return { ...patient, token: (await login(provider, 'customer', patient.email, PATIENT_PASSWORD)).access }
}

async function accountRow(id: number) {
  return provider.db.get<{ role: string; deactivated_at: unknown; token_version: number; mfa_enabled_at: unknown }>(
    'SELECT role, deactivated_at, token_version, mfa_enabled_at FROM accounts WHERE id = ?',
    [id],
  )
}

async function messageCount(patientId: number): Promise<number> {
  const row = await provider.db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.patient_id = ?',
    [patientId],
  )
  return Number(row?.n)
}

describe('audited changes: the change and its row commit together or not at all', () => {
  test('a role change', async () => {
    const target = await invitedAdmin()
    const before = await accountRow(target.id)
    await failAudit('role_change')
    const path = `v1/admin/admins/${target.id}/role/`
    expectRefused(await provider.call('PUT', path, { token: superToken, body: { role: 'Super Admin' } }))
    expect(await accountRow(target.id)).toEqual(before)
    expect(await auditCount('role_change', target.id)).toBe(0)
  })

  test('a deactivation and a reactivation', async () => {
    const target = await invitedAdmin()
    const before = await accountRow(target.id)
    await failAudit('admin_deactivate')
    expectRefused(await provider.call('POST', `v1/admin/admins/${target.id}/deactivate/`, { token: superToken }))
    expect(await accountRow(target.id)).toEqual(before)
    expect(await auditCount('admin_deactivate', target.id)).toBe(0)

    await provider.sql('DELETE FROM test_audit_failures')
    expect((await provider.call('POST', `v1/admin/admins/${target.id}/deactivate/`, { token: superToken })).status).toBe(200)
    const deactivated = await accountRow(target.id)
    expect(deactivated?.deactivated_at).not.toBeNull()
    await failAudit('admin_reactivate')
    expectRefused(await provider.call('POST', `v1/admin/admins/${target.id}/reactivate/`, { token: superToken }))
    expect(await accountRow(target.id)).toEqual(deactivated)
    expect(await auditCount('admin_reactivate', target.id)).toBe(0)
  })

  test('an invitation: no account, no link, no mail', async () => {
    await failAudit('admin_invite')
    const email = uniqueEmail('audit-invite')
    const res = await provider.call('POST', 'v1/admin/admins/invite/', {
      token: superToken,
      body: { email, full_name: 'Ivo Invite', role: 'Standard Admin' },
    })
    expectRefused(res)
    expect(await provider.db.get('SELECT id FROM accounts WHERE email = ?', [email])).toBeUndefined()
    expect(await lastMailTo(provider, email)).toBeUndefined()
  })

  test("a reset of another admin's second factor", async () => {
    const target = await activeAdmin()
    await provider.sql("UPDATE accounts SET mfa_secret = 'sealed', mfa_enabled_at = ? WHERE id = ?", new Date().toISOString(), target.id)
    const before = await accountRow(target.id)
    await failAudit('mfa_reset')
    expectRefused(await provider.call('POST', `v1/admin/admins/${target.id}/mfa/reset/`, { token: superToken }))
    expect(await accountRow(target.id)).toEqual(before)
    expect((await provider.call('GET', 'v1/admin/profile/', { token: target.access })).status).toBe(200)
    expect(await auditCount('mfa_reset', target.id)).toBe(0)
  })

  test("a patient's message and a team member's answer", async () => {
    const patient = await seededPatient()
    await failAudit('message_send')
    expectRefused(await provider.call('POST', 'v1/auth/messages/', { token: patient.token, body: { body: 'Hello?' } }))
    expect(await messageCount(patient.id)).toBe(0)
    expectRefused(
      await provider.call('POST', `v1/admin/patients/${patient.id}/messages/`, { token: standardToken, body: { body: 'Hi' } }),
    )
    expect(await messageCount(patient.id)).toBe(0)
    expect(await auditCount('message_send', patient.id)).toBe(0)
  })

  test('a conversation marked handled', async () => {
    const patient = await seededPatient()
    const sent = await provider.call('POST', 'v1/auth/messages/', { token: patient.token, body: { body: 'Hello?' } })
    expect(sent.status, sent.text).toBe(201)
    await failAudit('message_handled')
    expectRefused(await provider.call('POST', `v1/admin/patients/${patient.id}/messages/handled/`, { token: standardToken }))
    const conversation = await provider.db.get<{ handled_at: unknown }>('SELECT handled_at FROM conversations WHERE patient_id = ?', [
      patient.id,
    ])
    expect(conversation?.handled_at).toBeNull()
    expect(await auditCount('message_handled', patient.id)).toBe(0)
  })

  test('an alert acknowledged', async () => {
    const patient = await seededPatient({ surgery_type: 'Duodenal Switch', weights: [{ days_ago: 12, kg: 100 }], meals: [] })
    const open = await provider.call('GET', `v1/admin/alerts/?status=open&patient=${patient.id}`, { token: standardToken })
    const [alert] = (open.json.content as { items: { id: number }[] }).items
    await failAudit('alert_acknowledge')
    expectRefused(await provider.call('POST', `v1/admin/alerts/${alert.id}/acknowledge/`, { token: standardToken, body: { note: 'Called.' } }))
    const row = await provider.db.get<{ status: string; note: unknown }>('SELECT status, note FROM patient_alerts WHERE id = ?', [alert.id])
    expect(row).toEqual({ status: 'open', note: null })
    expect(await auditCount('alert_acknowledge', patient.id)).toBe(0)
  })

  test('a second factor enrolled, and a recovery code spent at sign-in', async () => {
    const admin = await activeAdmin()
    const setup = await provider.call('POST', 'v1/admin/mfa/setup/', { token: admin.access })
    const { secret } = setup.json.content as { secret: string }
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) })
    await failAudit('mfa_enroll')
    expectRefused(await provider.call('POST', 'v1/admin/mfa/confirm/', { token: admin.access, body: { code } }))
    expect((await accountRow(admin.id))?.mfa_enabled_at).toBeNull()
    expect(await auditCount('mfa_enroll', admin.id)).toBe(0)

    await provider.sql('DELETE FROM test_audit_failures')
    const confirm = await provider.call('POST', 'v1/admin/mfa/confirm/', { token: admin.access, body: { code } })
    expect(confirm.status, confirm.text).toBe(200)
    const [recovery] = (confirm.json.content as { recovery_codes: string[] }).recovery_codes
    const signIn = await provider.call('POST', 'v1/admin/login/', { body: { email: admin.email, password: GOOD_PASSWORD } })
    const mfaToken = (signIn.json.content as { mfa_token: string }).mfa_token
    const unused = async () =>
      Number(
        (await provider.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM mfa_recovery_codes WHERE account_id = ? AND used_at IS NULL', [
          admin.id,
        ]))?.n,
      )
    const before = await unused()
    for (const action of ['mfa_recovery_code_used', 'sign_in']) {
      await failAudit(action)
      expectRefused(await provider.call('POST', 'v1/admin/login/mfa/', { body: { mfa_token: mfaToken, code: recovery } }))
      expect(await unused()).toBe(before)
      await provider.sql('DELETE FROM test_audit_failures')
    }
    expect(await auditCount('mfa_recovery_code_used', admin.id)).toBe(0)
    // Nothing was spent, the challenge included: the same exchange now succeeds.
    const done = await provider.call('POST', 'v1/admin/login/mfa/', { body: { mfa_token: mfaToken, code: recovery } })
    expect(done.status, done.text).toBe(200)
    expect(await unused()).toBe(before - 1)
  })

  test('a successful admin sign-in opens no session', async () => {
    const admin = await activeAdmin()
    const sessions = async () =>
      Number((await provider.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM refresh_tokens WHERE account_id = ?', [admin.id]))?.n)
    const before = await sessions()
    await failAudit('sign_in')
    expectRefused(await provider.call('POST', 'v1/admin/login/', { body: { email: admin.email, password: GOOD_PASSWORD } }))
    expect(await sessions()).toBe(before)
  })
})

describe('audited reads fail closed: no audit row, no data', () => {
  test("a patient's record and health log", async () => {
    const patient = await seededPatient()
    await failAudit('patient_view')
    expectRefused(await provider.call('GET', `v1/admin/patients/${patient.id}/`, { token: standardToken }))
    expectRefused(await provider.call('GET', `v1/admin/patients/${patient.id}/?include=entries&to=2026-01-31`, { token: standardToken }))
    expectRefused(await provider.call('GET', `v1/admin/patients/${patient.id}/entries/?to=2026-01-31`, { token: standardToken }))
    // A background repeat is refused the same way: nothing in the log lets it through.
    expectRefused(
      await provider.call('GET', `v1/admin/patients/${patient.id}/`, { token: standardToken, headers: { 'X-Background': '1' } }),
    )
    expect(await auditCount('patient_view', patient.id)).toBe(0)
  })

  test('a conversation and the inbox', async () => {
    const patient = await seededPatient()
    await failAudit('message_view')
    expectRefused(await provider.call('GET', `v1/admin/patients/${patient.id}/messages/`, { token: standardToken }))
    await failAudit('message_inbox_view')
    expectRefused(await provider.call('GET', 'v1/admin/messages/?page_size=20', { token: standardToken }))
    expect(await auditCount('message_view', patient.id)).toBe(0)
  })

  test('an export', async () => {
    await failAudit('export')
    expectRefused(await provider.call('GET', 'v1/admin/exports/patients/?mode=deidentified', { token: standardToken }))
    expect(await auditCount('export')).toBe(0)
  })
})

// Only a server connection can be killed; PGlite has one connection, in the process itself.
describe.skipIf(TEST_ENGINE !== 'postgres')('the connection killed between the change and its audit row', () => {
  // The statement fails at once; the socket's end reaches the pool a moment later, and a query
  // handed the dead connection in between would fail too (as it would in production: a 503).
  afterEach(() => sleep(200))

  test('neither the role change nor its row survives, and the API keeps answering', async () => {
    const target = await invitedAdmin()
    const before = await accountRow(target.id)
    await failAudit('role_change', 'kill')
    const res = await provider.call('PUT', `v1/admin/admins/${target.id}/role/`, { token: superToken, body: { role: 'Super Admin' } })
    expect(res.status, res.text).toBe(503)
    expect(await accountRow(target.id)).toEqual(before)
    expect(await auditCount('role_change', target.id)).toBe(0)
    expect((await provider.call('GET', 'v1/admin/admins/', { token: superToken })).status).toBe(200)
  })

  test('a record view shows nothing', async () => {
    const patient = await seededPatient()
    await failAudit('patient_view', 'kill')
    const res = await provider.call('GET', `v1/admin/patients/${patient.id}/`, { token: standardToken })
    expect(res.status, res.text).toBe(503)
    expect(res.json).not.toHaveProperty('content')
  })
})
