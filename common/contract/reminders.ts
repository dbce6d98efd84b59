// Reminders' calls (docs/provider-api.md "Reminders"): the settings (GET and PUT
// v1/auth/reminders/, and `reminders` on a patient's record) and the unsubscribe link's answers.
// Server code only (zod).
import { z } from 'zod'
import { REMINDER_CHANNELS, REMINDER_KINDS, WEEKDAYS } from './reminders-values'

export const reminderSettingsSchema = z.object({
  weigh_in: z.boolean(),
  protein: z.boolean(),
  water: z.boolean(),
  vitamins: z.boolean(),
  follow_up: z.boolean(),
  time: z.string(),
  days: z.array(z.enum(WEEKDAYS)),
  time_zone: z.string(),
  channel: z.enum(REMINDER_CHANNELS),
})
export type ReminderSettings = z.output<typeof reminderSettingsSchema>

/** GET and POST v1/reminders/unsubscribe/: the kind the link names and whether it is (still) on. */
export const unsubscribeSchema = z.object({ kind: z.enum(REMINDER_KINDS), on: z.boolean() })
export type UnsubscribeAnswer = z.output<typeof unsubscribeSchema>
