import type { ProviderContext } from './context.js'
import type { Db } from './db.js'

export interface OutboxMail {
  id: number
  to: string
  subject: string
  text: string
  links: string[]
  created_at: string
}

/** The reference provider sends nothing: mail goes to the outbox table, which development can read. */
function send(db: Db, to: string, subject: string, text: string, links: string[]): void {
  db.prepare('INSERT INTO outbox (to_email, subject, body, links, created_at) VALUES (?, ?, ?, ?, ?)').run(
    to,
    subject,
    text,
    JSON.stringify(links),
    new Date().toISOString(),
  )
}

export function sendVerificationMail(ctx: ProviderContext, email: string, token: string): void {
  const link = `${ctx.appUrl}/customer/verify-email?${new URLSearchParams({ token, email })}`
  send(
    ctx.db,
    email,
    'Verify your BariCare email',
    `Welcome to BariCare!\n\nConfirm your email address by opening this link within 24 hours:\n${link}\n\n` +
      'If you did not sign up, you can ignore this message.',
    [link],
  )
}

export function sendResetMail(
  ctx: ProviderContext,
  email: string,
  portal: 'customer' | 'admin',
  token: string,
): void {
  const link = `${ctx.appUrl}/${portal}/reset-password?${new URLSearchParams({ token })}`
  send(
    ctx.db,
    email,
    'Reset your BariCare password',
    `Someone asked to reset the password of your BariCare account.\n\nChoose a new password within 1 hour:\n${link}\n\n` +
      'If it was not you, ignore this message; your password stays as it is.',
    [link],
  )
}

export function readOutbox(db: Db, limit = 500): OutboxMail[] {
  const rows = db
    .prepare('SELECT id, to_email, subject, body, links, created_at FROM outbox ORDER BY id DESC LIMIT ?')
    .all(limit) as {
    id: number
    to_email: string
    subject: string
    body: string
    links: string
    created_at: string
  }[]
  return rows.map((row) => ({
    id: row.id,
    to: row.to_email,
    subject: row.subject,
    text: row.body,
    links: JSON.parse(row.links) as string[],
    created_at: row.created_at,
  }))
}
