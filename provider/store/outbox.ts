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
  await db.kysely
    .insertInto('outbox')
    .values({
      to_email: mail.to,
      subject: mail.subject,
      body: mail.text,
      links: JSON.stringify(mail.links),
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      created_at: new Date().toISOString(),
    })
    .execute()
}

export async function readOutbox(db: Db, limit = 500): Promise<OutboxMail[]> {
  const rows = await db.kysely
    .selectFrom('outbox')
    .select(['id', 'to_email', 'subject', 'body', 'links', 'headers', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
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
