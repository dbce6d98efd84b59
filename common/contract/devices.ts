// Connected devices' calls (docs/provider-api.md "Connected devices", "Withings —
// extension"): a service as listed, connect, complete, sync, disconnect, and the answer to a
// forwarded Withings notification. Server code only (zod).
import { z } from 'zod'
import { CONNECTION_STATUSES, isServiceKey } from './devices-values'

// Requests: the route table (endpoints.ts) holds their schemas, with the API's messages.

// ---- Answers ----------------------------------------------------------------------------------

// Lenient where a screen can do without: a service the app cannot read in full is still listed.
export const deviceServiceSchema = z.object({
  service: z.string().refine(isServiceKey),
  service_name: z.string().min(1),
  status: z.enum(CONNECTION_STATUSES).catch('not_connected'),
  data_types: z.array(z.string()).catch([]),
  imported_types: z.array(z.string()).catch([]),
  last_synced_at: z.string().nullable().catch(null),
  last_error: z.string().nullable().catch(null),
  available: z.boolean().catch(false),
  availability_note: z.string().nullable().catch(null),
})
export type DeviceServiceView = z.output<typeof deviceServiceSchema>

/** GET v1/auth/devices/ */
export const deviceListSchema = z.array(deviceServiceSchema)

/** POST v1/auth/devices/connect/ */
export const connectStartSchema = z.object({ consent_url: z.string().url(), state: z.string().min(1) })

const counts = z.object({ weight: z.number(), sleep: z.number() })
export const syncReportSchema = z
  .object({ imported: counts, skipped_manual: counts.catch({ weight: 0, sleep: 0 }) })
  .catch({ imported: { weight: 0, sleep: 0 }, skipped_manual: { weight: 0, sleep: 0 } })

/** POST v1/auth/devices/complete/ and …/sync/: the service, now synced, and what the sync did. */
export const syncedSchema = z.object({ service_name: z.string(), sync: syncReportSchema })

/** POST v1/auth/devices/disconnect/ */
export const disconnectedSchema = z.object({ service_name: z.string(), deleted_entries: z.number().catch(0) })

/**
 * POST v1/devices/withings/notify/: an empty acknowledgement, the same whether or not the
 * notification named a patient connected here (so the public endpoint tells nobody who is linked).
 */
export const withingsNotifySchema = z.object({})
