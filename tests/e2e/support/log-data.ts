// Helpers for the health-log and dashboard-metrics specs: dates as the patient's browser sees them
// (same machine, same time zone as the server) and direct provider calls for set-up.
import type { Page } from '@playwright/test'
import { logDataHref } from '../../../app/features/health-log/log-entries'
import { customerToken, providerCall } from './provider'

function pad(value: number) {
  return String(value).padStart(2, '0')
}

/** A local date `days` from today as YYYY-MM-DD. */
export function isoDaysFromToday(days: number): string {
  const date = new Date()
  date.setDate(date.getDate() + days)
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * Log Data opened on a day, in that day's week. The page shows the week in `week` (this week when
 * it is absent) and only selects a day inside it: yesterday is last week's on a Monday.
 */
export function logDataDayPath(iso: string): string {
  return logDataHref({ week: mondayOf(iso), day: iso })
}

/** YYYY-MM-DD → MM/DD/YYYY, as the date fields take it. */
export function usDate(iso: string): string {
  const [year, month, day] = iso.split('-')
  return `${month}/${day}/${year}`
}

/** The Monday of the week holding `iso`. */
export function mondayOf(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number)
  const date = new Date(year, month - 1, day)
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7))
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The kg the app sends for a weight typed in lbs (SPEC.md §7: ÷ 2.20462, 3 decimals). */
export function lbsToKg(lbs: number): number {
  return Math.round((lbs / 2.20462) * 1000) / 1000
}

export async function hideTour(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('has_seen_tour', 'true'))
}

/** Logs an entry straight through the provider (set-up only; the UI is what the tests exercise). */
export async function logThroughProvider(email: string, kind: string, body: object) {
  const token = await customerToken(email)
  const { status, json } = await providerCall<{ id: number }>('POST', `v1/auth/entries/${kind}/`, {
    token,
    body,
  })
  if (status !== 201 && status !== 200) throw new Error(`logging ${kind} failed: ${JSON.stringify(json)}`)
  return json.content
}
