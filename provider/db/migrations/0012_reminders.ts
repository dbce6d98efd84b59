import { sql, type Kysely } from 'kysely'

// Reminder e-mails (protein, water, vitamins, weekly weigh-in, follow-ups).
// - reminder_preferences: one row per patient who saved the form; no row = every reminder off.
//   days is a bit per weekday (Monday = 1, Sunday = 64); the time is HH:MM on the patient's own
//   clock in time_zone (an IANA name).
// - reminder_sends: one row per reminder sent, keyed by patient, kind and slot (the local date, or
//   the follow-up and lead time). The job inserts the row before it queues the e-mail and sends
//   only when the insert added it, so two API processes cannot both send one reminder.
// - outbox.headers: the development outbox keeps the headers a mail was sent with
//   (List-Unsubscribe), so tests and /dev/mailbox can see them as SMTP would carry them.

export const statements = [
  `create table reminder_preferences (
    account_id bigint primary key references accounts(id) on delete cascade,
    weigh_in boolean not null default false,
    protein boolean not null default false,
    water boolean not null default false,
    vitamins boolean not null default false,
    follow_up boolean not null default false,
    time_of_day text not null check (time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    days integer not null check (days between 0 and 127),
    time_zone text not null,
    updated_at timestamptz not null
  )`,
  `create index reminder_preferences_on on reminder_preferences (account_id)
    where weigh_in or protein or water or vitamins or follow_up`,
  `create table reminder_sends (
    account_id bigint not null references accounts(id) on delete cascade,
    kind text not null check (kind in ('weigh_in', 'protein', 'water', 'vitamins', 'follow_up')),
    slot text not null,
    sent_at timestamptz not null,
    primary key (account_id, kind, slot)
  )`,
  `create index reminder_sends_sent_at on reminder_sends (sent_at)`,
  `alter table outbox add column headers jsonb`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
