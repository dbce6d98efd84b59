// E-mail over SMTP, sent by a job: the request that causes a message (sign-up, reset, invitation)
// only queues it, so a slow or failing mail server never slows or fails the request, and a message
// that cannot go out now is retried with growing delays (about 30 s, 1, 2, 4… minutes, at most an
// hour apart, eight tries) on whichever API instance is up.
import nodemailer, { type SendMailOptions } from 'nodemailer'
import { isValidEmail } from '../../common/email'
import type { PgBoss } from 'pg-boss'
import { ExpectedFailure } from '../expected-failure.js'

export const EMAIL_QUEUE = 'email.send'

export interface SmtpSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
  url: string
  /** The From header, e.g. `BariCare <no-reply@clinic.example>`. */
  from: string
  /** First retry delay in seconds (doubles each time); 30 unless a test needs it shorter. */
  retryDelaySeconds?: number
}

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on reminders). */
  headers?: Record<string, string>
}

/** Creates the queue and starts working it on this instance. */
export async function startEmailWorker(boss: PgBoss, smtp: SmtpSettings, log: (line: string) => void): Promise<void> {
  const transport = nodemailer.createTransport(smtp.url)
  await boss.createQueue(EMAIL_QUEUE, {
    retryLimit: 8,
    retryDelay: smtp.retryDelaySeconds ?? 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    // The body carries a single-use link: keep a sent message no longer than needed to debug a day.
    deleteAfterSeconds: 24 * 60 * 60,
  })
  await boss.work<OutgoingMail>(EMAIL_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      try {
        await deliver(transport, smtp.from, job.data, log)
      } catch (error) {
        // The address is not logged: it is personal data, and the job id finds it when needed.
        log(`jobs: e-mail ${job.id} not sent, will retry: ${error instanceof Error ? error.message : String(error)}`)
        throw error
      }
    }
  })
}

/** What deliver() needs of a nodemailer transport. */
export interface MailTransport {
  sendMail(options: SendMailOptions): Promise<unknown>
}

/**
 * Sends one queued message. The recipient goes to nodemailer as an address object, which it uses
 * as is: a string would be parsed as an address list, where `,` `;` `<>` or a display name make
 * other recipients. An address that breaks the one rule (queued before it) is dropped, not retried.
 */
export async function deliver(transport: MailTransport, from: string, mail: OutgoingMail, log: (line: string) => void): Promise<void> {
  if (!isValidEmail(mail.to)) {
    log(`jobs: e-mail "${mail.subject}" dropped: the recipient is not one valid e-mail address`)
    return
  }
  await transport.sendMail({
    from,
    to: { name: '', address: mail.to },
    subject: mail.subject,
    text: mail.text,
    headers: mail.headers,
  })
}

export function queueEmail(boss: PgBoss, mail: OutgoingMail): Promise<string | null> {
  return boss.send(EMAIL_QUEUE, mail)
}

const DEFAULT_FROM = 'BariCare <no-reply@baricare.invalid>'

/** SMTP_URL, SMTP_FROM and SMTP_RETRY_DELAY_SECONDS; undefined when SMTP_URL is unset. */
export function smtpSettingsFromEnv(env: Record<string, string | undefined>): SmtpSettings | undefined {
  const url = env.SMTP_URL?.trim()
  if (!url) return undefined
  if (!/^smtps?:\/\/[^/\s]+/.test(url)) {
    throw new ExpectedFailure('Invalid environment: SMTP_URL must look like smtp://user:password@host:587 or smtps://…:465')
  }
  const delayText = env.SMTP_RETRY_DELAY_SECONDS?.trim()
  const retryDelaySeconds = delayText ? Number(delayText) : undefined
  if (retryDelaySeconds !== undefined && !(Number.isInteger(retryDelaySeconds) && retryDelaySeconds >= 1 && retryDelaySeconds <= 3600)) {
    throw new ExpectedFailure(`Invalid environment: SMTP_RETRY_DELAY_SECONDS must be a whole number from 1 to 3600 ("${delayText}")`)
  }
  return { url, from: env.SMTP_FROM?.trim() || DEFAULT_FROM, retryDelaySeconds }
}
