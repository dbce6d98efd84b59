// Reminders (docs/provider-api.md, "Reminders"): the patient's reminder settings, and the unsubscribe
// link of every reminder e-mail, which works without signing in (its token is the proof).
import type { ProviderContext } from '../context.js'
import { serve, type Served } from '../endpoint-router.js'
import { ApiError, invalidFields } from '../errors.js'
import { readUnsubscribeToken, unsubscribeKey } from '../reminder-tokens.js'
import { remindersContent } from '../reminders-content.js'
import { WEEKDAYS, type ReminderKind, type ReminderSettings } from '../reminders-schedule.js'
import { findAccountById } from '../store/accounts.js'
import { readReminderSettings, saveReminderSettings, turnReminderOff } from '../store/reminders.js'
import { API, type BodyOf } from '../../common/contract/endpoints'
import { DAYS_REQUIRED, needsReminderDays, REMINDER_KINDS } from '../../common/contract/reminders-values'

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid.'

/** The saved settings with what the body changes; an absent field keeps its value. */
function applySettings(
  current: ReminderSettings,
  body: BodyOf<typeof API.reminders.put>,
): ReminderSettings {
  const kinds = { ...current.kinds }
  for (const kind of REMINDER_KINDS) kinds[kind] = body[kind] ?? current.kinds[kind]
  // Monday-first, whatever order they came in.
  const days = body.days ? WEEKDAYS.filter((day) => body.days?.includes(day)) : current.days
  return { kinds, time: body.time ?? current.time, days, time_zone: body.time_zone ?? current.time_zone }
}

export function reminderRoutes(ctx: ProviderContext): Served[] {
  const key = unsubscribeKey(ctx.secret)

  /** The patient and kind a link names; a 400 for a forged, mangled or stale (account gone) one. */
  async function linkTarget(token: string): Promise<{ accountId: number; kind: ReminderKind }> {
    const target = token ? readUnsubscribeToken(key, token) : null
    const account = target && (await findAccountById(ctx.db, target.accountId))
    if (!target || !account || account.portal !== 'customer') throw new ApiError(400, UNSUBSCRIBE_INVALID, {})
    return target
  }

  return [
    serve(API.reminders.get, async ({ caller }) => ({
      message: 'Reminders loaded.',
      content: remindersContent(await readReminderSettings(ctx.db, caller.account.id)),
    })),
    serve(API.reminders.put, async ({ caller, body }) => {
      const settings = applySettings(await readReminderSettings(ctx.db, caller.account.id), body)
      // The body alone is checked by the table; a kind saved before may need days too.
      if (settings.days.length === 0 && needsReminderDays(settings.kinds)) throw invalidFields({ days: [DAYS_REQUIRED] })
      await saveReminderSettings(ctx.db, caller.account.id, settings)
      return { message: 'Reminders Updated', content: remindersContent(settings) }
    }),
    // Reads only: mail scanners open links, so the app's confirm page asks this, and only the
    // POST below switches anything off.
    serve(API.reminders.checkUnsubscribe, async ({ query }) => {
      const { accountId, kind } = await linkTarget(query.token)
      const settings = await readReminderSettings(ctx.db, accountId)
      return { message: 'Unsubscribe link checked.', content: { kind, on: settings.kinds[kind] } }
    }),
    serve(API.reminders.unsubscribe, async ({ body }) => {
      const { accountId, kind } = await linkTarget(body.token)
      const changed = await turnReminderOff(ctx.db, accountId, kind)
      return {
        message: changed ? 'Reminder turned off.' : 'This reminder was already off.',
        content: { kind, on: false },
      }
    }),
  ]
}
