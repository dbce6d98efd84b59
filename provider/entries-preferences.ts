// Extension (not in SPEC.md §7): the profile's preferences section — display units (kept in the
// personal section, where the wizard saves them) and the daily targets the health log is read against.
import { readTargets, saveTargets, type DailyTargets } from './store/entries.js'
import { ApiError } from './errors.js'
import { changePatients } from './patient-changes.js'
import type { PersonalSection } from '../common/contract/profile'
import { lockProfile, readPersonalSection, replacePersonalSection } from './store/profiles.js'
import type { Db } from './store/sql.js'
import type { BodyOf } from '../common/contract/endpoints'
import type { API } from '../common/contract/endpoints'

export { TARGET_LIMITS } from '../common/contract/profile-requests'

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
export async function savePreferences(db: Db, accountId: number, body: BodyOf<typeof API.profile.preferences>): Promise<void> {
  const { height_unit: heightUnit, weight_unit: weightUnit, ...given } = body
  const targets: Partial<DailyTargets> = {}
  for (const [key, value] of Object.entries(given) as [keyof DailyTargets, number | null][]) {
    if (value !== null) targets[key] = value
  }

  await changePatients(db, async (tx) => {
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
