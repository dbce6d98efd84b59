import { describe, expect, it } from 'vitest'
import {
  checkPassword,
  isPasswordRuleMessage,
  meetsPasswordRules,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordProblems,
} from './password-rules'

const unmet = (password: string) =>
  checkPassword(password)
    .filter((s) => !s.met)
    .map((s) => s.rule.id)

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

describe("the API's field messages (docs/provider-api.md)", () => {
  it('gives one per unmet rule, in checklist order', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8)
    expect(PASSWORD_MAX_LENGTH).toBe(32)
    expect(passwordProblems('abc')).toEqual([
      'Password must be 8 to 32 characters',
      'Password must contain an uppercase letter',
      'Password must contain a number',
      'Password must contain a special character',
    ])
    expect(passwordProblems('ABC')).toEqual([
      'Password must be 8 to 32 characters',
      'Password must contain a lowercase letter',
      'Password must contain a number',
      'Password must contain a special character',
    ])
    expect(passwordProblems('Patient#123')).toEqual([])
  })

  it('agrees with the checklist on every password', () => {
    for (const password of ['', 'abc', 'Patient#123', 'Pa#1ab😀', 'patient#123', `Pa#1${'a'.repeat(29)}`]) {
      expect(passwordProblems(password).length).toBe(checkPassword(password).filter((s) => !s.met).length)
      expect(passwordProblems(password).length === 0).toBe(meetsPasswordRules(password))
    }
  })

  it('are not checklist labels (the app hides only those under the field)', () => {
    for (const rule of PASSWORD_RULES) expect(isPasswordRuleMessage(rule.problem)).toBe(false)
  })
})
