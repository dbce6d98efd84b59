import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { setTokenClock } from '../../provider/tokens'
import { STANDARD, SUPER } from '../support/fixtures'
import { adminToken, expectError, login, mailsTo, useTestProvider, type ApiResponse } from './helpers'

// Messages between a patient and the care team (docs/provider-api.md, "Messages"). The API's
// clock (setTokenClock) is moved by hand for the one-notice-an-hour rule; access tokens live a day
// here so moving it does not expire them.

// Each test seeds and signs in its own patients (password hashing): far more than the default 15 s
// on a busy machine.
vi.setConfig({ testTimeout: 120_000 })

const HOUR = 60 * 60 * 1000
const SEED_PASSWORD = 'Patient#123'

const provider = useTestProvider({ accessTokenTtlSeconds: 24 * 60 * 60 }, { timeout: 120_000 })
let standard: string
let superAdmin: string
let now: number
beforeAll(async () => {
  standard = await adminToken(provider, STANDARD)
  superAdmin = await adminToken(provider, SUPER)
}, 120_000)
beforeEach(() => {
  now = Date.now()
  // A millisecond a reading, so events in one test keep their order.
  setTokenClock(() => now++)
})
afterEach(() => setTokenClock())

type Seeded = { id: number; email: string; full_name: string; token: string }
type PatientMessage = { id: number; body: string; sender_role: string; sender_name: string | null; created_at: string; unread: boolean }
type PatientThread = {
  conversation_id: number | null
  messages: PatientMessage[]
  has_more: boolean
  unread: number
  last_read_message_id: number
}
type Receipt = { account_id: number; name: string; role: string; read_at: string }
type AdminMessage = {
  id: number
  body: string
  sender_role: string
  sender: { id: number; name: string } | null
  alert_id: number | null
  read_by: Receipt[]
}
type AdminThread = {
  patient: { id: number; full_name: string }
  conversation: { id: number; waiting: boolean; handled_at: string | null; handled_by: { id: number; name: string } | null } | null
  messages: AdminMessage[]
  has_more: boolean
  unread: number
}
type InboxItem = {
  conversation_id: number
  patient_id: number
  patient_name: string
  preview: string
  truncated: boolean
  last_sender_role: string
  unread: number
  waiting: boolean
  handled_at: string | null
  handled_by: { id: number; name: string } | null
}
type Inbox = { items: InboxItem[]; total: number; page: number; page_size: number; pages: number; unread: number; waiting: number }

const unique = () => `Msg${Math.random().toString(36).slice(2, 8)}`

/** Seeded patients (onboarded unless told), signed in when they can be. */
async function patients(...specs: object[]): Promise<Seeded[]> {
  const res = await provider.call('POST', '__dev/seed-patients/', { body: { prefix: unique(), patients: specs.length ? specs : [{}] } })
  expect(res.status, res.text).toBe(201)
  const seeded = res.json.content as Omit<Seeded, 'token'>[]
  return Promise.all(
    seeded.map(async (patient, i) => {
      const state = (specs[i] as { state?: string } | undefined)?.state
      const token = state === 'unverified' ? '' : (await login(provider, 'customer', patient.email, SEED_PASSWORD)).access
      return { ...patient, token }
    }),
  )
}

function ok<T>(res: ApiResponse, status = 200): T {
  expect(res.status, res.text).toBe(status)
  return res.json.content as T
}

const patientSend = (token: string, body: unknown) => provider.call('POST', 'v1/auth/messages/', { token, body: { body } })
const patientThread = async (token: string, query = '') =>
  ok<PatientThread>(await provider.call('GET', `v1/auth/messages/${query}`, { token }))
const adminSend = (token: string, patientId: number, body: object) =>
  provider.call('POST', `v1/admin/patients/${patientId}/messages/`, { token, body })
const adminThread = async (token: string, patientId: number, query = '') =>
  ok<AdminThread>(await provider.call('GET', `v1/admin/patients/${patientId}/messages/${query}`, { token }))
const inbox = async (token: string, query = '') => ok<Inbox>(await provider.call('GET', `v1/admin/messages/?page_size=100&${query}`, { token }))
const rowOf = (page: Inbox, patientId: number) => page.items.find((item) => item.patient_id === patientId)

function auditRows(targetId: number): Promise<{ action: string; actor_email: string; details: Record<string, unknown> }[]> {
  return provider.db.all('SELECT action, actor_email, details FROM audit_events WHERE target_account_id = ? ORDER BY id', [targetId])
}

describe('access', () => {
  test('a patient reaches only their own conversation; both admin roles read and answer every one', async () => {
    const [alice, bob] = await patients({}, {})
    const sent = await patientSend(alice.token, 'Hello from Alice')
    expect(sent.json).toMatchObject({ message: 'Message sent.', content: { body: 'Hello from Alice', sender_role: 'patient', unread: false } })
    expect(sent.status).toBe(201)

    const bobs = await patientThread(bob.token)
    expect(bobs).toEqual({ conversation_id: null, messages: [], has_more: false, unread: 0, last_read_message_id: 0 })
    // No conversation id in a patient's paths: nothing to point at someone else's.
    const aliceConversation = (await patientThread(alice.token)).conversation_id
    expectError(await provider.call('GET', `v1/auth/messages/${aliceConversation}/`, { token: bob.token }), 404)
    // Unknown query keys are ignored: still Bob's own (empty) conversation.
    expect((await patientThread(bob.token, `?patient=${alice.id}&conversation=${aliceConversation}`)).messages).toEqual([])
    // A patient's token on every admin path is refused.
    for (const [method, path] of [
      ['GET', 'v1/admin/messages/'],
      ['GET', `v1/admin/patients/${alice.id}/messages/`],
      ['POST', `v1/admin/patients/${alice.id}/messages/`],
      ['POST', `v1/admin/patients/${alice.id}/messages/read/`],
      ['POST', `v1/admin/patients/${alice.id}/messages/handled/`],
    ]) {
      const body = method === 'POST' ? { body: 'x', up_to: 1 } : undefined
      expectError(await provider.call(method, path, { token: bob.token, body }), 401)
    }
    // No token, or an admin's token on the patient's paths: 401 too.
    expectError(await provider.call('GET', 'v1/auth/messages/'), 401)
    expectError(await provider.call('POST', 'v1/auth/messages/', { token: standard, body: { body: 'x' } }), 401)

    for (const token of [standard, superAdmin]) {
      const thread = await adminThread(token, alice.id)
      expect(thread.patient).toEqual({ id: alice.id, full_name: alice.full_name })
      expect(thread.messages.map((m) => [m.body, m.sender_role, m.sender])).toEqual(
        expect.arrayContaining([['Hello from Alice', 'patient', { id: alice.id, name: alice.full_name }]]),
      )
      expect(ok<AdminMessage>(await adminSend(token, alice.id, { body: `Reply from ${token === standard ? 'Standard' : 'Super'}` }), 201)).toMatchObject({
        sender_role: 'admin',
      })
    }
    const seen = await patientThread(alice.token)
    expect(seen.messages.map((m) => [m.sender_role, m.body])).toEqual([
      ['patient', 'Hello from Alice'],
      ['admin', 'Reply from Standard'],
      ['admin', 'Reply from Super'],
    ])
    // The patient sees who on the team wrote, by name only; no alert ids.
    expect(seen.messages[1]).not.toHaveProperty('alert_id')
    expect(seen.messages[1]).not.toHaveProperty('sender')
    expect((await patientThread(bob.token)).messages).toEqual([])

    // An id that is not a patient's (an admin's, an unknown one) is a 404 on every admin path.
    const adminId = (await provider.db.get<{ id: number }>('SELECT id FROM accounts WHERE email = ?', [STANDARD.email]))!.id
    expectError(await provider.call('GET', `v1/admin/patients/${adminId}/messages/`, { token: standard }), 404, 'Patient not found.')
    expectError(await adminSend(standard, 999999999, { body: 'x' }), 404, 'Patient not found.')
  })
})

describe('validation', () => {
  test('1–5,000 characters after trimming; line breaks and HTML kept as text', async () => {
    const [patient] = await patients({})
    for (const body of [undefined, null, '', '   \n\t ']) {
      expect(expectError(await patientSend(patient.token, body), 400, 'Message is required').body).toEqual(['Message is required'])
    }
    expect(expectError(await patientSend(patient.token, 42), 400).body).toEqual(['Message must be text'])
    expect(expectError(await patientSend(patient.token, 'x'.repeat(5001)), 400).body).toEqual([
      'Message must be at most 5000 characters',
    ])
    expect(expectError(await adminSend(standard, patient.id, { body: 'y'.repeat(5001) }), 400).body).toEqual([
      'Message must be at most 5000 characters',
    ])
    expect(ok<PatientMessage>(await patientSend(patient.token, 'x'.repeat(5000)), 201).body).toHaveLength(5000)
    // Surrounding spaces do not count; a form's CRLF counts as one character.
    expect(ok<PatientMessage>(await patientSend(patient.token, `  ${'z'.repeat(4998)}\r\nz  `), 201).body).toBe(`${'z'.repeat(4998)}\nz`)
    const html = '<b>bold</b> & <script>alert(1)</script>'
    expect(ok<PatientMessage>(await patientSend(patient.token, `  First line\r\n\r\nThird line\n${html}\n`), 201).body).toBe(
      `First line\n\nThird line\n${html}`,
    )
    const thread = await adminThread(standard, patient.id)
    expect(thread.messages.at(-1)!.body).toBe(`First line\n\nThird line\n${html}`)
    expect(thread.messages).toHaveLength(3)
  })

  test('paging: newest last, by `before`; limit 0 answers the counts only; bad parameters are 400', async () => {
    const [patient] = await patients({})
    for (const body of ['one', 'two', 'three']) ok(await patientSend(patient.token, body), 201)
    const last = await patientThread(patient.token, '?limit=2')
    expect(last.messages.map((m) => m.body)).toEqual(['two', 'three'])
    expect(last.has_more).toBe(true)
    const older = await patientThread(patient.token, `?limit=2&before=${last.messages[0].id}`)
    expect(older.messages.map((m) => m.body)).toEqual(['one'])
    expect(older.has_more).toBe(false)
    ok(await adminSend(standard, patient.id, { body: 'answer' }), 201)
    expect(await patientThread(patient.token, '?limit=0')).toMatchObject({ messages: [], unread: 1 })
    expect(expectError(await provider.call('GET', 'v1/auth/messages/?before=abc', { token: patient.token }), 400).before).toEqual([
      'Before must be a message id',
    ])
    expect(expectError(await provider.call('GET', 'v1/auth/messages/?limit=101', { token: patient.token }), 400).limit).toEqual([
      'Limit must be a whole number from 0 to 100',
    ])
    const adminPage = await adminThread(superAdmin, patient.id, '?limit=1')
    expect(adminPage.messages.map((m) => m.body)).toEqual(['answer'])
    expect(adminPage.has_more).toBe(true)
    expect(expectError(await provider.call('GET', 'v1/admin/messages/?filter=mine', { token: standard }), 400).filter).toEqual([
      'Filter must be one of: all, unread, waiting',
    ])
  })
})

describe('read receipts and unread counts', () => {
  test('the counts alone (limit 0, every patient page’s badge) are one statement after the token’s', async () => {
    const statements = async () => {
      const text = await (await fetch(new URL('metrics', provider.url))).text()
      return [...text.matchAll(/^baricare_db_query_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0)
    }
    const [patient, quiet] = await patients({}, {})
    ok(await patientSend(patient.token, 'hello'), 201)
    ok(await adminSend(standard, patient.id, { body: 'one' }), 201)
    ok(await adminSend(standard, patient.id, { body: 'two' }), 201)
    const read = ok<PatientThread>(await provider.call('GET', 'v1/auth/messages/?limit=1', { token: patient.token }))
    ok(await provider.call('POST', 'v1/auth/messages/read/', { token: patient.token, body: { up_to: read.messages[0].id - 1 } }))
    // Nothing else runs meanwhile: the provider is this file's alone.
    const before = await statements()
    const counts = await patientThread(patient.token, '?limit=0')
    const used = (await statements()) - before
    expect(counts).toMatchObject({ messages: [], has_more: false, unread: 1, last_read_message_id: read.messages[0].id - 1 })
    expect(counts.conversation_id).toEqual(expect.any(Number))
    expect(used).toBeLessThanOrEqual(2)
    // No conversation yet: the same empty answer as before.
    expect(await patientThread(quiet.token, '?limit=0')).toEqual({ conversation_id: null, messages: [], has_more: false, unread: 0, last_read_message_id: 0 })
  })

  test('per reader: the patient reads the team’s, each admin the patient’s', async () => {
    const [patient] = await patients({})
    const before = { standard: (await inbox(standard)).unread, super: (await inbox(superAdmin)).unread }
    const first = ok<AdminMessage>(await adminSend(standard, patient.id, { body: 'How is the protein going?' }), 201)
    const second = ok<AdminMessage>(await adminSend(standard, patient.id, { body: 'And water?' }), 201)
    let thread = await patientThread(patient.token)
    expect(thread.unread).toBe(2)
    expect(thread.messages.map((m) => m.unread)).toEqual([true, true])
    expect(thread.messages[0].sender_name).toBe('Alex Admin')

    expect(ok(await provider.call('POST', 'v1/auth/messages/read/', { token: patient.token, body: { up_to: first.id } }))).toEqual({
      last_read_message_id: first.id,
      unread: 1,
    })
    thread = await patientThread(patient.token)
    expect(thread.messages.map((m) => m.unread)).toEqual([false, true])
    // A mark past the conversation's own messages is clamped: a later message is still unread.
    expect(ok(await provider.call('POST', 'v1/auth/messages/read/', { token: patient.token, body: { up_to: 999_999_999 } }))).toEqual({
      last_read_message_id: second.id,
      unread: 0,
    })
    const third = ok<AdminMessage>(await adminSend(superAdmin, patient.id, { body: 'Third' }), 201)
    expect((await patientThread(patient.token, '?limit=0')).unread).toBe(1)
    // Never moves back.
    ok(await provider.call('POST', 'v1/auth/messages/read/', { token: patient.token, body: { up_to: first.id } }))
    expect((await patientThread(patient.token)).last_read_message_id).toBe(second.id)
    expect(expectError(await provider.call('POST', 'v1/auth/messages/read/', { token: patient.token, body: {} }), 400).up_to).toEqual([
      'Message id is required',
    ])
    expect(
      expectError(await provider.call('POST', 'v1/auth/messages/read/', { token: patient.token, body: { up_to: -1 } }), 400).up_to,
    ).toEqual(['Message id must be a message id'])

    // The team sees who read what.
    let adminView = await adminThread(superAdmin, patient.id)
    const byId = new Map(adminView.messages.map((m) => [m.id, m]))
    expect(byId.get(first.id)!.read_by.map((r) => [r.role, r.name])).toEqual([
      ['patient', patient.full_name],
      ['admin', 'Sam Super'],
    ])
    expect(byId.get(third.id)!.read_by).toEqual([])
    expect(byId.get(third.id)!.sender).toMatchObject({ name: 'Sam Super' })

    // The patient writes: one unread for each admin, until that admin reads it.
    const question = ok<PatientMessage>(await patientSend(patient.token, 'Water is hard.'), 201)
    expect((await inbox(standard)).unread).toBe(before.standard + 1)
    expect((await inbox(superAdmin)).unread).toBe(before.super + 1)
    expect(rowOf(await inbox(standard, 'filter=unread'), patient.id)).toMatchObject({ unread: 1 })
    expect(
      ok(await provider.call('POST', `v1/admin/patients/${patient.id}/messages/read/`, { token: standard, body: { up_to: question.id } })),
    ).toEqual({ last_read_message_id: question.id, unread: 0 })
    expect((await inbox(standard)).unread).toBe(before.standard)
    expect(rowOf(await inbox(standard, 'filter=unread'), patient.id)).toBeUndefined()
    expect((await inbox(superAdmin)).unread).toBe(before.super + 1)
    adminView = await adminThread(superAdmin, patient.id)
    expect(adminView.unread).toBe(1)
    expect(adminView.messages.at(-1)!.read_by.map((r) => [r.role, r.name])).toEqual([['admin', 'Alex Admin']])
    // A reply counts as reading what came before it.
    ok(await adminSend(superAdmin, patient.id, { body: 'Try a bottle by the bed.' }), 201)
    expect((await inbox(superAdmin)).unread).toBe(before.super)
  })
})

describe('waiting for reply and handled', () => {
  test('waiting = the patient spoke last and nobody marked it handled; a new patient message clears handled', async () => {
    const [patient, quiet] = await patients({}, {})
    expectError(await provider.call('POST', `v1/admin/patients/${quiet.id}/messages/handled/`, { token: standard }), 404)
    ok(await patientSend(patient.token, 'My incision is itchy'), 201)
    expect(rowOf(await inbox(standard, 'filter=waiting'), patient.id)).toMatchObject({
      waiting: true,
      handled_at: null,
      last_sender_role: 'patient',
      patient_name: patient.full_name,
      preview: 'My incision is itchy',
    })
    const waitingBefore = (await inbox(standard)).waiting

    const handled = ok<{ waiting: boolean; handled_by: { name: string } }>(
      await provider.call('POST', `v1/admin/patients/${patient.id}/messages/handled/`, { token: superAdmin }),
    )
    expect(handled).toMatchObject({ waiting: false, handled_by: { name: 'Sam Super' } })
    expect(rowOf(await inbox(standard, 'filter=waiting'), patient.id)).toBeUndefined()
    expect(rowOf(await inbox(standard), patient.id)).toMatchObject({ waiting: false, handled_by: { name: 'Sam Super' } })
    expect((await inbox(standard)).waiting).toBe(waitingBefore - 1)
    // Again: still the first admin's mark, one audit row.
    ok(await provider.call('POST', `v1/admin/patients/${patient.id}/messages/handled/`, { token: standard }))
    expect((await adminThread(standard, patient.id)).conversation).toMatchObject({ handled_by: { name: 'Sam Super' } })

    ok(await patientSend(patient.token, 'Also a bit red'), 201)
    expect((await adminThread(standard, patient.id)).conversation).toMatchObject({ waiting: true, handled_at: null, handled_by: null })
    ok(await adminSend(standard, patient.id, { body: 'Please send a photo through the clinic line.' }), 201)
    expect(rowOf(await inbox(standard), patient.id)).toMatchObject({ waiting: false, last_sender_role: 'admin', handled_at: null })
    expect((await auditRows(patient.id)).filter((row) => row.action === 'message_handled')).toHaveLength(1)
  })

  test('the inbox preview is one line of at most 140 characters', async () => {
    const [patient] = await patients({})
    ok(await patientSend(patient.token, `Line one\nline two ${'w'.repeat(200)}`), 201)
    const row = rowOf(await inbox(superAdmin), patient.id)!
    expect(row.preview).toBe(`Line one line two ${'w'.repeat(140 - 18)}`)
    expect(row.preview).toHaveLength(140)
    expect(row.truncated).toBe(true)
    const paged = await inbox(superAdmin, 'page_size=1&page=1')
    expect(paged.items).toHaveLength(1)
    expect(paged.pages).toBe(paged.total)
  })
})

describe('starting from an alert', () => {
  test('links the message to the alert; another patient’s alert is refused', async () => {
    const [flagged, other] = await patients(
      { surgery_type: 'Sleeve Gastrectomy', weights: [{ days_ago: 12, kg: 100 }], meals: [] },
      { surgery_type: 'Sleeve Gastrectomy', weights: [{ days_ago: 12, kg: 90 }], meals: [] },
    )
    const alertOf = async (patientId: number) =>
      ok<{ items: { id: number; message_id: number | null }[] }>(
        await provider.call('GET', `v1/admin/alerts/?patient=${patientId}`, { token: standard }),
      ).items[0]
    const alert = await alertOf(flagged.id)
    expect(alert.message_id).toBeNull()
    const wrong = await alertOf(other.id)
    expect(expectError(await adminSend(standard, flagged.id, { body: 'x', alert_id: wrong.id }), 400).alert_id).toEqual([
      'Alert not found for this patient.',
    ])
    expect(expectError(await adminSend(standard, flagged.id, { body: 'x', alert_id: 'abc' }), 400).alert_id).toEqual([
      'Alert must be an alert id',
    ])
    expect((await adminThread(standard, flagged.id)).conversation).toBeNull()

    const started = ok<AdminMessage>(
      await adminSend(standard, flagged.id, { body: 'We noticed no entries lately. Everything all right?', alert_id: alert.id }),
      201,
    )
    expect(started.alert_id).toBe(alert.id)
    expect((await alertOf(flagged.id)).message_id).toBe(started.id)
    expect((await adminThread(superAdmin, flagged.id)).messages[0].alert_id).toBe(alert.id)
    expect((await auditRows(flagged.id)).find((row) => row.action === 'message_send')!.details).toMatchObject({
      alert_id: alert.id,
      sender_role: 'admin',
    })
  })
})

describe('e-mail notices', () => {
  const adminMails = async () => ({ standard: (await mailsTo(provider, STANDARD.email)).length, super: (await mailsTo(provider, SUPER.email)).length })

  test('to the other side, with a link and no message text, at most one an hour per conversation and recipient', async () => {
    const [patient] = await patients({})
    const team = await adminMails()
    // A first message reaches every active admin.
    ok(await patientSend(patient.token, 'Secret symptom text'), 201)
    expect(await adminMails()).toEqual({ standard: team.standard + 1, super: team.super + 1 })
    const [toTeam] = await mailsTo(provider, STANDARD.email)
    expect(toTeam.subject).toBe('New patient message in BariCare')
    expect(toTeam.links).toEqual([`http://app.test:3000/admin/patients/${patient.id}?tab=messages`])
    expect(toTeam.text).not.toContain('Secret')
    expect(toTeam.text).not.toContain(patient.full_name)

    ok(await adminSend(standard, patient.id, { body: 'Private reply text' }), 201)
    let toPatient = await mailsTo(provider, patient.email)
    expect(toPatient).toHaveLength(1)
    expect(toPatient[0].subject).toBe('You have a new message from your care team')
    expect(toPatient[0].links).toEqual(['http://app.test:3000/customer/messages'])
    expect(toPatient[0].text).not.toContain('Private')

    // Within the hour: nothing more to anyone.
    now += 59 * 60 * 1000
    ok(await adminSend(superAdmin, patient.id, { body: 'And another' }), 201)
    ok(await patientSend(patient.token, 'Thanks'), 201)
    expect(await mailsTo(provider, patient.email)).toHaveLength(1)
    expect(await adminMails()).toEqual({ standard: team.standard + 1, super: team.super + 1 })

    // An hour after the last notice: one each again; the team's goes to the admin who last replied.
    now += HOUR
    ok(await patientSend(patient.token, 'One more question'), 201)
    expect(await adminMails()).toEqual({ standard: team.standard + 1, super: team.super + 2 })
    ok(await adminSend(standard, patient.id, { body: 'Answer' }), 201)
    toPatient = await mailsTo(provider, patient.email)
    expect(toPatient).toHaveLength(2)
  })

  test('two sends at once: one notice', async () => {
    const [patient] = await patients({})
    const sends = await Promise.all([1, 2, 3].map((n) => adminSend(n === 2 ? superAdmin : standard, patient.id, { body: `Note ${n}` })))
    for (const res of sends) expect(res.status, res.text).toBe(201)
    expect(await mailsTo(provider, patient.email)).toHaveLength(1)
    expect((await adminThread(standard, patient.id)).messages).toHaveLength(3)
  })

  test('never to an unverified or deactivated account', async () => {
    const [unverified, deactivated, patient] = await patients({ state: 'unverified' }, {}, {})
    ok(await adminSend(standard, unverified.id, { body: 'Welcome' }), 201)
    expect(await mailsTo(provider, unverified.email)).toEqual([])
    await provider.sql('UPDATE accounts SET deactivated_at = ? WHERE id = ?', new Date().toISOString(), deactivated.id)
    ok(await adminSend(standard, deactivated.id, { body: 'Hello' }), 201)
    expect(await mailsTo(provider, deactivated.email)).toEqual([])

    // The admin who last replied is deactivated: the other active admins get it, not them; an
    // invited admin who never accepted (unverified) gets nothing either.
    const invite = await provider.call('POST', 'v1/admin/admins/invite/', {
      token: superAdmin,
      body: { email: `${unique().toLowerCase()}@example.com`, full_name: 'Ivy Invited', role: 'Standard Admin' },
    })
    expect(invite.status, invite.text).toBe(201)
    const invited = (invite.json.content as { email: string }).email
    ok(await patientSend(patient.token, 'First'), 201)
    ok(await adminSend(standard, patient.id, { body: 'Reply' }), 201)
    const standardId = (await provider.db.get<{ id: number }>('SELECT id FROM accounts WHERE email = ?', [STANDARD.email]))!.id
    const team = await adminMails()
    const invitedMails = (await mailsTo(provider, invited)).length
    await provider.sql('UPDATE accounts SET deactivated_at = ? WHERE id = ?', new Date().toISOString(), standardId)
    try {
      now += 2 * HOUR
      ok(await patientSend(patient.token, 'Later'), 201)
      expect(await adminMails()).toEqual({ standard: team.standard, super: team.super + 1 })
      expect(await mailsTo(provider, invited)).toHaveLength(invitedMails)
    } finally {
      await provider.sql('UPDATE accounts SET deactivated_at = NULL WHERE id = ?', standardId)
    }
  })
})

describe('audit', () => {
  test('an admin’s read, every message sent and marking handled are audited', async () => {
    const [patient] = await patients({})
    ok(await patientSend(patient.token, 'Hi'), 201)
    await adminThread(standard, patient.id)
    const reply = ok<AdminMessage>(await adminSend(superAdmin, patient.id, { body: 'Hello' }), 201)
    ok(await provider.call('POST', `v1/admin/patients/${patient.id}/messages/handled/`, { token: superAdmin }))
    // The patient's own reads and marks are not audit events.
    await patientThread(patient.token)
    ok(await provider.call('POST', 'v1/auth/messages/read/', { token: patient.token, body: { up_to: reply.id } }))
    const rows = await auditRows(patient.id)
    expect(rows.map((row) => [row.action, row.actor_email, row.details.sender_role ?? null])).toEqual([
      ['message_send', patient.email, 'patient'],
      ['message_view', STANDARD.email, null],
      ['message_send', SUPER.email, 'admin'],
      ['message_handled', SUPER.email, null],
    ])
    expect(rows[2].details).toMatchObject({ message_id: reply.id })
    // The audit log's filter knows the new actions.
    const filtered = await provider.call('GET', `v1/admin/audit-events/?action=message_view&target_account_id=${patient.id}`, {
      token: superAdmin,
    })
    expect(filtered.status, filtered.text).toBe(200)
    expect((filtered.json.content as { total: number }).total).toBe(1)
  })

  test('a look at the record’s Messages tab is audited once; seven background polls of it add no row', async () => {
    const [patient] = await patients({})
    ok(await patientSend(patient.token, 'Anyone there?'), 201)
    const look = async (background: boolean) => {
      const headers = background ? { 'X-Background': '1' } : undefined
      ok(await provider.call('GET', `v1/admin/patients/${patient.id}/`, { token: standard, headers }))
      ok(await provider.call('GET', `v1/admin/patients/${patient.id}/messages/`, { token: standard, headers }))
    }
    const counted = async () => {
      const rows = await auditRows(patient.id)
      return ['patient_view', 'message_view'].map((action) => rows.filter((row) => row.action === action).length)
    }
    await look(false)
    expect(await counted()).toEqual([1, 1])
    for (let poll = 0; poll < 7; poll++) await look(true)
    expect(await counted()).toEqual([1, 1])
    // A person's look is always written; so is a background read of what this admin has not seen
    // (the header can spare a repeat, never hide a first look), here another admin's.
    await look(false)
    expect(await counted()).toEqual([2, 2])
    ok(await provider.call('GET', `v1/admin/patients/${patient.id}/messages/`, { token: superAdmin, headers: { 'X-Background': '1' } }))
    expect((await auditRows(patient.id)).filter((row) => row.action === 'message_view').map((row) => row.actor_email)).toEqual([
      STANDARD.email,
      STANDARD.email,
      SUPER.email,
    ])
  })

  test('a background read of a record nobody audited lately is written', async () => {
    const [patient] = await patients({})
    // An earlier look, older than the window, does not spare the poll's row.
    await provider.sql(
      `INSERT INTO audit_events (at, actor_account_id, actor_email, action, target_account_id, details)
       SELECT ?, id, email, 'patient_view', ?, '{"resource":"record"}' FROM accounts WHERE email = ?`,
      new Date(Date.now() - 16 * 60_000).toISOString(),
      patient.id,
      STANDARD.email,
    )
    ok(await provider.call('GET', `v1/admin/patients/${patient.id}/`, { token: standard, headers: { 'X-Background': '1' } }))
    expect((await auditRows(patient.id)).filter((row) => row.action === 'patient_view')).toHaveLength(2)
  })

  test('each look at the inbox is one audit row naming the patients it previewed; the menu’s count and background repeats are not', async () => {
    const [first, second] = await patients({}, {})
    ok(await patientSend(first.token, 'One'), 201)
    ok(await patientSend(second.token, 'Two'), 201)
    const inboxRows = (): Promise<{ actor_email: string; details: { filter: string; page: number; patient_ids: number[] } }[]> =>
      provider.db.all(
        "SELECT actor_email, details FROM audit_events WHERE action = 'message_inbox_view' AND actor_email = ? ORDER BY id",
        [STANDARD.email],
      )
    const before = (await inboxRows()).length
    const shown = await inbox(standard)
    const rows = await inboxRows()
    expect(rows).toHaveLength(before + 1)
    expect(rows.at(-1)!.details).toEqual({ filter: 'all', page: 1, patient_ids: shown.items.map((item) => item.patient_id) })
    expect(rows.at(-1)!.details.patient_ids).toEqual(expect.arrayContaining([first.id, second.id]))
    expect(await auditRows(first.id)).not.toContainEqual(expect.objectContaining({ action: 'message_inbox_view' }))

    ok(await provider.call('GET', 'v1/admin/messages/?page_size=0', { token: standard }))
    ok(await provider.call('GET', 'v1/admin/messages/?page_size=100', { token: standard, headers: { 'X-Background': '1' } }))
    expect(await inboxRows()).toHaveLength(before + 1)
    await inbox(standard, 'filter=unread')
    await inbox(standard)
    expect(await inboxRows()).toHaveLength(before + 3)
    // The audit log's filter knows the action.
    const filtered = await provider.call('GET', 'v1/admin/audit-events/?action=message_inbox_view', { token: superAdmin })
    expect(filtered.status, filtered.text).toBe(200)
  })
})
