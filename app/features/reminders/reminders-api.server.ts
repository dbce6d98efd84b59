// The reminders calls (docs/provider-api.md, "Reminders"): the patient's settings and the
// e-mails' unsubscribe link, which works without signing in. Answers are checked against the
// contract (common/contract/reminders.ts).
import { reminderSettingsSchema, unsubscribeSchema, type UnsubscribeAnswer } from '~/../common/contract/reminders'
import type { ProviderClient } from '~/platform/provider-client.server'
import type { ProviderResult } from '~/platform/provider-errors'
import { checked } from '~/platform/provider-result.server'
import type { ReminderSettings } from './reminders'

export async function getReminders(api: ProviderClient): Promise<ProviderResult<ReminderSettings>> {
  return checked(await api.call('GET', 'v1/auth/reminders/'), reminderSettingsSchema)
}

export async function saveReminders(
  api: ProviderClient,
  body: Record<string, unknown>,
): Promise<ProviderResult<ReminderSettings>> {
  return checked(await api.call('PUT', 'v1/auth/reminders/', { body }), reminderSettingsSchema)
}

/** The unsubscribe link's kind and whether it is still on; changes nothing. */
export async function checkUnsubscribe(api: ProviderClient, token: string): Promise<ProviderResult<UnsubscribeAnswer>> {
  return checked(await api.call('GET', 'v1/reminders/unsubscribe/', { query: { token }, auth: false }), unsubscribeSchema)
}

export async function unsubscribe(api: ProviderClient, token: string): Promise<ProviderResult<UnsubscribeAnswer>> {
  return checked(await api.call('POST', 'v1/reminders/unsubscribe/', { body: { token }, auth: false }), unsubscribeSchema)
}
