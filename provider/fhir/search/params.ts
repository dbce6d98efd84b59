// Reading a FHIR search's query: which parameters it names (and which we do not know), `_count`,
// the paging cursor, tokens, references and dates as day ranges (docs/fhir-api.md, "Search").
import {
  FHIR_CURSOR_PARAM,
  FHIR_DATE_PREFIXES,
  FHIR_SEARCH_DEFAULT_COUNT,
  FHIR_SEARCH_MAX_COUNT,
} from '../../../common/fhir/search'
import { FhirError, type FhirRequest } from '../types.js'

/** Parameters that change nothing in a JSON-only server's answer. */
const NO_OP = new Set(['_format', '_pretty'])

export interface SearchQuery {
  /** Values of each understood parameter, in the order given (a repeated parameter is ANDed). */
  values: Map<string, string[]>
  /** Names of the parameters we did not understand (ignored, and listed in an OperationOutcome). */
  ignored: string[]
  count: number
  cursor: string | null
}

/** Whether the client asked for unknown parameters to be refused (`Prefer: handling=strict`). */
function strict(req: FhirRequest): boolean {
  const prefer = req.headers.prefer
  const text = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '')
  return text
    .split(/[,;]/)
    .some((part) => part.trim().toLowerCase().replace(/\s+/g, '') === 'handling=strict')
}

/**
 * Splits the query into the parameters `known` names, the ones it does not, `_count` and the
 * cursor. A known parameter with a modifier (`name:exact`) is refused: FHIR asks a server to reject
 * modifiers it does not support rather than to answer a different question.
 */
export function readSearchQuery(req: FhirRequest, known: readonly string[]): SearchQuery {
  const values = new Map<string, string[]>()
  const ignored = new Set<string>()
  for (const [name, value] of req.query) {
    if (name === '_count' || name === FHIR_CURSOR_PARAM || NO_OP.has(name)) continue
    const [base] = name.split(':')
    if (known.includes(base)) {
      if (base !== name) throw new FhirError(400, 'not-supported', `The modifier of search parameter ${base} is not supported.`)
      values.set(name, [...(values.get(name) ?? []), value])
    } else {
      ignored.add(name)
    }
  }
  if (ignored.size > 0 && strict(req)) {
    throw new FhirError(400, 'not-supported', `Unknown search parameters: ${[...ignored].join(', ')}.`)
  }
  return {
    values,
    ignored: [...ignored],
    count: readCount(req.query.getAll('_count')),
    cursor: req.query.get(FHIR_CURSOR_PARAM),
  }
}

function readCount(values: string[]): number {
  if (values.length === 0) return FHIR_SEARCH_DEFAULT_COUNT
  if (values.length > 1) throw new FhirError(400, 'invalid', '_count may be given once.')
  if (!/^\d{1,9}$/.test(values[0]) || Number(values[0]) < 1) {
    throw new FhirError(400, 'invalid', '_count must be a whole number of at least 1.')
  }
  return Math.min(Number(values[0]), FHIR_SEARCH_MAX_COUNT)
}

/**
 * The values of one parameter: each occurrence is ANDed, each comma-separated value in it ORed. An
 * empty occurrence (`name=`) is left out, as FHIR asks of an empty parameter.
 */
export function orLists(query: SearchQuery, name: string): string[][] {
  return (query.values.get(name) ?? [])
    .map((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .filter((list) => list.length > 0)
}

/** A token `system|code`, `|code` (no system) or `code` (any system). */
export interface Token {
  /** undefined: any system; '': no system. */
  system: string | undefined
  /** '' for `system|` (any code of that system). */
  code: string
}

export function parseToken(text: string): Token {
  const bar = text.indexOf('|')
  return bar < 0 ? { system: undefined, code: text } : { system: text.slice(0, bar), code: text.slice(bar + 1) }
}

/** Whether a token matches a coding (`system|code`). */
export function tokenMatches(token: Token, coding: { system: string; code: string }): boolean {
  if (token.system !== undefined && token.system !== coding.system) return false
  return token.code === '' ? token.system !== undefined : token.code === coding.code
}

/**
 * The patient id a `patient` reference names: `Patient/12`, `12` or the full URL under our base.
 * Null for a reference to anything else, which matches no patient.
 */
export function patientReference(value: string, baseUrl: string): number | null {
  const local = value.startsWith(baseUrl) ? value.slice(baseUrl.length) : value
  const match = /^(?:Patient\/)?(\d{1,15})$/.exec(local)
  return match ? Number(match[1]) : null
}

/** The one patient a search names (`patient` given exactly once, one value). */
export function requiredPatient(query: SearchQuery, baseUrl: string, why: string): number | null {
  const lists = orLists(query, 'patient')
  if (lists.length === 0) throw new FhirError(400, 'too-costly', why)
  if (lists.length > 1 || lists[0].length !== 1) {
    throw new FhirError(400, 'not-supported', 'Search one patient at a time: give patient once, with one value.')
  }
  return patientReference(lists[0][0], baseUrl)
}

// ---- Dates --------------------------------------------------------------------------------------

/** An inclusive range of calendar days (`YYYY-MM-DD`); an open end is null. */
export interface DayRange {
  from: string | null
  to: string | null
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function dayOf(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

function shift(day: string, by: number): string {
  const at = new Date(`${day}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + by)
  return at.toISOString().slice(0, 10)
}

/** The days a date search value covers: `2026` is the year, `2026-04` the month, `2026-04-02` the day. */
function daysOf(text: string, name: string): { lo: string; hi: string } {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text)
  if (!match) {
    throw new FhirError(400, 'invalid', `${name}: give a date as YYYY, YYYY-MM or YYYY-MM-DD, with an optional prefix eq, ge, le, gt or lt.`)
  }
  const year = Number(match[1])
  const month = match[2] === undefined ? null : Number(match[2])
  const day = match[3] === undefined ? null : Number(match[3])
  if (month === null) return { lo: dayOf(year, 1, 1), hi: dayOf(year, 12, 31) }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (month < 1 || month > 12 || (day !== null && (day < 1 || day > lastDay))) {
    throw new FhirError(400, 'invalid', `${name}: ${text} is not a calendar date.`)
  }
  return day === null ? { lo: dayOf(year, month, 1), hi: dayOf(year, month, lastDay) } : { lo: text, hi: text }
}

/**
 * Every value of a date parameter, ANDed into one range of days. A resource's date here is a whole
 * day, so (FHIR R4 3.1.1.4.2) `eq` means within the value's days, `ge` from its first day, `gt`
 * after its last, `le` up to its last, `lt` before its first.
 */
export function dayRange(query: SearchQuery, name: string): DayRange {
  const range: DayRange = { from: null, to: null }
  const later = (a: string | null, b: string) => (a === null || b > a ? b : a)
  const earlier = (a: string | null, b: string) => (a === null || b < a ? b : a)
  for (const list of orLists(query, name)) {
    if (list.length !== 1) throw new FhirError(400, 'not-supported', `${name}: give one date per parameter (repeat the parameter for a range).`)
    const match = /^([a-z]{2})?(.*)$/.exec(list[0])!
    const prefix = match[1] ?? 'eq'
    if (!(FHIR_DATE_PREFIXES as readonly string[]).includes(prefix)) {
      throw new FhirError(400, 'not-supported', `${name}: the prefix ${prefix} is not supported (eq, ge, le, gt, lt are).`)
    }
    const { lo, hi } = daysOf(match[2], name)
    if (prefix === 'eq' || prefix === 'ge') range.from = later(range.from, lo)
    if (prefix === 'eq' || prefix === 'le') range.to = earlier(range.to, hi)
    if (prefix === 'gt') range.from = later(range.from, shift(hi, 1))
    if (prefix === 'lt') range.to = earlier(range.to, shift(lo, -1))
  }
  return range
}

export function inRange(range: DayRange, day: string): boolean {
  return (range.from === null || day >= range.from) && (range.to === null || day <= range.to)
}

export function emptyRange(range: DayRange): boolean {
  return range.from !== null && range.to !== null && range.from > range.to
}

// ---- The cursor ---------------------------------------------------------------------------------

/** Opaque to the client: base64url of a JSON array of the last row's sort key. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

export function decodeCursor<T extends readonly (string | number)[]>(text: string, valid: (key: unknown[]) => key is [...T]): T {
  let key: unknown
  try {
    key = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    key = null
  }
  if (!Array.isArray(key) || !valid(key)) throw new FhirError(400, 'invalid', `${FHIR_CURSOR_PARAM} is not one this server gave.`)
  return key as unknown as T
}

/** `YYYY-MM-DD`, for a cursor's day. */
export const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
export const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
