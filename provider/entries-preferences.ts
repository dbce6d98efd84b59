// Extension (not in SPEC.md §7): the profile's preferences section — display units (kept in the
// personal section, where the wizard saves them) and the daily targets the health log is read against.
import { readTargets, saveTargets, type DailyTargets } from './store/entries.js'
import { ApiError } from './errors.js'
import type { JsonObject } from './http.js'
import { HEIGHT_UNITS, WEIGHT_UNITS, type PersonalSection } from './profile-sections.js'
import { lockProfile, readPersonalSection, replacePersonalSection } from './store/profiles.js'
import type { Db } from './store/sql.js'
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

/** The preferences section as GET v1/auth/profile/ answers it. */
export async function readPreferences(db: Db, accountId: number): Promise<Preferences> {
  const personal = await readPersonalSection(db, accountId)
  return {
    height_unit: personal?.height_unit ?? 'cm',
    weight_unit: personal?.weight_unit ?? 'kg',
    ...(await readTargets(db, accountId)),
  }
}

/**
 * PUT v1/auth/profile/preferences/: every field is optional and an absent one keeps its value.
 * Units live in the personal section, so they can only be set once it exists (409 before).
 */
export async function savePreferences(db: Db, accountId: number, body: JsonObject): Promise<void> {
  const f = new FieldReader(body)
  const heightUnit = f.choice('height_unit', HEIGHT_UNITS, { label: 'Height unit' })
  const weightUnit = f.choice('weight_unit', WEIGHT_UNITS, { label: 'Weight unit' })
  const targets: Partial<DailyTargets> = {}
  for (const key of Object.keys(TARGET_LIMITS) as (keyof DailyTargets)[]) {
    const value = f.number(key, TARGET_LIMITS[key])
    if (value !== null) targets[key] = value
  }
  f.done()

  await db.transaction(async (tx) => {
    // Locked, then read inside the transaction, so two saves at once cannot each write back the
    // other's old units or targets.
    await lockProfile(tx, accountId)
    const personal = await readPersonalSection(tx, accountId)
    if ((heightUnit || weightUnit) && !personal) throw new ApiError(409, PERSONAL_FIRST)
    if (personal && (heightUnit || weightUnit)) {
      await replacePersonalSection(tx, accountId, {
        ...personal,
        height_unit: heightUnit ?? personal.height_unit,
        weight_unit: weightUnit ?? personal.weight_unit,
      })
    }
    if (Object.keys(targets).length > 0) await saveTargets(tx, accountId, { ...(await readTargets(tx, accountId)), ...targets })
  })
}
