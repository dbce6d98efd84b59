import { SMTPServer } from 'smtp-server'

/** One e-mail as the SMTP server received it: headers unfolded, the body's quoted-printable decoded. */
export interface ReceivedMail {
  to: string[]
  headers: string
  body: string
}

function parse(raw: string): { headers: string; body: string } {
  const split = raw.indexOf('\r\n\r\n')
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const body = raw
    .slice(split + 4)
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return { headers, body }
}

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1, for specs whose server sends e-mail
 * through SMTP_URL (the API's job runner) instead of the development outbox.
 */
export function smtpInbox(port: number) {
  const received: { to: string[]; raw: string }[] = []
  /** Addresses whose first delivery attempt the server refuses with a temporary error. */
  const refuseOnce = new Set<string>()
  const attempts = new Map<string, number>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
        const count = (attempts.get(to[0]) ?? 0) + 1
        attempts.set(to[0], count)
        if (refuseOnce.has(to[0]) && count === 1) {
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }))
        }
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  return {
    /** The settings a spawned server needs to send its e-mail here (retrying after 1 s). */
    serverEnv: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'BariCare Test <no-reply@baricare.test>',
      SMTP_RETRY_DELAY_SECONDS: '1',
    },
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** The first delivery to `email` is refused with 451 (try again later). */
    refuseFirstAttempt: (email: string) => refuseOnce.add(email),
    /** Deliveries to `email` attempted, refused ones included. */
    attemptsFor: (email: string) => attempts.get(email) ?? 0,
    /** E-mails to `email` accepted so far. */
    deliveredTo: (email: string) => received.filter((mail) => mail.to.includes(email)).length,
    /** Waits until an e-mail to `email` for which `match` holds has arrived, and answers it. */
    async mailMatching(email: string, match: (mail: ReceivedMail) => boolean, timeoutMs = 30_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = received
          .filter((mail) => mail.to.includes(email))
          .map((mail) => ({ to: mail.to, ...parse(mail.raw) }))
          .find(match)
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no matching e-mail for ${email} reached the SMTP server`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    },
    /** Waits until `count` e-mails to `email` have arrived, and answers them, oldest first. */
    async mailsFor(email: string, count: number, timeoutMs = 30_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = received.filter((mail) => mail.to.includes(email))
        if (found.length >= count) return found.map((mail) => ({ to: mail.to, ...parse(mail.raw) }))
        if (Date.now() > deadline) throw new Error(`${found.length} of ${count} e-mails for ${email} reached the SMTP server`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    },
  }
}
