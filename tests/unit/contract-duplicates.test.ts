// "Rules, limits and the API contract live once in common/": a number or a message the contract
// exports must not be written again in app/ or provider/. This finds the two shapes a copy takes in
// practice, a named constant with the same number (`const MAX_RANGE_DAYS = 366`) and the same
// message in quotes ('Message is required'), and fails naming the file and line. A coincidence (a
// constant that means something else and only shares the number) is listed below with its reason.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '..', '..')

/** The contract's plain values and the shared rule modules (not the zod schemas, not crypto). */
const MODULE_FILES = [
  ...readdirSync(join(ROOT, 'common/contract'))
    .filter((name) => name.endsWith('-values.ts'))
    .map((name) => `common/contract/${name}`),
  ...readdirSync(join(ROOT, 'common'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => `common/${name}`),
]
const MODULES: Record<string, Record<string, unknown>> = Object.fromEntries(
  await Promise.all(MODULE_FILES.map(async (file) => [file, (await import(join(ROOT, file))) as Record<string, unknown>])),
)

/** Numbers below this are too common to tell a copy from a coincidence (3 days, 5 tries, 8 px…). */
const SMALLEST_NUMBER = 10

/** A constant in app/ or provider/ → why it is not a copy of the contract value with its number. */
const COINCIDENCES: Record<string, string> = {
  ABORT_DELAY: 'milliseconds before a streamed render is abandoned',
  MIN_PRODUCTION_SECRET_LENGTH: "the session secret's minimum length",
  MAX_TRACKED_KEYS: "the rate limiter's memory bound",
  MIN_KEY_TEXT_LENGTH: 'an encryption key setting’s minimum length',
  MIN_MFA_KEY_LENGTH: 'an encryption key setting’s minimum length',
  CAPACITY: 'requests the request log keeps',
  BATCH: 'rows written per statement',
  IDS_PER_QUERY: 'ids bound per statement',
  MAX_PAGES: 'pages fetched from Withings in one sync',
  MAX_FAILURES: 'failed sign-ins before the longest wait',
  TOUR_SPOTLIGHT_PADDING: "pixels around the tour's spotlight",
  CONVERSATION_PAGE: 'messages a conversation page shows',
  DEFAULT_POOL_MAX: 'database connections in the pool',
  RECOVERY_CODE_COUNT: 'two-factor recovery codes issued',
  EXPORT_PAGE_SIZE: 'entries read per page while a record export streams',
  RETENTION_BATCH: 'closed accounts the retention job deletes per run',
  SURGERY_DAYS_AGO: "the demo patient's surgery, in days before today",
  MAX_SEED: 'demo patients one seed call may create',
  MAX_REMEMBERED: 'class lists the class-name helper keeps worked out',
  MAX_ZONES: 'time zones whose date formatters are kept',
}

type Found = { where: string; what: string }

/** Migrations stay as they ran: their literals are history, not definitions. */
const SKIPPED_DIRS = new Set(['node_modules', 'migrations'])

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** A sentence a person reads: a capital, then at least three words ('Message is required'). */
const isMessage = (text: string) => /^[A-Z]\S*(\s+\S+){2,}$/.test(text)

/** Each exported number (top level) and each message-like string (anywhere in an export). */
function contractValues() {
  const numbers = new Map<number, string>()
  const messages = new Map<string, string>()
  const visit = (value: unknown, name: string, depth: number) => {
    if (typeof value === 'string' && isMessage(value)) {
      messages.set(value, name)
    } else if (depth < 3 && Array.isArray(value)) {
      // An option list's items ('Sleeve Gastrectomy') are data the seeds and migrations write too.
      value.forEach((item, i) => typeof item === 'string' || visit(item, `${name}[${i}]`, depth + 1))
    } else if (depth < 3 && value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, `${name}.${key}`, depth + 1)
    }
  }
  for (const [file, module] of Object.entries(MODULES)) {
    for (const [name, value] of Object.entries(module)) {
      const at = file
      if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) >= SMALLEST_NUMBER) {
        numbers.set(value, [numbers.get(value), `${at}: ${name}`].filter(Boolean).join(', '))
      } else visit(value, `${at}: ${name}`, 0)
    }
  }
  return { numbers, messages }
}

/** The unit a name ends with. A constant in a unit no same-numbered contract value has (180 minutes
 * against 180 days, a 5000 ms delay against 5000 characters) is not a copy of it. */
const unitOf = (name: string) => /_(MS|S|SECONDS|MINUTES|HOURS|DAYS|PX|BYTES|REM)$/.exec(name)?.[1]

const NUMBER_CONSTANT = /\bconst\s+([A-Z][A-Z0-9_]*)\s*(?::[^=]+)?=\s*(-?[\d_]+(?:\.\d+)?)\s*(?:;|\/\/|$)/

function findCopies(files: string[]): Found[] {
  const { numbers, messages } = contractValues()
  const found: Found[] = []
  for (const file of files) {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n')
    lines.forEach((line, i) => {
      const where = `${relative(ROOT, join(ROOT, file))}:${i + 1}`
      const constant = NUMBER_CONSTANT.exec(line)
      if (constant) {
        const value = Number(constant[2].replaceAll('_', ''))
        const original = numbers.get(value)
        const unit = unitOf(constant[1])
        const sameUnit = unit === undefined || original?.split(', ').some((name) => unitOf(name) === unit)
        if (original && sameUnit && !(constant[1] in COINCIDENCES)) found.push({ where, what: `${constant[1]} = ${value} copies ${original}` })
      }
      for (const [message, original] of messages) {
        for (const quote of ["'", '"', '`']) {
          if (line.includes(`${quote}${message}${quote}`)) found.push({ where, what: `'${message}' copies ${original}` })
        }
      }
    })
  }
  return found
}

describe('no contract value is written twice', () => {
  const files = [...sourceFiles('app'), ...sourceFiles('provider')]

  it('finds the values to look for', () => {
    const { numbers, messages } = contractValues()
    expect(numbers.get(366)).toBe('common/contract/entries-values.ts: ENTRIES_RANGE_MAX_DAYS')
    expect(numbers.get(100)).toContain('common/contract/admin-patients-values.ts: PATIENT_SEARCH_MAX_LENGTH')
    expect(messages.get('Password must contain a number')).toBe('common/password-rules.ts: PASSWORD_RULES[3].problem')
    expect(files.length).toBeGreaterThan(200)
  })

  it('app/ and provider/ define none of them again', () => {
    expect(findCopies(files)).toEqual([])
  })

  it('every listed coincidence still exists (a stale entry would hide a copy)', () => {
    const text = files.map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n')
    for (const name of Object.keys(COINCIDENCES)) expect(text, name).toMatch(new RegExp(`\\bconst ${name}\\b`))
  })
})
