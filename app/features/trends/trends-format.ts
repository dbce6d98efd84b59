// How the trend charts write values and dates: '98.4 kg', '12.5%', '7.5 h', '1,200 ml', 'Nov 3',
// 'Week of Nov 3, 2026'. Pure; used by the model builders on the server.
import { format, parseISO } from 'date-fns'
import type { TrendBucket } from './trends-model'
import { roundForDisplay, weightFromKg, type WeightUnit } from '~/platform/units'

export const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
export const oneDecimal = (value: number) => roundForDisplay(value).toFixed(1)
export const weightText = (kg: number, unit: WeightUnit) => `${weightFromKg(kg, unit).toFixed(1)} ${unit}`
export const percentText = (value: number) => `${oneDecimal(value)}%`
export const hoursText = (hours: number) => `${grouped.format(roundForDisplay(hours))} h`
export const gramsText = (grams: number) => `${grouped.format(Math.round(grams))} g`
export const mlText = (ml: number) => `${grouped.format(Math.round(ml))} ml`
export const flOzText = (floz: number) => `${grouped.format(Math.round(floz))} fl oz`

export const capitalised = (word: string) => `${word[0].toUpperCase()}${word.slice(1)}`
export const shortDate = (iso: string) => format(parseISO(iso), 'MMM d')
export const longDate = (iso: string) => format(parseISO(iso), 'MMM d, yyyy')

export function bucketLabel(start: string, bucket: TrendBucket): string {
  if (bucket === 'week') return `Week of ${longDate(start)}`
  if (bucket === 'month') return format(parseISO(start), 'MMMM yyyy')
  return format(parseISO(start), 'EEE, MMM d, yyyy')
}

/** 'in 30 days', 'in 1 day', 'on one day'. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${grouped.format(count)} ${count === 1 ? one : many}`

export function sourcesText(sources: string[]): string {
  return sources.length === 0 ? 'Manual' : sources.join(', ')
}
