// The reminders calls (docs/provider-api.md, "Reminders"): the patient's settings and the e-mails'
// unsubscribe link, which works without signing in. The route table (common/contract/endpoints.ts)
// gives each call's path and answer schema.
import { API } from '~/../common/contract/endpoints'
import type { UnsubscribeAnswer } from '~/../common/contract/reminders'
import type { ProviderClient } from '~/platform/provider-client.server'
import type { ProviderResult } from '~/platform/provider-errors'
import type { ReminderForm, ReminderSettings } from './reminders'

export function getReminders(api: ProviderClient): Promise<ProviderResult<ReminderSettings>> {
  return api.call(API.reminders.get)
}

export function saveReminders(api: ProviderClient, body: ReminderForm): Promise<ProviderResult<ReminderSettings>> {
  return api.call(API.reminders.put, { body })
}

/** The unsubscribe link's kind and whether it is still on; changes nothing. */
export function checkUnsubscribe(api: ProviderClient, token: string): Promise<ProviderResult<UnsubscribeAnswer>> {
  return api.call(API.reminders.checkUnsubscribe, { query: { token } })
}

export function unsubscribe(api: ProviderClient, token: string): Promise<ProviderResult<UnsubscribeAnswer>> {
  return api.call(API.reminders.unsubscribe, { body: { token } })
}
