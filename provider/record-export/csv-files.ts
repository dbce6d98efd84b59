// The record download's CSV files: one per kind of entry, one row an entry, a header row, ISO
// dates, the value in the patient's unit and in kg/ml beside it. Pure: a row from a stored row.
import { csvLine } from '../../common/csv'
import { VITAMINS } from '../../common/contract/entries-values'
import { LBS_PER_KG } from '../../common/fhir/record'
import { roundTo } from '../../common/rounding'
import type { EntryKind } from '../entries-fields.js'
import type { ExportEntryRow, ExportMessageRow } from '../store/record-export.js'

export const ML_PER_FL_OZ = 29.5735

/** Which file each kind goes to, and its header. */
export const ENTRY_FILES: Record<EntryKind, { name: string; header: readonly string[] }> = {
  weight: { name: 'weight.csv', header: ['date', 'weight', 'unit', 'weight_kg', 'source', 'imported_from', 'note'] },
  meal: {
    name: 'meals.csv',
    header: ['date', 'time', 'meal_type', 'protein_g', 'calories_kcal', 'description'],
  },
  water: { name: 'water.csv', header: ['date', 'amount', 'unit', 'ml'] },
  sleep: {
    name: 'sleep.csv',
    header: ['date_woke_up', 'hours', 'quality_1_to_5', 'bed_time', 'wake_time', 'source', 'imported_from'],
  },
  vitamins: { name: 'vitamins.csv', header: ['date', 'taken', ...VITAMINS.map((name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_'))] },
}

/** Order of the CSV files in the ZIP and the README. */
export const ENTRY_FILE_ORDER: readonly EntryKind[] = ['weight', 'meal', 'water', 'sleep', 'vitamins']

export type WaterUnit = 'ml' | 'fl oz'

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const str = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The patient's water unit: US fluid ounces for a patient who weighs in lbs (as the app shows it). */
export function waterUnitFor(weightUnit: unknown): WaterUnit {
  return weightUnit === 'lbs' ? 'fl oz' : 'ml'
}

export function entryCsvLine(row: ExportEntryRow, waterUnit: WaterUnit): string {
  const f = row.fields
  switch (row.kind) {
    case 'weight': {
      const kg = num(f.weight) ?? 0
      const lbs = f.weight_unit === 'lbs'
      return csvLine([
        row.day,
        lbs ? roundTo(kg * LBS_PER_KG, 1) : roundTo(kg, 2),
        lbs ? 'lbs' : 'kg',
        roundTo(kg, 3),
        row.source,
        row.imported_from ?? '',
        str(f.note),
      ])
    }
    case 'meal':
      return csvLine([row.day, str(f.time), str(f.meal_type), num(f.protein_g), num(f.calories), str(f.description)])
    case 'water': {
      const ml = num(f.ml) ?? 0
      return csvLine([row.day, waterUnit === 'fl oz' ? roundTo(ml / ML_PER_FL_OZ, 1) : ml, waterUnit, ml])
    }
    case 'sleep':
      return csvLine([
        row.day,
        num(f.hours),
        num(f.quality),
        str(f.bed_time),
        str(f.wake_time),
        row.source,
        row.imported_from ?? '',
      ])
    case 'vitamins': {
      const taken = Array.isArray(f.taken) ? f.taken.filter((v): v is string => typeof v === 'string') : []
      return csvLine([row.day, taken.join('; '), ...VITAMINS.map((name) => (taken.includes(name) ? 'yes' : 'no'))])
    }
  }
}

export const MESSAGES_HEADER = ['sent_at', 'from', 'sender_name', 'message'] as const

export function messageCsvLine(row: ExportMessageRow): string {
  return csvLine([row.created_at, row.sender_role === 'patient' ? 'patient' : 'care team', row.sender_name ?? '', row.body])
}
