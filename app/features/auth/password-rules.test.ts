import { describe, expect, it } from 'vitest'
import { newPasswordSchema } from './password-rules'

const messages = (value: unknown) => {
  const result = newPasswordSchema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => i.message)
}

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
