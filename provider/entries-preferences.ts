// Extension (not in SPEC.md §7): the profile's preferences section — display units (kept in the
// personal section, where the wizard saves them) and the daily targets the health log is read against.
import type { Db } from './db.js'
import { readTargets, saveTargets, type DailyTargets } from './entries-store.js'
import { ApiError } from './errors.js'
import type { JsonObject } from './http.js'
import { HEIGHT_UNITS, WEIGHT_UNITS, type PersonalSection } from './profile-sections.js'
import { FieldReader } from './validation.js'

export const TARGET_LIMITS = {
  protein_target_g: { label: 'Protein target', min: 1, max: 300, unit: 'g' },
  water_target_ml: { label: 'Water target', min: 1, max: 10000, unit: 'ml' },
  sleep_target_h: { label: 'Sleep target', min: 1, max: 24, unit: 'h' },
} as const

export const PERSONAL_FIRST = 'Save your personal details first'

export interface Preferences extends DailyTargets {
  height_unit: PersonalSection['height_unit']
  weight_unit: PersonalSection['weight_unit']
}

function readPersonal(db: Db, accountId: number): PersonalSection | null {
  const row = db.prepare('SELECT personal FROM customer_profiles WHERE account_id = ?').get(accountId) as
    { personal: string | null } | undefined
  return row?.personal ? (JSON.parse(row.personal) as PersonalSection) : null
}

/** The preferences section as GET v1/auth/profile/ answers it. */
export function readPreferences(db: Db, accountId: number): Preferences {
  const personal = readPersonal(db, accountId)
  return {
    height_unit: personal?.height_unit ?? 'cm',
    weight_unit: personal?.weight_unit ?? 'kg',
    ...readTargets(db, accountId),
  }
}

/**
 * PUT v1/auth/profile/preferences/: every field is optional and an absent one keeps its value.
 * Units live in the personal section, so they can only be set once it exists (409 before).
 */
export function savePreferences(db: Db, accountId: number, body: JsonObject): void {
  const f = new FieldReader(body)
  const heightUnit = f.choice('height_unit', HEIGHT_UNITS, { label: 'Height unit' })
  const weightUnit = f.choice('weight_unit', WEIGHT_UNITS, { label: 'Weight unit' })
  const targets: Partial<DailyTargets> = {}
  for (const key of Object.keys(TARGET_LIMITS) as (keyof DailyTargets)[]) {
    const value = f.number(key, TARGET_LIMITS[key])
    if (value !== null) targets[key] = value
  }
  f.done()

  const personal = readPersonal(db, accountId)
  if ((heightUnit || weightUnit) && !personal) throw new ApiError(409, PERSONAL_FIRST)
  db.transaction(() => {
    if (personal && (heightUnit || weightUnit)) {
      const updated: PersonalSection = {
        ...personal,
        height_unit: heightUnit ?? personal.height_unit,
        weight_unit: weightUnit ?? personal.weight_unit,
      }
      db.prepare('UPDATE customer_profiles SET personal = ?, updated_at = ? WHERE account_id = ?').run(
        JSON.stringify(updated),
        new Date().toISOString(),
        accountId,
      )
    }
    if (Object.keys(targets).length > 0)
      saveTargets(db, accountId, { ...readTargets(db, accountId), ...targets })
  })()
}
