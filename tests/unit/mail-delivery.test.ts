import nodemailer, { type SendMailOptions } from 'nodemailer'
import { describe, expect, test } from 'vitest'
import type { ProviderContext } from '../../provider/context'
import { deliver, type OutgoingMail } from '../../provider/jobs/email'
import { sendPatientMessageNotice, sendVerificationMail } from '../../provider/mailer'

const mail = (to: string): OutgoingMail => ({ to, subject: 'Verify your BariCare email', text: 'link' })

/** A transport that keeps what it was asked to send. */
function recordingTransport() {
  const sent: SendMailOptions[] = []
  return { sent, sendMail: async (options: SendMailOptions) => void sent.push(options) }
}

describe('the SMTP job hands nodemailer an address, never a string it parses', () => {
  test('the recipient is an address object with an empty name', async () => {
    const transport = recordingTransport()
    await deliver(transport, 'BariCare <no-reply@clinic.example>', mail('pat@example.org'), () => {})
    expect(transport.sent).toHaveLength(1)
    expect(transport.sent[0].to).toEqual({ name: '', address: 'pat@example.org' })
    expect(typeof transport.sent[0].to).not.toBe('string')
  })

  test.each([
    'atk@example.test,victim@example.org',
    '"Boss"<atk2@example.test>;cc2@example.org',
    'nel@example.test\u0085bcc:nelbcc@example.org',
  ])('a queued %j (stored before the rule) is dropped with a log line, not sent', async (to) => {
    const transport = recordingTransport()
    const lines: string[] = []
    await deliver(transport, 'no-reply@clinic.example', mail(to), (line) => lines.push(line))
    expect(transport.sent).toEqual([])
    expect(lines).toEqual([expect.stringContaining('dropped')])
    expect(lines.join('')).not.toContain('victim')
  })

  test("nodemailer's envelope has exactly one recipient, the address", async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true })
    const envelopes: unknown[] = []
    await deliver(
      { sendMail: async (options) => envelopes.push((await transport.sendMail(options)).envelope) },
      'no-reply@clinic.example',
      mail('pat@example.org'),
      () => {},
    )
    expect(envelopes).toEqual([{ from: 'no-reply@clinic.example', to: ['pat@example.org'] }])
    // Why a string is never given: nodemailer reads it as a list.
    const parsed = await transport.sendMail({ from: 'no-reply@clinic.example', to: 'atk@example.test,victim@example.org', text: '' })
    expect(parsed.envelope.to).toEqual(['atk@example.test', 'victim@example.org'])
  })
})

describe('the mailer queues only one valid address', () => {
  function context() {
    const queued: OutgoingMail[] = []
    const lines: string[] = []
    // Only what send() touches: the queue and the log (the outbox needs a database, unused here).
    const ctx = {
      appUrl: 'http://app.test',
      log: (line: string) => lines.push(line),
      queueEmail: async (mail: OutgoingMail) => queued.push(mail),
    } as unknown as ProviderContext
    return { ctx, queued, lines }
  }

  test('an address stored before the rule is not queued; a valid one is', async () => {
    const { ctx, queued, lines } = context()
    await sendVerificationMail(ctx, 'atk@example.test,victim@example.org', 'token')
    await sendPatientMessageNotice(ctx, 'nel@example.test\u0085bcc:nelbcc@example.org')
    expect(queued).toEqual([])
    expect(lines).toHaveLength(2)
    expect(lines.join('\n')).not.toMatch(/victim|nelbcc/)
    await sendPatientMessageNotice(ctx, 'pat@example.org')
    expect(queued.map((mail) => mail.to)).toEqual(['pat@example.org'])
  })
})
