// Patient alerts (docs/provider-api.md "Admin dashboard, patients, patient record and alerts"):
// the kinds, their tiers and titles, and an alert's statuses. Plain values, no zod.

export const ALERT_KINDS = ['weight_regain', 'no_recent_data', 'low_protein'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

export const ALERT_TIERS = [1, 2, 3] as const
export type AlertTier = (typeof ALERT_TIERS)[number]

/** Tier 1 act soon, tier 2 follow up, tier 3 review. */
export const ALERT_KIND_TIERS: Record<AlertKind, AlertTier> = {
  weight_regain: 1,
  no_recent_data: 2,
  low_protein: 3,
}

export const ALERT_TITLES: Record<AlertKind, string> = {
  weight_regain: 'Weight regain',
  no_recent_data: 'No recent data',
  low_protein: 'Low protein intake',
}

/** A condition the rules found in a patient's data; the store keeps one episode per condition. */
export interface AlertCondition {
  kind: AlertKind
  tier: AlertTier
  /** Unit-free, so every admin reads it the same whatever unit they prefer. */
  detail: string
}

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const
export type AlertStatus = (typeof ALERT_STATUSES)[number]

/** An acknowledgement's note: required, at most 500 characters after trimming. */
export const ALERT_NOTE_MAX = 500
export const NOTE_REQUIRED = 'Note is required'
export const NOTE_TOO_LONG = `Note must be at most ${ALERT_NOTE_MAX} characters`
