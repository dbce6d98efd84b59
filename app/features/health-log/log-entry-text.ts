// How the health log shows an entry: values in the patient's units, the entry's title and detail,
// its form ids and the log's toasts. Pure; log-entries.ts re-exports it.
import { type EntryKind, type EntryRef, type LogEntry, MEAL_TYPE_LABELS, SLEEP_QUALITY_LABELS, VITAMINS } from './log-entries'
import { formatWater, roundForDisplay, waterUnitFor, weightFromKg, type WeightUnit } from '~/platform/units'

// ---- Showing values -------------------------------------------------------------------------

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/** '99.8 kg' / '220.0 lbs': SPEC.md §9, one decimal, from the unrounded kg. */
export function formatWeightIn(kg: number, unit: WeightUnit): string {
  return `${weightFromKg(kg, unit).toFixed(1)} ${unit}`
}

export function formatHours(hours: number): string {
  return `${grouped.format(roundForDisplay(hours))} h`
}

/** Water as the patient reads it: fl oz when they weigh in lbs, else ml (units.ts waterUnitFor). */
export function formatWaterFor(ml: number, weightUnit: WeightUnit): string {
  return formatWater(ml, waterUnitFor(weightUnit))
}

export function formatGrams(grams: number): string {
  return `${grouped.format(roundForDisplay(grams))} g`
}

/** 'From Demo Health' for an imported or device reading; '' for what the patient typed. */
export function sourceLabel(source: string | undefined): string {
  return source && source !== 'manual' ? `From ${source}` : ''
}

/** One line describing an entry, as the day's list and the delete confirmation show it. */
export function describeEntry(
  entry: LogEntry,
  unit: WeightUnit,
): { title: string; value: string; detail: string } {
  const described = describeValues(entry, unit)
  if (entry.kind === 'weight') return described
  // Weight already names its source first; the other kinds end with it.
  const from = sourceLabel(entry.source)
  return from ? { ...described, detail: [described.detail, from].filter(Boolean).join(' · ') } : described
}

function describeValues(entry: LogEntry, unit: WeightUnit): { title: string; value: string; detail: string } {
  switch (entry.kind) {
    case 'weight':
      return {
        title: 'Weight',
        value: formatWeightIn(entry.weight, unit),
        detail: [sourceLabel(entry.source), entry.note].filter(Boolean).join(' · '),
      }
    case 'sleep':
      return {
        title: 'Sleep',
        value: formatHours(entry.hours),
        detail: [
          `Quality ${entry.quality}/5 (${SLEEP_QUALITY_LABELS[entry.quality] ?? ''})`,
          entry.bed_time && entry.wake_time
            ? `${entry.bed_time}–${entry.wake_time}`
            : entry.bed_time
              ? `Bed ${entry.bed_time}`
              : entry.wake_time
                ? `Up ${entry.wake_time}`
                : '',
        ]
          .filter(Boolean)
          .join(' · '),
      }
    case 'meal':
      return {
        title: `${MEAL_TYPE_LABELS[entry.meal_type] ?? 'Meal'} at ${entry.time}`,
        value: `${formatGrams(entry.protein_g)} protein`,
        detail: [entry.calories !== null ? `${grouped.format(entry.calories)} kcal` : '', entry.description]
          .filter(Boolean)
          .join(' · '),
      }
    case 'water':
      return { title: 'Water', value: formatWaterFor(entry.ml, unit), detail: '' }
    case 'vitamins':
      return {
        title: 'Vitamins',
        value: entry.taken.length === 0 ? 'None taken' : `${entry.taken.length} of ${VITAMINS.length}`,
        detail: entry.taken.join(', '),
      }
  }
}

/** The id of a form (and of the action's answer that belongs to it). */
export function newEntryFormId(kind: EntryKind): string {
  return `log-${kind}`
}

export function editEntryFormId(ref: EntryRef): string {
  return `edit-${ref.kind}-${ref.id}`
}

/** Toast titles after a save (our words; the provider's are similar). */
export const SAVED_TOASTS: Record<EntryKind, string> = {
  weight: 'Weight logged',
  sleep: 'Sleep logged',
  meal: 'Meal logged',
  water: 'Water logged',
  vitamins: 'Vitamins logged',
}
export const UPDATED_TOAST = 'Entry updated'
export const DELETED_TOAST = 'Entry deleted'
export const ENTRY_GONE = 'This entry no longer exists'
