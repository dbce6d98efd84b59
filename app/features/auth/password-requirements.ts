// SPEC.md §5 password rules, shared by the live checklist (client) and the zod schemas (both sides).
// Pure, no React, and no zod: the signed-out screens' checklist needs the rules at once, the
// schemas only later (auth-lazy-form.tsx). The schema lives in password-rules.ts.

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 32

/** The same punctuation set as the reference provider accepts (SPEC.md leaves it unspecified). */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~'

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'number' | 'special'

export type PasswordRule = {
  id: PasswordRuleId
  /** Checklist text; also the validation message, so the checklist can show which rule failed. */
  label: string
  test: (password: string) => boolean
}

// Counted in code points, as the provider does, so an emoji is one character on both sides.
const length = (password: string) => [...password].length

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
    test: (p) => length(p) >= PASSWORD_MIN_LENGTH && length(p) <= PASSWORD_MAX_LENGTH,
  },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    label: 'One special character',
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

const RULE_LABELS = new Set(PASSWORD_RULES.map((r) => r.label))

/** True for the messages the checklist shows itself (so field error lists can leave them out). */
export function isPasswordRuleMessage(message: string | null | undefined): boolean {
  return typeof message === 'string' && RULE_LABELS.has(message)
}

