// GET v1/auth/dashboard/ (docs/provider-api.md "The dashboard in one call", an extension): what the
// patient's dashboard shows, in one answer. Its three parts are the answers of the calls the
// dashboard makes without it, so a screen built from either is the same. Server code only (zod).
import { z } from 'zod'
import { deviceListSchema } from './devices'
import { entriesRangeSchema } from './entries'
import { customerProfileSchema } from './profile'

/**
 * As our API answers it: `profile` as GET v1/auth/profile/, `entries` as GET
 * v1/auth/entries/?from=<today − 1>&to=<today> (the two days and the newest of each kind on or before
 * today), `devices` as GET v1/auth/devices/.
 */
export const patientDashboardSchema = z.object({
  profile: customerProfileSchema,
  entries: entriesRangeSchema,
  devices: deviceListSchema,
})

/**
 * As the app reads it. An extension's answer is read at our API's level (only our API has the
 * call); its profile is a superset of the SPEC-level profile the separate call gives, and the same
 * functions turn either into the page.
 */
export type PatientDashboard = z.output<typeof patientDashboardSchema>
