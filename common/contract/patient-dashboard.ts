// GET v1/auth/dashboard/ (docs/provider-api.md "The dashboard in one call", an extension): what the
// patient's dashboard shows, in one answer. Its three parts are the answers of the calls the
// dashboard makes without it, so a screen built from either is the same. Server code only (zod).
import { z } from 'zod'
import { deviceListSchema } from './devices'
import { entriesRangeSchema } from './entries'
import { customerProfileSchema } from './profile'
import { specCustomerProfileSchema } from './spec'

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
 * As the app reads it: the profile at the SPEC level, which is how the app reads GET
 * v1/auth/profile/, so the dashboard shows the same whichever way it was loaded.
 */
export const patientDashboardReadSchema = patientDashboardSchema.extend({ profile: specCustomerProfileSchema })
export type PatientDashboard = z.output<typeof patientDashboardReadSchema>
