// Reminders (docs/provider-api.md, "Reminders"): the patient's reminder settings, and the unsubscribe
// link of every reminder e-mail, which works without signing in (its token is the proof).
import type { ProviderContext } from '../context.js'
import { ApiError } from '../errors.js'
import { jsonObjectBody, type RequestInput, type Route } from '../http.js'
import { readReminderSettingsBody, remindersContent } from '../reminders-fields.js'
import { readUnsubscribeToken, unsubscribeKey } from '../reminder-tokens.js'
import type { ReminderKind } from '../reminders-schedule.js'
import { findAccountById } from '../store/accounts.js'
import { readReminderSettings, saveReminderSettings, turnReminderOff } from '../store/reminders.js'
import { authenticate } from '../sessions.js'
import { reminderSettingsSchema, unsubscribeSchema } from '../../common/contract/reminders'

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid.'

export function reminderRoutes(ctx: ProviderContext): Route[] {
  const customer = (req: RequestInput) => authenticate(ctx, req.headers.authorization, 'customer')
  const key = unsubscribeKey(ctx.secret)

  /** The patient and kind a link names; a 400 for a forged, mangled or stale (account gone) one. */
  async function linkTarget(token: unknown): Promise<{ accountId: number; kind: ReminderKind }> {
    const target = typeof token === 'string' ? readUnsubscribeToken(key, token.trim()) : null
    const account = target && (await findAccountById(ctx.db, target.accountId))
    if (!target || !account || account.portal !== 'customer') throw new ApiError(400, UNSUBSCRIBE_INVALID, {})
    return target
  }

  return [
    {
      method: 'GET',
      path: 'v1/auth/reminders/',
      answer: reminderSettingsSchema,
      handler: async (req) => ({
        message: 'Reminders loaded.',
        content: remindersContent(await readReminderSettings(ctx.db, (await customer(req)).id)),
      }),
    },
    {
      method: 'PUT',
      path: 'v1/auth/reminders/',
      answer: reminderSettingsSchema,
      handler: async (req) => {
        const account = await customer(req)
        const body = jsonObjectBody(req)
        const settings = readReminderSettingsBody(body, await readReminderSettings(ctx.db, account.id))
        await saveReminderSettings(ctx.db, account.id, settings)
        return { message: 'Reminders Updated', content: remindersContent(settings) }
      },
    },
    {
      // Reads only: mail scanners open links, so the app's confirm page asks this, and only the
      // POST below switches anything off.
      method: 'GET',
      path: 'v1/reminders/unsubscribe/',
      answer: unsubscribeSchema,
      handler: async (req) => {
        const { accountId, kind } = await linkTarget(req.query.get('token'))
        const settings = await readReminderSettings(ctx.db, accountId)
        return { message: 'Unsubscribe link checked.', content: { kind, on: settings.kinds[kind] } }
      },
    },
    {
      method: 'POST',
      path: 'v1/reminders/unsubscribe/',
      answer: unsubscribeSchema,
      handler: async (req) => {
        const { accountId, kind } = await linkTarget(jsonObjectBody(req).token)
        const changed = await turnReminderOff(ctx.db, accountId, kind)
        return {
          message: changed ? 'Reminder turned off.' : 'This reminder was already off.',
          content: { kind, on: false },
        }
      },
    },
  ]
}
