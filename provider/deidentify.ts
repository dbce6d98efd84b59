// Extension (docs/provider-api.md, "Exports"): HIPAA Safe Harbor (45 CFR 164.514(b)(2)) for the
// de-identified exports. Pure, so each rule is unit-tested on its own. The provider applies these
// before anything leaves it: identifiers never reach the app in de-identified mode.
import { randomBytes } from 'node:crypto'
import { PRE_OP_BAND, SURGERY_BANDS } from '../common/contract/reports-values'
import { ageOn, daysBetween } from './admin-patients-metrics.js'

/**
 * Three-digit ZIP prefixes whose area held 20,000 people or fewer at the 2000 census (the list HHS
 * guidance points to); Safe Harbor requires them to be reported as 000.
 */
export const RESTRICTED_ZIP3 = new Set([
  '036', '059', '063', '102', '203', '556', '692', '790', '821', '823', '830', '831', '878', '879', '884', '890', '893',
])

/** The first three digits of a US ZIP (5 or 9 digits, dash allowed); '000' for small areas; null otherwise. */
export function zip3(postalCode: string | null | undefined): string | null {
  const match = /^\s*(\d{3})\d{2}(?:-?\d{4})?\s*$/.exec(postalCode ?? '')
  if (!match) return null
  return RESTRICTED_ZIP3.has(match[1]) ? '000' : match[1]
}

/** Age in years, with every age over 89 in one group, '90+'. */
export function ageGroup(dateOfBirth: string | null | undefined, today: string): string | null {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null
  const age = ageOn(dateOfBirth, today)
  if (age === null || age < 0) return null
  return age >= 90 ? '90+' : String(age)
}

/** A date reduced to its year. */
export function yearOf(date: string | null | undefined): string | null {
  const match = /^(\d{4})-/.exec(date ?? '')
  return match ? match[1] : null
}

export const MONTHS_SINCE_SURGERY_BANDS = [PRE_OP_BAND, ...SURGERY_BANDS] as const
export type MonthsSinceSurgeryBand = (typeof MONTHS_SINCE_SURGERY_BANDS)[number]

/**
 * How long after surgery `day` is, as a band of months, not a day count: an exact interval plus
 * the year of one date could give back the other date. Months are 30.44 days, as in patient-cohorts.ts.
 */
export function monthsSinceSurgeryBand(
  surgeryDate: string | null | undefined,
  day: string,
): MonthsSinceSurgeryBand | null {
  if (!surgeryDate || !/^\d{4}-\d{2}-\d{2}$/.test(surgeryDate)) return null
  const days = daysBetween(surgeryDate, day)
  if (days < 0) return 'pre-op'
  const months = days / 30.44
  if (months < 3) return '0-3'
  if (months < 6) return '3-6'
  if (months < 12) return '6-12'
  if (months < 24) return '12-24'
  return '24+'
}

/** State is allowed by Safe Harbor; kept short and upper-case so free text cannot ride along. */
export function stateCode(state: string | null | undefined): string | null {
  const trimmed = (state ?? '').trim()
  return /^[A-Za-z][A-Za-z .]{0,29}$/.test(trimmed) ? trimmed.toUpperCase() : null
}

/**
 * Stand-ins for account ids, random per export: rows of one export can be linked to each other,
 * but not to another export, to an account id or to anything in the portal.
 */
export function pseudonymizer(): (accountId: number) => string {
  const assigned = new Map<number, string>()
  const used = new Set<string>()
  return (accountId) => {
    const known = assigned.get(accountId)
    if (known) return known
    let alias: string
    do alias = `P-${randomBytes(5).toString('hex').toUpperCase()}`
    while (used.has(alias))
    used.add(alias)
    assigned.set(accountId, alias)
    return alias
  }
}
