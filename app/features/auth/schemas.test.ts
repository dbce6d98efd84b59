import { describe, expect, it } from 'vitest'
import {
  forgotPasswordSchema,
  parseAuthForm,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  TERMS_REQUIRED,
} from './schemas'

/** Field → messages, as conform gets them from a posted form (both sides use this parse). */
function errorsOf(schema: Parameters<typeof parseAuthForm>[1], fields: Record<string, string>) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) formData.set(name, value)
  const submission = parseAuthForm(formData, schema)
  return submission.status === 'success' ? {} : (submission.error ?? {})
}

const STRONG = 'Patient#123'

describe('e-mail (SPEC.md §5)', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org', 'x@y.z'])('accepts %s', (email) => {
    expect(errorsOf(forgotPasswordSchema, { email })).toEqual({})
  })

  it.each([
    'plainaddress',
    'a@b',
    '@b.co',
    'a@.co',
    'a b@c.co',
    'a@b.co d',
    // One address only: no list, display name or header (the rule is common/email.ts's).
    'atk@example.test,victim@example.org',
    '"Boss"<atk2@example.test>;cc2@example.org',
    'nel@example.test\u0085bcc:nelbcc@example.org',
  ])('refuses %j', (email) => {
    expect(errorsOf(forgotPasswordSchema, { email })).toEqual({ email: ['Please enter a valid email address'] })
  })

  it("says 'Email is required' when empty, missing or blank, and trims", () => {
    expect(errorsOf(forgotPasswordSchema, { email: '' })).toEqual({ email: ['Email is required'] })
    expect(errorsOf(forgotPasswordSchema, {})).toEqual({ email: ['Email is required'] })
    expect(errorsOf(forgotPasswordSchema, { email: '   ' })).toEqual({ email: ['Email is required'] })
    expect(forgotPasswordSchema.parse({ email: '  a@b.co ' })).toEqual({ email: 'a@b.co' })
  })
})

describe('signInSchema', () => {
  it('requires e-mail and password', () => {
    expect(errorsOf(signInSchema, {})).toEqual({ email: ['Email is required'], password: ['Password is required'] })
  })

  it('does not apply the new-password rules to the password typed to sign in', () => {
    expect(errorsOf(signInSchema, { email: 'a@b.co', password: 'old' })).toEqual({})
  })

  it('keeps redirectTo for the action', () => {
    expect(signInSchema.parse({ email: 'a@b.co', password: 'x', redirectTo: '/customer/profile' }).redirectTo).toBe(
      '/customer/profile',
    )
  })
})

describe('signUpSchema', () => {
  const valid = { email: 'a@b.co', password: STRONG, confirmPassword: STRONG, agreeToTerms: 'on' }

  it('accepts a complete form', () => {
    expect(errorsOf(signUpSchema, valid)).toEqual({})
    expect(signUpSchema.parse(valid)).toEqual({ ...valid, agreeToTerms: true })
  })

  it('reports every field at once, mismatch included', () => {
    expect(errorsOf(signUpSchema, { email: 'nope', password: 'abc', confirmPassword: 'abd' })).toEqual({
      email: ['Please enter a valid email address'],
      password: ['8 to 32 characters', 'One uppercase letter', 'One number', 'One special character'],
      confirmPassword: ['Passwords do not match'],
      agreeToTerms: [TERMS_REQUIRED],
    })
  })

  it('an empty form: required messages and the terms', () => {
    expect(errorsOf(signUpSchema, {})).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
      agreeToTerms: [TERMS_REQUIRED],
    })
  })

  it("'Passwords do not match' when the confirmation is missing or differs", () => {
    expect(errorsOf(signUpSchema, { ...valid, confirmPassword: '' })).toEqual({ confirmPassword: ['Passwords do not match'] })
    expect(errorsOf(signUpSchema, { ...valid, confirmPassword: `${STRONG} ` })).toEqual({
      confirmPassword: ['Passwords do not match'],
    })
  })

  it('the terms box must be ticked', () => {
    const { agreeToTerms: _, ...unticked } = valid
    expect(errorsOf(signUpSchema, unticked)).toEqual({ agreeToTerms: [TERMS_REQUIRED] })
  })
})

describe('resetPasswordSchema', () => {
  const valid = { token: 't0ken', newPassword: STRONG, confirmPassword: STRONG }

  it('accepts a token and a matching strong password', () => {
    expect(errorsOf(resetPasswordSchema, valid)).toEqual({})
  })

  it('applies the rules and the mismatch message', () => {
    expect(errorsOf(resetPasswordSchema, { ...valid, newPassword: 'patient#123', confirmPassword: 'x' })).toEqual({
      newPassword: ['One uppercase letter'],
      confirmPassword: ['Passwords do not match'],
    })
    expect(errorsOf(resetPasswordSchema, { token: 't' })).toEqual({ newPassword: ['Password is required'] })
  })

  it('needs the token from the link', () => {
    expect(Object.keys(errorsOf(resetPasswordSchema, { ...valid, token: '' }))).toEqual(['token'])
  })
})
