// The reminder e-mails' unsubscribe links work without signing in, so the link itself is the
// proof: `<account id>.<kind>.<HMAC-SHA256 of both>`, keyed by a key derived from the API's token
// secret (stored in the database, or TOKEN_SECRET), so every API process checks every link and no
// setting is needed. It never expires (a List-Unsubscribe link must keep working) and can only
// switch off the one kind of reminder it names, of the one account it names.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { REMINDER_KINDS, type ReminderKind } from './reminders-schedule.js'

export function unsubscribeKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'baricare-reminders', 'unsubscribe-link', 32))
}

function signature(key: Buffer, accountId: number, kind: ReminderKind): Buffer {
  return createHmac('sha256', key).update(`${accountId}.${kind}`).digest()
}

export function unsubscribeToken(key: Buffer, accountId: number, kind: ReminderKind): string {
  return `${accountId}.${kind}.${signature(key, accountId, kind).toString('base64url')}`
}

/** The account and kind a token names, or null for anything not signed with `key`. */
export function readUnsubscribeToken(key: Buffer, token: string): { accountId: number; kind: ReminderKind } | null {
  const match = /^([1-9]\d{0,15})\.([a-z_]+)\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const accountId = Number(match[1])
  const kind = match[2] as ReminderKind
  if (!Number.isSafeInteger(accountId) || !REMINDER_KINDS.includes(kind)) return null
  const given = Buffer.from(match[3], 'base64url')
  // A decoder ignores the last character's unused low bits, so several spellings decode to the
  // same bytes; only the one our encoder writes is the link we sent.
  if (given.toString('base64url') !== match[3]) return null
  const expected = signature(key, accountId, kind)
  return given.length === expected.length && timingSafeEqual(given, expected) ? { accountId, kind } : null
}
