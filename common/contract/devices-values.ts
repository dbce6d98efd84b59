// Connected devices (docs/provider-api.md "Connected devices"): the services the
// reference API lists, a connection's statuses and the data types. Plain values, no zod.

/** The reference API's catalogue, in its order; a real provider may list others (see SERVICE_KEY). */
export const DEVICE_SERVICE_KEYS = ['demo_health', 'withings', 'fitbit', 'garmin'] as const
export type DeviceServiceKey = (typeof DEVICE_SERVICE_KEYS)[number]

/** What any service key looks like: the app reads services it does not know by this. */
export const SERVICE_KEY = /^[a-z][a-z0-9_]{0,49}$/

export function isServiceKey(value: unknown): value is string {
  return typeof value === 'string' && SERVICE_KEY.test(value)
}

export const CONNECTION_STATUSES = ['connected', 'not_connected', 'needs_attention'] as const
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number]

export const DATA_TYPES = ['weight', 'sleep', 'activity'] as const
export type DataType = (typeof DATA_TYPES)[number]
/** What a sync turns into health-log entries (the log has no activity kind). */
export const IMPORTED_TYPES = ['weight', 'sleep'] as const
export type ImportedType = (typeof IMPORTED_TYPES)[number]

/**
 * A Withings notification queues at most one sync per patient in each slot of this many minutes;
 * notifications that arrive while a slot is taken become one sync at the start of the next slot.
 * Notifications are unsigned, so this is what bounds the outbound calls a forger can cause.
 */
export const WITHINGS_NOTIFY_SYNC_MINUTES = 5
