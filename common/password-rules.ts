// SPEC.md §5 password rules: the app's live checklist and zod schema
// (app/features/auth/password-rules.ts) and the API's check of a new password
// (common/contract/request-fields.ts) test with these. Each rule carries both sides' words: the checklist label, which is also the
// app's validation message, and the API's field message (docs/provider-api.md). Pure, no React and
// no zod: the signed-out screens' checklist needs the rules at once, the schemas only later.

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 32

/** The same punctuation set as the reference provider accepts (SPEC.md leaves it unspecified). */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~'

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'number' | 'special'

export type PasswordRule = {
  id: PasswordRuleId
  /** Checklist text; also the validation message, so the checklist can show which rule failed. */
  label: string
  /** The API's field message when the rule is not met. */
  problem: string
  test: (password: string) => boolean
}

// Counted in code points, so an emoji is one character (and a password the checklist passes, the
// API accepts).
const length = (password: string) => [...password].length

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
    problem: `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
    test: (p) => length(p) >= PASSWORD_MIN_LENGTH && length(p) <= PASSWORD_MAX_LENGTH,
  },
  {
    id: 'uppercase',
    label: 'One uppercase letter',
    problem: 'Password must contain an uppercase letter',
    test: (p) => /[A-Z]/.test(p),
  },
  {
    id: 'lowercase',
    label: 'One lowercase letter',
    problem: 'Password must contain a lowercase letter',
    test: (p) => /[a-z]/.test(p),
  },
  { id: 'number', label: 'One number', problem: 'Password must contain a number', test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    label: 'One special character',
    problem: 'Password must contain a special character',
    test: (p) => [...p].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  },
]

export type PasswordRuleState = { rule: PasswordRule; met: boolean }

export function checkPassword(password: string): PasswordRuleState[] {
  return PASSWORD_RULES.map((rule) => ({ rule, met: rule.test(password) }))
}

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password))
}

/** The API's field messages for the rules not met, in checklist order; empty when acceptable. */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.problem)
}

const RULE_LABELS = new Set(PASSWORD_RULES.map((r) => r.label))

/** True for the messages the checklist shows itself (so field error lists can leave them out). */
export function isPasswordRuleMessage(message: string | null | undefined): boolean {
  return typeof message === 'string' && RULE_LABELS.has(message)
}

