// Server side of /customer/health-trends and its CSV: the trends call (docs/provider-api.md
// "Health trends", an extension), checked before use, and the two loaders. A page makes two provider
// calls in parallel: the profile (goal, height, baseline, surgery date, unit, targets) and the range.
import { data } from '@remix-run/node'
import type { CustomerContext } from '~/platform/guards.server'
import {
  ENTRY_KINDS,
  isIsoDate,
  MEAL_TYPES,
  VITAMINS,
  type EntriesByKind,
  type EntryKind,
} from '~/features/health-log/log-entries'
import { patientToday } from '~/platform/patient-clock.server'
import { getProfile } from '~/platform/provider-api.server'
import type { ProviderClient } from '~/platform/provider-client.server'
import { faultResult, type ProviderResult } from '~/platform/provider-errors'
import { redirectWithToast } from '~/platform/toast.server'
import {
  buildTrends,
  parseTrendRange,
  TRENDS_CSV_PATH,
  TRENDS_PATH,
  trendsFacts,
  trendsHref,
  trendWindow,
  type TrendRange,
  type TrendsModel,
} from './trends'
import { csvFilename, entriesCsv } from './trends-csv'

// The provider is not ours: its answer is checked before the charts rely on it. By hand rather
// than with zod: a year is ~3,000 entries, and a schema walk of them cost more than the rest of the
// page (docs/decisions/050-trends-provider-calls.md). Any malformed entry fails the whole answer,
// as the log's schemas do.
// `source` is kept on every kind where sent (P12 adds it beyond weight).
const ISO = /^\d{4}-\d{2}-\d{2}$/
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const textOr = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback)
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null)
const MEAL_TYPE_SET = new Set<string>(MEAL_TYPES)
const VITAMIN_SET = new Set<string>(VITAMINS)

type Raw = Record<string, unknown>
type Reader = (raw: Raw) => Record<string, unknown> | null

function withSource(raw: Raw, entry: Record<string, unknown>) {
  if (typeof raw.source === 'string') entry.source = raw.source
  return entry
}

const READERS: Record<EntryKind, Reader> = {
  weight: (raw) =>
    isNumber(raw.weight)
      ? {
          weight: raw.weight,
          weight_unit: raw.weight_unit === 'lbs' ? 'lbs' : 'kg',
          note: textOr(raw.note, ''),
          source: textOr(raw.source, 'manual'),
        }
      : null,
  sleep: (raw) =>
    isNumber(raw.hours) && isNumber(raw.quality)
      ? withSource(raw, {
          hours: raw.hours,
          quality: raw.quality,
          bed_time: textOrNull(raw.bed_time),
          wake_time: textOrNull(raw.wake_time),
        })
      : null,
  meal: (raw) =>
    isNumber(raw.protein_g) && typeof raw.meal_type === 'string' && MEAL_TYPE_SET.has(raw.meal_type)
      ? withSource(raw, {
          time: textOr(raw.time, ''),
          meal_type: raw.meal_type,
          protein_g: raw.protein_g,
          calories: isNumber(raw.calories) ? raw.calories : null,
          description: textOr(raw.description, ''),
        })
      : null,
  water: (raw) => (isNumber(raw.ml) ? withSource(raw, { ml: raw.ml }) : null),
  vitamins: (raw) =>
    Array.isArray(raw.taken) && raw.taken.every((item) => typeof item === 'string' && VITAMIN_SET.has(item))
      ? withSource(raw, { taken: raw.taken })
      : null,
}

/** The checked answer, or null when anything in it is not what the contract says. */
export function readTrendEntries(content: unknown): TrendEntries | null {
  if (typeof content !== 'object' || content === null) return null
  const body = content as Raw
  if (!isIsoDate(body.from) || !isIsoDate(body.to)) return null
  const result: Record<string, unknown> = {
    from: body.from,
    to: body.to,
    first_date: isIsoDate(body.first_date) ? body.first_date : null,
  }
  for (const kind of ENTRY_KINDS) {
    const list = body[kind]
    if (!Array.isArray(list)) return null
    const read: Record<string, unknown>[] = []
    for (const item of list as unknown[]) {
      if (typeof item !== 'object' || item === null) return null
      const raw = item as Raw
      if (raw.kind !== kind || !isNumber(raw.id) || typeof raw.date !== 'string' || !ISO.test(raw.date))
        return null
      const fields = READERS[kind](raw)
      if (!fields) return null
      read.push({ id: raw.id, kind, date: raw.date, ...fields })
    }
    result[kind] = read
  }
  // Checked field by field above against the log's entry types.
  return result as TrendEntries
}

export type TrendEntries = EntriesByKind & { from: string; to: string; first_date: string | null }

/** GET v1/auth/trends/?from&to: every entry in the range; without `from`, since the first entry. */
export async function getTrendEntries(
  api: ProviderClient,
  window: { from: string | null; to: string },
): Promise<ProviderResult<TrendEntries>> {
  const result = await api.call('GET', 'v1/auth/trends/', {
    query: { from: window.from ?? undefined, to: window.to },
  })
  if (!result.ok) return result
  const entries = readTrendEntries(result.content)
  return entries ? { ...result, content: entries } : faultResult('bad-response', result.status)
}

export type TrendsPage = {
  range: TrendRange
  today: string
  model: TrendsModel | null
  csvHref: string
  error: string | null
}

export async function loadTrends({ request, api, headers }: CustomerContext) {
  const range = parseTrendRange(new URL(request.url).searchParams.get('range'))
  const today = patientToday(request)
  const [profile, entries] = await Promise.all([
    getProfile(api),
    getTrendEntries(api, trendWindow(range, today)),
  ])
  const csvHref = `${TRENDS_CSV_PATH}?range=${range}`
  const failure = !entries.ok ? entries : !profile.ok ? profile : null
  const page: TrendsPage =
    failure || !entries.ok || !profile.ok
      ? { range, today, model: null, csvHref, error: failure?.message ?? null }
      : {
          range,
          today,
          csvHref,
          error: null,
          model: buildTrends({
            entries: entries.content,
            facts: trendsFacts(profile.content),
            range,
            today,
            firstEntryDate: entries.content.first_date,
          }),
        }
  return data(page, { headers })
}

/** The CSV of the range's entries; a provider failure goes back to the page with its message. */
export async function loadTrendsCsv(ctx: CustomerContext) {
  const { request, api } = ctx
  const range = parseTrendRange(new URL(request.url).searchParams.get('range'))
  const today = patientToday(request)
  const entries = await getTrendEntries(api, trendWindow(range, today))
  if (!entries.ok) {
    return redirectWithToast(
      trendsHref(TRENDS_PATH, range),
      { title: entries.message, type: 'destructive' },
      { headers: ctx.headers },
    )
  }
  const headers = new Headers(ctx.headers)
  headers.set('Content-Type', 'text/csv; charset=utf-8')
  headers.set(
    'Content-Disposition',
    `attachment; filename="${csvFilename(entries.content.from, entries.content.to)}"`,
  )
  headers.set('Cache-Control', 'private, no-store')
  return new Response(entriesCsv(entries.content), { status: 200, headers })
}
