import { describe, expect, it } from 'vitest'
import {
  checkPassword,
  isPasswordRuleMessage,
  meetsPasswordRules,
  newPasswordSchema,
  PASSWORD_RULES,
  PASSWORD_SPECIAL_CHARACTERS,
} from './password-rules'

const unmet = (password: string) =>
  checkPassword(password)
    .filter((s) => !s.met)
    .map((s) => s.rule.id)

const messages = (value: unknown) => {
  const result = newPasswordSchema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => i.message)
}

describe('password rules (SPEC.md §5)', () => {
  it('lists the five rules in checklist order, with their labels', () => {
    expect(PASSWORD_RULES.map((r) => [r.id, r.label])).toEqual([
      ['length', '8 to 32 characters'],
      ['uppercase', 'One uppercase letter'],
      ['lowercase', 'One lowercase letter'],
      ['number', 'One number'],
      ['special', 'One special character'],
    ])
  })

  it('accepts a password that meets every rule', () => {
    expect(unmet('Patient#123')).toEqual([])
    expect(meetsPasswordRules('Patient#123')).toBe(true)
  })

  it.each([
    ['Pa#1abc', ['length']],
    ['Pa#1abcd', []],
    [`Pa#1${'a'.repeat(28)}`, []],
    [`Pa#1${'a'.repeat(29)}`, ['length']],
    ['patient#123', ['uppercase']],
    ['PATIENT#123', ['lowercase']],
    ['Patient#abc', ['number']],
    ['Patient1234', ['special']],
    ['Patient 123', ['special']],
    ['', ['length', 'uppercase', 'lowercase', 'number', 'special']],
  ])('%j fails %j', (password, expected) => {
    expect(unmet(password)).toEqual(expected)
    expect(meetsPasswordRules(password)).toBe(expected.length === 0)
  })

  it('counts characters, not UTF-16 units, like the provider', () => {
    // Seven letters plus an emoji (two UTF-16 units) is eight characters.
    expect(unmet('Pa#1abc😀')).toEqual([])
    expect(unmet('Pa#1ab😀')).toEqual(['length'])
  })

  it('accepts every character of the special set, and only those', () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe('!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~')
    for (const c of PASSWORD_SPECIAL_CHARACTERS) expect(unmet(`Patient1${c}`), c).toEqual([])
    for (const c of ['€', '£', '§', ' ', '\t']) expect(unmet(`Patient1${c}`), c).toEqual(['special'])
  })

  it('tells rule messages from other messages', () => {
    for (const rule of PASSWORD_RULES) expect(isPasswordRuleMessage(rule.label)).toBe(true)
    expect(isPasswordRuleMessage('Password is required')).toBe(false)
    expect(isPasswordRuleMessage(undefined)).toBe(false)
  })
})

describe('newPasswordSchema', () => {
  it("says 'Password is required' for a missing or empty value", () => {
    expect(messages(undefined)).toEqual(['Password is required'])
    expect(messages('')).toEqual(['Password is required'])
  })

  it('reports each unmet rule with its checklist label', () => {
    expect(messages('abc')).toEqual(['8 to 32 characters', 'One uppercase letter', 'One number', 'One special character'])
    expect(messages('Patient#123')).toEqual([])
  })

  it('keeps spaces: they are part of a password', () => {
    expect(newPasswordSchema.parse(' Patient#123 ')).toBe(' Patient#123 ')
  })
})
