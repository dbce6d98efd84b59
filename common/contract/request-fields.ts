// The fields of request bodies and queries as the API reads them, as zod schemas: the route table
// (endpoints.ts) builds its body and query schemas from these, the API validates with them, and
// their messages are the API's documented ones (docs/provider-api.md), word for word.
//
// The rules every field shares: "blank" is absent, null or a string of only spaces; an optional
// blank field is no error; every problem of a body is reported at once, each under its field
// (the API turns the issues into `{ message: <first>, data: { field: [messages] } }`). So each
// field is `z.unknown()` read by hand rather than z.string() & co: zod's own messages and its
// stop-at-the-first-type-error would change what clients have always been told.
//
// Server code only (zod).
import { z } from 'zod'
import { EMAIL_INVALID, isValidEmail } from '../email'
import { passwordProblems } from '../password-rules'
import { PAGE_NUMBER_MAX } from './paging-values'

/** A field schema that takes `In` from a client (for the app's typed calls) and gives `Out`. */
export type Field<Out, In = unknown> = z.ZodType<Out, z.ZodTypeDef, In>

type Fail = (message: string) => void

/**
 * `read` gets the raw value and a way to report; what it returns is the field's value. Exported
 * for a field whose rules are its own (a pasted key set), read with the same conventions.
 */
export function customField<Out, In>(read: (value: unknown, fail: Fail) => Out): Field<Out, In> {
  return z.unknown().transform((value, ctx) =>
    read(value, (message) => ctx.addIssue({ code: z.ZodIssueCode.custom, message })),
  ) as unknown as Field<Out, In>
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

interface Common {
  label: string
  /** The message when the field is missing or blank; omit for optional fields. */
  required?: string
}

type Blank = null | undefined

/**
 * Trimmed text; '' for a blank optional field. `max` (default 200) counts before trimming. `then`
 * reads a non-blank text further (it may normalise it); null from it is `then.message`.
 */
export function textField(
  options: Common & { max?: number; then?: { message: string; read: (text: string) => string | null } },
): Field<string, string | Blank> {
  const max = options.max ?? 200
  return customField((value, fail) => {
    if (isBlank(value)) {
      if (options.required) fail(options.required)
      return ''
    }
    if (typeof value !== 'string') {
      fail(`${options.label} must be text`)
      return ''
    }
    if (value.length > max) {
      fail(`${options.label} must be at most ${max} characters`)
      return ''
    }
    const text = value.trim()
    if (!options.then) return text
    const read = options.then.read(text)
    if (read === null) fail(options.then.message)
    return read ?? ''
  })
}

/** One of `allowed`; `fallback` (or null) when blank. */
export function choiceField<const T extends string>(
  allowed: readonly T[],
  options: Common & ({ fallback: T } | { required: string }),
): Field<T, T | Blank>
export function choiceField<const T extends string>(allowed: readonly T[], options: Common): Field<T | null, T | Blank>
export function choiceField<const T extends string>(
  allowed: readonly T[],
  options: Common & { fallback?: T },
): Field<T | null, T | Blank> {
  return customField((value, fail) => {
    if (isBlank(value)) {
      if (options.required) fail(options.required)
      return options.fallback ?? null
    }
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T
    fail(`${options.label} must be one of: ${allowed.join(', ')}`)
    return null
  })
}

/** true or false; `fallback` when absent or null. */
export function booleanField(options: Common & { fallback: boolean }): Field<boolean, boolean | Blank> {
  return customField((value, fail) => {
    if (value === undefined || value === null) {
      if (options.required) fail(options.required)
      return options.fallback
    }
    if (typeof value !== 'boolean') {
      fail(`${options.label} must be true or false`)
      return options.fallback
    }
    return value
  })
}

/** true or false, or undefined when absent or null (the saved value is kept). */
export function optionalBooleanField(options: { label: string }): Field<boolean | undefined, boolean | Blank> {
  return customField((value, fail) => {
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'boolean') {
      fail(`${options.label} must be true or false`)
      return undefined
    }
    return value
  })
}

/**
 * A list of choices from `allowed`, duplicates dropped; undefined when absent or null, so a
 * partial update keeps the saved list (an empty list is a value).
 */
export function optionalListField<const T extends string>(
  allowed: readonly T[],
  options: { label: string },
): Field<T[] | undefined, readonly string[] | Blank> {
  return customField((value, fail) => {
    if (value === undefined || value === null) return undefined
    // A blank text is an empty list, as it always was.
    if (isBlank(value)) return []
    if (!Array.isArray(value)) {
      fail(`${options.label} must be a list`)
      return undefined
    }
    if (value.some((item) => typeof item !== 'string' || !(allowed as readonly string[]).includes(item))) {
      fail(`${options.label} must only contain: ${allowed.join(', ')}`)
      return undefined
    }
    return [...new Set(value as T[])]
  })
}

/** Trimmed text that `accept` takes (it may normalise it); undefined when absent or null. */
export function optionalCheckedText(
  message: string,
  accept: (trimmed: string) => string | null,
): Field<string | undefined, string | Blank> {
  return customField((value, fail) => {
    if (value === undefined || value === null) return undefined
    const accepted = typeof value === 'string' ? accept(value.trim()) : null
    if (accepted === null) fail(message)
    return accepted ?? undefined
  })
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * Today's date in the earliest time zone (UTC+14): a date is only "in the future" when it is
 * tomorrow everywhere on Earth, so a patient's own today is never refused.
 */
function latestTodayAnywhere(): string {
  return new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

type DateOptions = Common & { notFuture?: boolean }

/** An ISO `YYYY-MM-DD` calendar date between 1900 and 2100, optionally not after today; null when blank. */
export function dateField(options: DateOptions & { required: string }): Field<string, string | Blank>
export function dateField(options: DateOptions): Field<string | null, string | Blank>
export function dateField(options: DateOptions): Field<string | null, string | Blank> {
  return customField((value, fail) => {
    if (isBlank(value)) {
      if (options.required) fail(options.required)
      return null
    }
    const match = typeof value === 'string' ? ISO_DATE.exec(value) : null
    if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
      fail(`${options.label} must be a valid date (YYYY-MM-DD)`)
      return null
    }
    const year = Number(match[1])
    if (year < 1900 || year > 2100) {
      fail(`${options.label} must be between 1900 and 2100`)
      return null
    }
    if (options.notFuture && match[0] > latestTodayAnywhere()) {
      fail(`${options.label} cannot be in the future`)
      return null
    }
    return match[0]
  })
}

type NumberOptions = Common & { min: number; max: number; unit: string }

/** A finite JSON number within [min, max]; null when blank. */
export function numberField(options: NumberOptions & { required: string }): Field<number, number | Blank>
export function numberField(options: NumberOptions): Field<number | null, number | Blank>
export function numberField(options: NumberOptions): Field<number | null, number | Blank> {
  return customField((value, fail) => {
    if (isBlank(value)) {
      if (options.required) fail(options.required)
      return null
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      fail(`${options.label} must be a number`)
      return null
    }
    if (value < options.min || value > options.max) {
      fail(`${options.label} must be between ${options.min} and ${options.max} ${options.unit}`)
      return null
    }
    return value
  })
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/

/** A time of day `HH:MM` (24-hour), trimmed; null when blank. */
export function timeField(options: Common & { required: string }): Field<string, string | Blank>
export function timeField(options: Common): Field<string | null, string | Blank>
export function timeField(options: Common): Field<string | null, string | Blank> {
  return customField((value, fail) => {
    if (isBlank(value)) {
      if (options.required) fail(options.required)
      return null
    }
    if (typeof value !== 'string' || !TIME_OF_DAY.test(value.trim())) {
      fail(`${options.label} must be a time (HH:MM, 24-hour)`)
      return null
    }
    return value.trim()
  })
}

/**
 * A list of choices from `allowed`, duplicates dropped, in `allowed`'s order; an empty list is an
 * answer, so only a missing one (absent or null) is `required`'s message.
 */
export function listField<const T extends string>(
  allowed: readonly T[],
  options: { label: string; required: string },
): Field<T[], readonly string[] | Blank> {
  return customField((value, fail) => {
    if (value === undefined || value === null) {
      fail(options.required)
      return []
    }
    if (isBlank(value)) return []
    const items = choiceItems(value, allowed, options.label, fail)
    return items ? allowed.filter((item) => items.includes(item)) : []
  })
}

/** The items of a list whose every item is one of `allowed`; null, after failing, when it is not one. */
function choiceItems<T extends string>(value: unknown, allowed: readonly T[], label: string, fail: Fail): T[] | null {
  if (!Array.isArray(value)) {
    fail(`${label} must be a list`)
    return null
  }
  if (value.some((item) => typeof item !== 'string' || !(allowed as readonly string[]).includes(item))) {
    fail(`${label} must only contain: ${allowed.join(', ')}`)
    return null
  }
  return value as T[]
}

/** A whole number within [min, max], with one message for anything else; `required` when blank. */
export function wholeNumberField(options: {
  required: string
  invalid: string
  min: number
  max: number
}): Field<number, number | Blank> {
  return customField((value, fail) => {
    if (value === undefined || value === null || value === '') {
      fail(options.required)
      return 0
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < options.min || value > options.max) {
      fail(options.invalid)
      return 0
    }
    return value
  })
}

/** Any JSON value, passed on as it is (for a field the handler's own rules read). */
export const anyField = z.unknown()

/**
 * An object schema whose body is never refused for its type alone: the API answers a body that is
 * not an object (or no body) before the schema runs, so this only adds the field rules.
 */
export function fields<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape)
}

/** Absent, null or an empty text (a text of spaces is a value, and not an id). */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

/**
 * A row id: a positive whole number, or its digits as text (at most 15); null when absent, null or
 * empty, which is `required`'s message when given.
 */
export function idField(options: { invalid: string; required: string }): Field<number, number | string>
export function idField(options: { invalid: string }): Field<number | null, number | string | Blank>
export function idField(options: { invalid: string; required?: string }): Field<number | null, number | string | Blank> {
  return customField((value, fail) => {
    if (isEmpty(value)) {
      if (options.required) fail(options.required)
      return null
    }
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return value
    if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) >= 1) return Number(value)
    fail(options.invalid)
    return null
  })
}

/** A query's whole number, min…max (default 0…, at most `digits` digits, default 4); `fallback` when absent or empty. */
export function countField(options: {
  label: string
  fallback: number
  max: number
  min?: number
  digits?: number
}): Field<number, string | number | undefined> {
  const { min = 0, digits = 4 } = options
  const pattern = new RegExp(`^\\d{1,${digits}}$`)
  return customField((value, fail) => {
    if (value === undefined || value === '') return options.fallback
    if (typeof value === 'string' && pattern.test(value) && Number(value) >= min && Number(value) <= options.max) return Number(value)
    fail(`${options.label} must be a whole number from ${min} to ${options.max}`)
    return options.fallback
  })
}

/** A page number: nonsense (or none) reads as page 1, and no page is past PAGE_NUMBER_MAX. */
export const pageNumberField = textField({ label: 'Page', max: 10 }).transform((page) =>
  Math.min(Math.max(Number.parseInt(page, 10) || 1, 1), PAGE_NUMBER_MAX),
)

/** Trimmed, lower-cased e-mail by the one rule (common/email.ts), with SPEC §5's messages. */
export const emailField: Field<string, string> = customField((value, fail) => {
  if (isBlank(value)) {
    fail('Email is required')
    return ''
  }
  const email = typeof value === 'string' ? value.trim().toLowerCase() : ''
  if (!isValidEmail(email)) {
    fail(EMAIL_INVALID)
    return ''
  }
  return email
})

/** A query's row id as its digits (at most 15, 0 included); null when absent or empty. */
export function digitsField(options: { invalid: string }): Field<number | null, string | number | undefined> {
  return customField((value, fail) => {
    if (value === undefined || value === '') return null
    if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value)
    fail(options.invalid)
    return null
  })
}

/**
 * A non-empty list of choices from `allowed`, duplicates dropped, in the order sent; `exclusive`
 * (e.g. 'None') may not be combined with others.
 */
export function choicesField<const T extends string>(
  allowed: readonly T[],
  options: { label: string; required: string; exclusive?: T },
): Field<T[], readonly T[] | Blank> {
  return customField((value, fail) => {
    if (isBlank(value)) {
      fail(options.required)
      return []
    }
    const listed = choiceItems(value, allowed, options.label, fail)
    if (!listed) return []
    const items = [...new Set(listed)]
    if (items.length === 0) {
      fail(options.required)
      return []
    }
    if (options.exclusive && items.includes(options.exclusive) && items.length > 1) {
      fail(`'${options.exclusive}' cannot be combined with other choices`)
      return []
    }
    return items
  })
}

/**
 * A password to check against the stored one at sign-in: only presence and type, never the rules
 * (old passwords may predate them), and never trimmed ('' is absent, spaces are a password).
 */
export const signInPasswordField: Field<string, string> = customField((value, fail) => {
  if (isEmpty(value)) {
    fail('Password is required')
    return ''
  }
  if (typeof value !== 'string') {
    fail('Password must be text')
    return ''
  }
  return value
})

/**
 * A new password, which must meet SPEC §5's rules (common/password-rules.ts); never trimmed. Gives
 * undefined when it is not text ('' is text), which `matchingConfirmation` needs to tell apart.
 */
export const newPasswordField: Field<string | undefined, string> = customField((value, fail) => {
  if (typeof value === 'string' && value !== '') {
    for (const problem of passwordProblems(value)) fail(problem)
    return value
  }
  fail(isEmpty(value) ? 'Password is required' : 'Password must be text')
  return typeof value === 'string' ? value : undefined
})

/** A new password's confirmation: only its presence here; `matchingConfirmation` compares. */
export const confirmationField: Field<unknown, string> = customField((value, fail) => {
  if (isEmpty(value)) fail('Please confirm your password')
  return value
})

/**
 * The rule across a new password and its confirmation, for a body's `superRefine`: a confirmation
 * that is there must equal a password that is text (an empty one included).
 */
export function matchingConfirmation(
  password: string | undefined,
  confirmation: unknown,
  ctx: z.RefinementCtx,
  confirmationKey = 'conf_password',
): void {
  if (password !== undefined && !isEmpty(confirmation) && confirmation !== password) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [confirmationKey], message: 'Passwords do not match' })
  }
}
