import { isValidEmail } from '../common/email'
import type { Account } from './store/accounts.js'
import type { Portal } from './tokens.js'
import type { ProviderContext } from './context.js'
import { insertOutboxMail } from './store/outbox.js'
import type { DueReminder } from './reminders-schedule.js'

export type { OutboxMail } from './store/outbox.js'
export { readOutbox } from './store/outbox.js'

/**
 * With SMTP configured, the message is queued for the SMTP job (provider/jobs/email.ts); without,
 * it goes to the development outbox (the table behind `/dev/mailbox`), as nothing is sent.
 */
async function send(
  ctx: ProviderContext,
  to: string,
  subject: string,
  text: string,
  links: string[],
  headers?: Record<string, string>,
): Promise<void> {
  // Every reader refuses such an address; one stored before the rule must not become a recipient
  // list or a header now. The address itself is not logged (personal data).
  if (!isValidEmail(to)) {
    ctx.log(`mailer: "${subject}" not sent: the recipient is not one valid e-mail address`)
    return
  }
  if (ctx.queueEmail) await ctx.queueEmail(headers ? { to, subject, text, headers } : { to, subject, text })
  else await insertOutboxMail(ctx.db, { to, subject, text, links, headers })
}

export function sendVerificationMail(ctx: ProviderContext, email: string, token: string): Promise<void> {
  const link = `${ctx.appUrl}/customer/verify-email?${new URLSearchParams({ token, email })}`
  return send(
    ctx,
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
  portal: Portal,
  token: string,
): Promise<void> {
  const link = `${ctx.appUrl}/${portal}/reset-password?${new URLSearchParams({ token })}`
  return send(
    ctx,
    email,
    'Reset your BariCare password',
    `Someone asked to reset the password of your BariCare account.\n\nChoose a new password within 1 hour:\n${link}\n\n` +
      'If it was not you, ignore this message; your password stays as it is.',
    [link],
  )
}

/** An admin invitation: a single-use link to the admin reset-password screen in create mode. */
export function sendInvitationMail(ctx: ProviderContext, email: string, inviter: Account, token: string): Promise<void> {
  const link = `${ctx.appUrl}/admin/reset-password?${new URLSearchParams({ token, createPassword: 'true' })}`
  const from = inviter.full_name ? `${inviter.full_name} (${inviter.email})` : inviter.email
  return send(
    ctx,
    email,
    "You're invited to the BariCare Admin Portal",
    `${from} invited you to the BariCare Admin Portal.\n\nCreate your password within 7 days:\n${link}\n\n` +
      'If you did not expect this invitation, you can ignore this message.',
    [link],
  )
}

/**
 * A new message from the care team. Nothing about the patient's health and not the message
 * itself: just that there is one, and where to read it after signing in.
 */
export function sendPatientMessageNotice(ctx: ProviderContext, email: string): Promise<void> {
  const link = `${ctx.appUrl}/customer/messages`
  return send(
    ctx,
    email,
    'You have a new message from your care team',
    `You have a new message from your care team.\n\nSign in to BariCare to read it:\n${link}\n\n` +
      'For your privacy, messages are only shown in BariCare, never in e-mail.',
    [link],
  )
}

/** A patient wrote to the care team. The link names the patient's record by id only. */
export function sendTeamMessageNotice(ctx: ProviderContext, email: string, patientId: number): Promise<void> {
  const link = `${ctx.appUrl}/admin/patients/${patientId}?tab=messages`
  return send(
    ctx,
    email,
    'New patient message in BariCare',
    `A patient has sent a new message to the care team.\n\nSign in to the BariCare Admin Portal to read it:\n${link}\n\n` +
      'For privacy, messages are only shown in the portal, never in e-mail.',
    [link],
  )
}

/** What a reminder says; nothing from the patient's log, only the nudge itself. */
export type ReminderMail = Pick<DueReminder, 'kind' | 'follow_up'>

const REMINDER_NAMES: Record<ReminderMail['kind'], string> = {
  weigh_in: 'weekly weigh-in',
  protein: 'protein',
  water: 'water',
  vitamins: 'vitamin',
  follow_up: 'follow-up',
}

function reminderWords(ctx: ProviderContext, reminder: ReminderMail): { subject: string; lines: string[] } {
  const logLink = `${ctx.appUrl}/customer/log-data`
  switch (reminder.kind) {
    case 'weigh_in':
      return { subject: 'Time for your weekly weigh-in', lines: ['It is time for your weekly weigh-in.', `Log your weight in BariCare:\n${logLink}`] }
    case 'protein':
      return { subject: 'A nudge about protein today', lines: ['A nudge to make protein part of every meal today.', `Log your meals in BariCare:\n${logLink}`] }
    case 'water':
      return { subject: 'A nudge to drink water today', lines: ['A nudge to sip water through the day.', `Log your water in BariCare:\n${logLink}`] }
    case 'vitamins':
      return { subject: 'Time for your vitamins', lines: ['A nudge to take your vitamins and supplements today.'] }
    case 'follow_up': {
      const visit = reminder.follow_up!
      const when = visit.days_before === 1 ? 'tomorrow' : `in ${visit.days_before} days`
      return {
        subject: `Your ${visit.label} is ${when}`,
        lines: [`Your ${visit.label} is ${when}, on ${visit.date}.`, 'If you have not booked it yet, contact your care team.'],
      }
    }
  }
}

/**
 * A reminder e-mail. Every one carries its one-click unsubscribe link in the text and in the
 * List-Unsubscribe headers (RFC 2369; RFC 8058's One-Click POST goes to its own address, which
 * answers a mail client in plain text instead of a page).
 */
export function sendReminderMail(
  ctx: ProviderContext,
  email: string,
  reminder: ReminderMail,
  unsubscribe: { page: string; oneClick: string },
): Promise<void> {
  const { subject, lines } = reminderWords(ctx, reminder)
  const settings = `${ctx.appUrl}/customer/profile?tab=preferences`
  const text =
    `${lines.join('\n\n')}\n\n` +
    `You get this e-mail because you turned on ${REMINDER_NAMES[reminder.kind]} reminders in BariCare.\n` +
    `Stop these reminders (no sign-in needed):\n${unsubscribe.page}\n\n` +
    `Change your reminders in your profile:\n${settings}`
  return send(ctx, email, subject, text, [unsubscribe.page, settings], {
    'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  })
}
