// The "Download CSV" of /customer/health-trends: the patient's own entries in the selected range,
// one row an entry, metric units named in the header (weights also in lbs, water also in US fl oz).
// Pure.
import { ENTRY_KINDS, type EntriesByKind, type LogEntry } from '~/features/health-log/log-entries'
import { entrySource } from './trends-days'
import { LBS_PER_KG, mlToFlOz, roundTo } from '~/platform/units'
import { csvCell } from '~/../common/csv'

export const CSV_COLUMNS = [
  'date',
  'kind',
  'time',
  'weight_kg',
  'weight_lbs',
  'sleep_hours',
  'sleep_quality_1_to_5',
  'bed_time',
  'wake_time',
  'meal_type',
  'protein_g',
  'calories_kcal',
  'water_ml',
  'water_fl_oz',
  'vitamins_taken',
  'source',
  'note',
] as const
type Column = (typeof CSV_COLUMNS)[number]

// One rule for every CSV we write (common/csv.ts).
export { csvCell }

function row(entry: LogEntry): Partial<Record<Column, string | number | null>> {
  const base = { date: entry.date, kind: entry.kind, source: entrySource(entry) ?? 'manual' }
  switch (entry.kind) {
    case 'weight':
      return {
        ...base,
        weight_kg: roundTo(entry.weight, 3),
        weight_lbs: roundTo(entry.weight * LBS_PER_KG, 1),
        note: entry.note,
      }
    case 'sleep':
      return {
        ...base,
        sleep_hours: entry.hours,
        sleep_quality_1_to_5: entry.quality,
        bed_time: entry.bed_time,
        wake_time: entry.wake_time,
      }
    case 'meal':
      return {
        ...base,
        time: entry.time,
        meal_type: entry.meal_type,
        protein_g: entry.protein_g,
        calories_kcal: entry.calories,
        note: entry.description,
      }
    case 'water':
      return { ...base, water_ml: entry.ml, water_fl_oz: roundTo(mlToFlOz(entry.ml), 1) }
    case 'vitamins':
      return { ...base, vitamins_taken: entry.taken.join('; ') }
  }
}

/** Every entry, by date, then kind (weight, sleep, meal, water, vitamins), then as listed. */
export function entriesCsv(entries: EntriesByKind): string {
  const all = ENTRY_KINDS.flatMap((kind, order) =>
    (entries[kind] as LogEntry[]).map((entry, index) => ({ entry, order, index })),
  )
  all.sort((a, b) =>
    a.entry.date !== b.entry.date
      ? a.entry.date < b.entry.date
        ? -1
        : 1
      : a.order - b.order || a.index - b.index,
  )
  const lines = [CSV_COLUMNS.join(',')]
  for (const { entry } of all) {
    const cells = row(entry)
    lines.push(CSV_COLUMNS.map((column) => csvCell(cells[column])).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}

export function csvFilename(from: string, to: string): string {
  return `baricare-entries-${from}-to-${to}.csv`
}
