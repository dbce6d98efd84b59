// The development outbox: every e-mail the provider "sends" is a row here (with SMTP_URL set they go over SMTP instead: provider/jobs/email.ts).
import type { Db } from './sql.js'

export interface OutboxMail {
  id: number
  to: string
  subject: string
  text: string
  links: string[]
  /** Extra headers the mail was sent with (List-Unsubscribe), {} for none. */
  headers: Record<string, string>
  created_at: string
}

export async function insertOutboxMail(
  db: Db,
  mail: { to: string; subject: string; text: string; links: string[]; headers?: Record<string, string> },
): Promise<void> {
  await db.run('INSERT INTO outbox (to_email, subject, body, links, headers, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
    mail.to,
    mail.subject,
    mail.text,
    JSON.stringify(mail.links),
    mail.headers ? JSON.stringify(mail.headers) : null,
    new Date().toISOString(),
  ])
}

export async function readOutbox(db: Db, limit = 500): Promise<OutboxMail[]> {
  const rows = await db.all<{
    id: number
    to_email: string
    subject: string
    body: string
    links: string[]
    headers: Record<string, string> | null
    created_at: string
  }>('SELECT id, to_email, subject, body, links, headers, created_at FROM outbox ORDER BY id DESC LIMIT ?', [limit])
  return rows.map((row) => ({
    id: row.id,
    to: row.to_email,
    subject: row.subject,
    text: row.body,
    links: row.links,
    headers: row.headers ?? {},
    created_at: row.created_at,
  }))
}
