// How the trend charts write values and dates: '98.4 kg', '12.5%', '7.5 h', '1,200 ml', 'Nov 3',
// 'Week of Nov 3, 2026'. Pure; used by the model builders on the server.
import { format, parseISO } from 'date-fns'
import type { TrendBucket } from './trends-model'
import { roundForDisplay, weightFromKg, type WeightUnit } from '~/platform/units'

/**
 * `make` with its answers kept (up to `limit`, then forgotten all at once): Intl and date-fns take
 * a microsecond or more a call, and a year's page writes the same few hundred dates and values,
 * over a thousand times, on every view.
 */
function remembered<K, V>(make: (key: K) => V, limit = 5000): (key: K) => V {
  const kept = new Map<K, V>()
  return (key) => {
    let value = kept.get(key)
    if (value === undefined) {
      if (kept.size >= limit) kept.clear()
      value = make(key)
      kept.set(key, value)
    }
    return value
  }
}

const groupedFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const groupedText = remembered((value: number) => groupedFormat.format(value))
/** '1,234.5': at most one decimal, grouped (Intl's en-US; a Map key does not tell -0 from 0). */
export const grouped = {
  format: (value: number) => (value === 0 ? groupedFormat.format(value) : groupedText(value)),
}

const dateTexts = new Map<string, (iso: string) => string>()
/** A 'YYYY-MM-DD' written by a date-fns pattern (as a local date, as parseISO reads it), kept once written. */
export function isoText(iso: string, pattern: string): string {
  let write = dateTexts.get(pattern)
  if (!write) {
    write = remembered((day: string) => format(parseISO(day), pattern))
    dateTexts.set(pattern, write)
  }
  return write(iso)
}

export const oneDecimal = (value: number) => roundForDisplay(value).toFixed(1)
export const weightText = (kg: number, unit: WeightUnit) => `${weightFromKg(kg, unit).toFixed(1)} ${unit}`
export const percentText = (value: number) => `${oneDecimal(value)}%`
export const hoursText = (hours: number) => `${grouped.format(roundForDisplay(hours))} h`
export const gramsText = (grams: number) => `${grouped.format(Math.round(grams))} g`
export const mlText = (ml: number) => `${grouped.format(Math.round(ml))} ml`
export const flOzText = (floz: number) => `${grouped.format(Math.round(floz))} fl oz`

export const capitalised = (word: string) => `${word[0].toUpperCase()}${word.slice(1)}`
export const shortDate = (iso: string) => isoText(iso, 'MMM d')
export const longDate = (iso: string) => isoText(iso, 'MMM d, yyyy')

export function bucketLabel(start: string, bucket: TrendBucket): string {
  if (bucket === 'week') return `Week of ${longDate(start)}`
  if (bucket === 'month') return isoText(start, 'MMMM yyyy')
  return isoText(start, 'EEE, MMM d, yyyy')
}

/** 'in 30 days', 'in 1 day', 'on one day'. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${grouped.format(count)} ${count === 1 ? one : many}`

export function sourcesText(sources: string[]): string {
  return sources.length === 0 ? 'Manual' : sources.join(', ')
}
