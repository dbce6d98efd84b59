import { describe, expect, it } from 'vitest'
import { checkForgotPassword, checkResetPassword, checkSignIn, checkSignUp, type FormCheck } from './auth-checks'
import {
  forgotPasswordSchema,
  parseAuthForm,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './schemas'

// The browser checks the signed-out forms with auth-checks.ts and the server with the zod schemas:
// a patient must read the same messages either way, for any input.

type Fields = Record<string, string | undefined>

function serverErrors(schema: Parameters<typeof parseAuthForm>[1], fields: Fields) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) formData.set(name, value)
  const submission = parseAuthForm(formData, schema)
  return submission.status === 'success' ? {} : (submission.error ?? {})
}

function browserErrors(check: FormCheck, fields: Fields) {
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) values[name] = value
  return check(values)
}

const EMAILS = [undefined, '', '   ', 'a@b.co', '  a@b.co ', 'a@b', 'plainaddress', 'a b@c.co', 'x,y@z.co', 'é@b.co']
const PASSWORDS = [undefined, '', ' ', 'old', 'Patient#123', 'patient#123', 'PATIENT#123', 'Patient123', 'Pat#1', ' Patient#123 ', 'Aa1!'.repeat(9)]
const CONFIRMATIONS = [undefined, '', 'Patient#123', 'other']

function* product<T extends Record<string, readonly unknown[]>>(axes: T): Generator<{ [K in keyof T]: T[K][number] }> {
  const names = Object.keys(axes) as Array<keyof T>
  const walk = function* (i: number, acc: Partial<{ [K in keyof T]: T[K][number] }>): Generator<{ [K in keyof T]: T[K][number] }> {
    if (i === names.length) {
      yield acc as { [K in keyof T]: T[K][number] }
      return
    }
    for (const value of axes[names[i]]) yield* walk(i + 1, { ...acc, [names[i]]: value })
  }
  yield* walk(0, {})
}

describe('the browser check answers as the server schemas do', () => {
  it('sign in', () => {
    for (const fields of product({ email: EMAILS, password: PASSWORDS })) {
      expect(browserErrors(checkSignIn, fields), JSON.stringify(fields)).toEqual(serverErrors(signInSchema, fields))
    }
  })

  it('forgot password', () => {
    for (const fields of product({ email: EMAILS })) {
      expect(browserErrors(checkForgotPassword, fields), JSON.stringify(fields)).toEqual(
        serverErrors(forgotPasswordSchema, fields),
      )
    }
  })

  it('sign up', () => {
    for (const fields of product({
      email: EMAILS,
      password: PASSWORDS,
      confirmPassword: CONFIRMATIONS,
      agreeToTerms: [undefined, 'on'],
    })) {
      expect(browserErrors(checkSignUp, fields), JSON.stringify(fields)).toEqual(serverErrors(signUpSchema, fields))
    }
  })

  it('reset password', () => {
    for (const fields of product({ token: [undefined, '', 't0ken'], newPassword: PASSWORDS, confirmPassword: CONFIRMATIONS })) {
      expect(browserErrors(checkResetPassword, fields), JSON.stringify(fields)).toEqual(
        serverErrors(resetPasswordSchema, fields),
      )
    }
  })
})
