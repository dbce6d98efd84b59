// The reminders calls (docs/provider-api.md, "Reminders", P18): the patient's settings and the
// e-mails' unsubscribe link, which works without signing in.
import type { ProviderClient } from '~/platform/provider-client.server'
import type { ProviderResult } from '~/platform/provider-errors'
import type { ReminderSettings } from './reminders'

export function getReminders(api: ProviderClient): Promise<ProviderResult<ReminderSettings>> {
  return api.call('GET', 'v1/auth/reminders/')
}

export function saveReminders(
  api: ProviderClient,
  body: Record<string, unknown>,
): Promise<ProviderResult<ReminderSettings>> {
  return api.call('PUT', 'v1/auth/reminders/', { body })
}

/** The unsubscribe link's kind and whether it is still on; changes nothing. */
export function checkUnsubscribe(
  api: ProviderClient,
  token: string,
): Promise<ProviderResult<{ kind: string; on: boolean }>> {
  return api.call('GET', 'v1/reminders/unsubscribe/', { query: { token }, auth: false })
}

export function unsubscribe(
  api: ProviderClient,
  token: string,
): Promise<ProviderResult<{ kind: string; on: boolean }>> {
  return api.call('POST', 'v1/reminders/unsubscribe/', { body: { token }, auth: false })
}
