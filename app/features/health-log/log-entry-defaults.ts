// The values each health-log form starts with. Apart from the schemas (log-entry-forms.ts), so that
// the screen draws its forms without zod.
import { isoToUsDate } from '~/platform/dates'
import { lastNightDate, type EntryKind, type LogEntry } from './log-entries'
import { isWeightUnit, waterFromMl, waterUnitFor, weightFromKg, type WeightUnit } from '~/platform/units'

// ---- Form defaults --------------------------------------------------------------------------

const numberText = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? '' : String(value)

/** What a new entry's form starts with: the date (today, or the day picked in the week), a meal's time now. */
export function newEntryDefaults(
  kind: EntryKind,
  date: string,
  weightUnit: WeightUnit,
  time = '',
): Record<string, string | string[]> {
  const us = isoToUsDate(date)
  switch (kind) {
    case 'weight':
      return { date: us, weight: '', weight_unit: weightUnit, note: '' }
    case 'sleep':
      return { date: us, hours: '', quality: '', bed_time: '', wake_time: '' }
    case 'meal':
      return { date: us, time, meal_type: '', protein_g: '', calories: '', description: '' }
    case 'water':
      return { date: us, ml: '', water_unit: waterUnitFor(weightUnit) }
    case 'vitamins':
      return { date: us, taken: [] }
  }
}

/**
 * An entry as its edit form shows it: weights in the unit they were typed in, 1 decimal; water in
 * the patient's unit (fl oz when they weigh in lbs).
 */
export function entryFormDefaults(
  entry: LogEntry,
  weightUnit: WeightUnit = 'kg',
): Record<string, string | string[]> {
  const date = isoToUsDate(entry.date)
  switch (entry.kind) {
    case 'weight': {
      const unit: WeightUnit = isWeightUnit(entry.weight_unit) ? entry.weight_unit : 'kg'
      return {
        date,
        weight: numberText(weightFromKg(entry.weight, unit)),
        weight_unit: unit,
        note: entry.note,
      }
    }
    case 'sleep':
      return {
        date,
        hours: numberText(entry.hours),
        quality: numberText(entry.quality),
        bed_time: entry.bed_time ?? '',
        wake_time: entry.wake_time ?? '',
      }
    case 'meal':
      return {
        date,
        time: entry.time,
        meal_type: entry.meal_type,
        protein_g: numberText(entry.protein_g),
        calories: numberText(entry.calories),
        description: entry.description,
      }
    case 'water': {
      const unit = waterUnitFor(weightUnit)
      return { date, ml: numberText(waterFromMl(entry.ml, unit)), water_unit: unit }
    }
    case 'vitamins':
      return { date, taken: [...entry.taken] }
  }
}

/** Every new entry starts on today; for sleep that is last night's (it counts for the wake-up date). */
export function defaultEntryDate(kind: EntryKind, today: string): string {
  return kind === 'sleep' ? lastNightDate(today) : today
}
