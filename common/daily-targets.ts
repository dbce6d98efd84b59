// The health log's daily targets (protein, water, sleep): one default for the app and the API.
// The care team sets them per patient (docs/decisions/039-daily-targets.md); until then, these.
import { positiveOrNull } from './clinical'

/** As the API stores and answers them (the profile's `preferences`). */
export type StoredTargets = { protein_target_g: number; water_target_ml: number; sleep_target_h: number }

export const DEFAULT_STORED_TARGETS: StoredTargets = { protein_target_g: 60, water_target_ml: 1900, sleep_target_h: 7 }

/** As the screens use them. */
export type DailyTargets = { proteinG: number; waterMl: number; sleepH: number }

export const DEFAULT_TARGETS: DailyTargets = {
  proteinG: DEFAULT_STORED_TARGETS.protein_target_g,
  waterMl: DEFAULT_STORED_TARGETS.water_target_ml,
  sleepH: DEFAULT_STORED_TARGETS.sleep_target_h,
}

/** The targets in `preferences`, each one missing or not positive replaced by its default. */
export function dailyTargets(preferences: object | null | undefined): DailyTargets {
  const prefs = (preferences ?? {}) as Record<string, unknown>
  return {
    proteinG: positiveOrNull(prefs.protein_target_g) ?? DEFAULT_TARGETS.proteinG,
    waterMl: positiveOrNull(prefs.water_target_ml) ?? DEFAULT_TARGETS.waterMl,
    sleepH: positiveOrNull(prefs.sleep_target_h) ?? DEFAULT_TARGETS.sleepH,
  }
}
