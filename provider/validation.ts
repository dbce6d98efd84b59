import { EMAIL_INVALID, isValidEmail } from '../common/email'
import { invalidFields, type FieldErrors } from './errors.js'
import type { JsonObject } from './http.js'
import { passwordProblems } from '../common/password-rules'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

interface Common {
  label: string
  /** The message when the field is missing or blank; omit for optional fields. */
  required?: string
}

/**
 * Reads fields off a request body one by one and collects every problem, so that a form gets all
 * its field messages from one request. Blank means absent, null or a string of only spaces.
 */
export class FieldReader {
  readonly errors: FieldErrors = {}

  constructor(private readonly body: JsonObject) {}

  fail(field: string, message: string): void {
    ;(this.errors[field] ??= []).push(message)
  }

  /** Own properties only: `__proto__` or `constructor` in a body must not reach Object.prototype. */
  raw(field: string): unknown {
    return Object.prototype.hasOwnProperty.call(this.body, field) ? this.body[field] : undefined
  }

  private blank(field: string): boolean {
    const value = this.raw(field)
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  }

  /** Missing is fine for optional fields; for required ones records the message. True when a value is there. */
  private present(field: string, options: Common): boolean {
    if (!this.blank(field)) return true
    if (options.required) this.fail(field, options.required)
    return false
  }

  /** Trimmed text; '' for a blank optional field. */
  text(field: string, options: Common & { max?: number }): string {
    if (!this.present(field, options)) return ''
    const value = this.raw(field)
    if (typeof value !== 'string') {
      this.fail(field, `${options.label} must be text`)
      return ''
    }
    const max = options.max ?? 200
    if (value.length > max) {
      this.fail(field, `${options.label} must be at most ${max} characters`)
      return ''
    }
    return value.trim()
  }

  choice<T extends string>(
    field: string,
    allowed: readonly T[],
    options: Common & { fallback?: T },
  ): T | null {
    if (!this.present(field, options)) return options.fallback ?? null
    const value = this.raw(field)
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T
    this.fail(field, `${options.label} must be one of: ${allowed.join(', ')}`)
    return null
  }

  number(field: string, options: Common & { min: number; max: number; unit: string }): number | null {
    if (!this.present(field, options)) return null
    const value = this.raw(field)
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.fail(field, `${options.label} must be a number`)
      return null
    }
    if (value < options.min || value > options.max) {
      this.fail(field, `${options.label} must be between ${options.min} and ${options.max} ${options.unit}`)
      return null
    }
    return value
  }

  /** An ISO `YYYY-MM-DD` calendar date between 1900 and 2100, optionally not after today. */
  date(field: string, options: Common & { notFuture?: boolean }): string | null {
    if (!this.present(field, options)) return null
    const value = this.raw(field)
    const match = typeof value === 'string' ? ISO_DATE.exec(value) : null
    if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
      this.fail(field, `${options.label} must be a valid date (YYYY-MM-DD)`)
      return null
    }
    const year = Number(match[1])
    if (year < 1900 || year > 2100) {
      this.fail(field, `${options.label} must be between 1900 and 2100`)
      return null
    }
    if (options.notFuture && match[0] > latestTodayAnywhere()) {
      this.fail(field, `${options.label} cannot be in the future`)
      return null
    }
    return match[0]
  }

  /** A list of choices from `allowed`, duplicates dropped; `exclusive` may not be combined with others. */
  list<T extends string>(field: string, allowed: readonly T[], options: Common & { exclusive?: T }): T[] {
    if (!this.present(field, options)) return []
    const value = this.raw(field)
    if (!Array.isArray(value)) {
      this.fail(field, `${options.label} must be a list`)
      return []
    }
    const unknown = value.find(
      (item) => typeof item !== 'string' || !(allowed as readonly string[]).includes(item),
    )
    if (unknown !== undefined) {
      this.fail(field, `${options.label} must only contain: ${allowed.join(', ')}`)
      return []
    }
    const items = [...new Set(value as T[])]
    if (items.length === 0) {
      if (options.required) this.fail(field, options.required)
      return []
    }
    if (options.exclusive && items.includes(options.exclusive) && items.length > 1) {
      this.fail(field, `'${options.exclusive}' cannot be combined with other choices`)
      return []
    }
    return items
  }

  boolean(field: string, options: { label: string; required?: string; fallback: boolean }): boolean {
    const value = this.raw(field)
    if (value === undefined || value === null) {
      if (options.required) this.fail(field, options.required)
      return options.fallback
    }
    if (typeof value !== 'boolean') {
      this.fail(field, `${options.label} must be true or false`)
      return options.fallback
    }
    return value
  }

  /** Trimmed, lower-cased e-mail by the one rule (common/email.ts), with SPEC §5's messages. */
  email(field = 'email'): string {
    const value = this.raw(field)
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      this.fail(field, 'Email is required')
      return ''
    }
    const email = typeof value === 'string' ? value.trim().toLowerCase() : ''
    if (!isValidEmail(email)) {
      this.fail(field, EMAIL_INVALID)
      return ''
    }
    return email
  }

  /** A sign-in password: only presence and type, never the rules (old passwords may predate them). */
  existingPassword(field = 'password'): string {
    const value = this.raw(field)
    if (value === undefined || value === null || value === '') {
      this.fail(field, 'Password is required')
      return ''
    }
    if (typeof value !== 'string') {
      this.fail(field, 'Password must be text')
      return ''
    }
    return value
  }

  /** A new password that must meet SPEC §5's rules and equal its confirmation. Not trimmed. */
  newPassword(field: string, confirmField: string): string {
    const value = this.raw(field)
    let password = ''
    if (value === undefined || value === null || value === '') this.fail(field, 'Password is required')
    else if (typeof value !== 'string') this.fail(field, 'Password must be text')
    else {
      password = value
      for (const problem of passwordProblems(value)) this.fail(field, problem)
    }
    const confirmation = this.raw(confirmField)
    if (confirmation === undefined || confirmation === null || confirmation === '') {
      this.fail(confirmField, 'Please confirm your password')
    } else if (typeof value === 'string' && confirmation !== value) {
      this.fail(confirmField, 'Passwords do not match')
    }
    return password
  }

  /** Throws the collected problems as a 400. */
  done(): void {
    if (Object.keys(this.errors).length > 0) throw invalidFields(this.errors)
  }
}

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
