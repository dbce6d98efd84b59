// Reminder e-mails, sent by a scheduled job on the job runner. Every REMINDER_CRON minutes one
// run (whichever API instance claims it) reads the patients with a reminder on who can receive it
// (verified, not deactivated), works out what is due on each one's own clock
// (provider/reminders-schedule.ts) and sends each due reminder once: its row in reminder_sends is
// inserted first, and only the run whose insert added it queues the e-mail. That database key, not
// the queue's one-run-at-a-time policy, is what makes "once" hold with two API processes, a retried
// run, or a development trigger running beside the schedule.
import type { PgBoss } from 'pg-boss'
import type { ProviderContext } from '../context.js'
import { sendReminderMail } from '../mailer.js'
import { unsubscribeKey, unsubscribeToken } from '../reminder-tokens.js'
import { dueReminders } from '../reminders-schedule.js'
import {
  claimReminder,
  pruneReminderSends,
  RECIPIENT_BATCH,
  releaseReminder,
  reminderRecipients,
} from '../store/reminders.js'

export const REMINDERS_QUEUE = 'reminders.send'
/** Every 5 minutes (UTC cron, but the rule reads each patient's own clock). */
const REMINDER_CRON = '*/5 * * * *'
/** Sent rows older than this are pruned: their slots (dates) are long past. */
const KEEP_SENDS_DAYS = 30

/**
 * The e-mail's two unsubscribe addresses, with one token: the page a person opens (it asks first),
 * and the List-Unsubscribe address a mail client POSTs to (RFC 8058), which answers in plain text.
 */
export function unsubscribeUrls(ctx: ProviderContext, accountId: number, kind: Parameters<typeof unsubscribeToken>[2]) {
  const query = new URLSearchParams({ token: unsubscribeToken(unsubscribeKey(ctx.secret), accountId, kind) })
  return { page: `${ctx.appUrl}/reminders/unsubscribe?${query}`, oneClick: `${ctx.appUrl}/reminders/one-click?${query}` }
}

/** One run at `now`: sends what is due and not sent yet; answers how many were sent. */
export async function sendDueReminders(ctx: ProviderContext, now: Date): Promise<number> {
  let sent = 0
  let afterId = 0
  for (;;) {
    const recipients = await reminderRecipients(ctx.db, afterId)
    for (const recipient of recipients) {
      for (const reminder of dueReminders(recipient.settings, recipient.surgery_date, now)) {
        if (!(await claimReminder(ctx.db, recipient.id, reminder.kind, reminder.slot, now))) continue
        try {
          await sendReminderMail(ctx, recipient.email, reminder, unsubscribeUrls(ctx, recipient.id, reminder.kind))
          sent += 1
        } catch (error) {
          await releaseReminder(ctx.db, recipient.id, reminder.kind, reminder.slot)
          // No address in the log: it is personal data; the account id finds it.
          ctx.log(
            `jobs: ${reminder.kind} reminder for account ${recipient.id} not queued: ${error instanceof Error ? error.message : String(error)}`,
          )
        }
      }
    }
    if (recipients.length < RECIPIENT_BATCH) break
    afterId = recipients[recipients.length - 1].id
  }
  await pruneReminderSends(ctx.db, new Date(now.getTime() - KEEP_SENDS_DAYS * 86_400_000))
  return sent
}

export async function startReminders(boss: PgBoss, ctx: ProviderContext): Promise<void> {
  await boss.createQueue(REMINDERS_QUEUE, { policy: 'exclusive', retryLimit: 2, retryDelay: 60 })
  await boss.schedule(REMINDERS_QUEUE, REMINDER_CRON)
  await boss.work(REMINDERS_QUEUE, async () => {
    const sent = await sendDueReminders(ctx, new Date())
    if (sent > 0) ctx.log(`jobs: ${sent} reminders sent`)
  })
}
