import { afterEach, describe, expect, test } from 'vitest'
import {
  PASSWORD_HASHING_TEST_IN_PRODUCTION,
  hashPassword,
  needsRehash,
  passwordHashingFromEnv,
  setPasswordHashing,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.js'

// The suites run at the test cost (tests/support/password-hashing.ts); put it back after each test.
afterEach(() => setPasswordHashing('test'))

describe('password hashes', () => {
  test('the standard cost is scrypt N=16384, r=8, p=5, a 16-byte salt and a 64-byte key', async () => {
    const stored = await hashPassword('Patient#123', 'standard')
    const [kind, n, r, p, salt, key] = stored.split('$')
    expect([kind, n, r, p]).toEqual(['scrypt', '16384', '8', '5'])
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16)
    expect(Buffer.from(key!, 'base64url')).toHaveLength(64)
  })

  test('new hashes follow the process setting; any stored cost verifies under either', async () => {
    setPasswordHashing('standard')
    const standard = await hashPassword('Patient#123')
    setPasswordHashing('test')
    const cheap = await hashPassword('Patient#123')
    expect(standard).toMatch(/^scrypt\$16384\$/)
    expect(cheap).toMatch(/^scrypt\$1024\$/)
    for (const setting of ['standard', 'test'] as const) {
      setPasswordHashing(setting)
      expect(await verifyPassword('Patient#123', standard)).toBe(true)
      expect(await verifyPassword('Patient#123', cheap)).toBe(true)
      expect(await verifyPassword('Patient#124', standard)).toBe(false)
      expect(await verifyPassword('Patient#124', cheap)).toBe(false)
    }
  })

  test('the same password hashes differently each time (its own salt)', async () => {
    expect(await hashPassword('Patient#123')).not.toBe(await hashPassword('Patient#123'))
  })

  test('a stored value of another shape never verifies', async () => {
    for (const stored of ['', 'scrypt$1024$8$1$abc', 'bcrypt$1$2$3$4$5', 'Patient#123']) {
      expect(await verifyPassword('Patient#123', stored)).toBe(false)
    }
  })

  test('at the standard cost, a stored hash of any weaker parameter is to be made again; at the test cost none is', async () => {
    const salt = 'c2FsdA$a2V5'
    setPasswordHashing('standard')
    expect(needsRehash(await hashPassword('Patient#123', 'standard'))).toBe(false)
    expect(needsRehash(await hashPassword('Patient#123', 'test'))).toBe(true)
    expect(needsRehash(`scrypt$16384$8$1$${salt}`)).toBe(true)
    expect(needsRehash(`scrypt$16384$4$5$${salt}`)).toBe(true)
    expect(needsRehash(`scrypt$8192$8$5$${salt}`)).toBe(true)
    expect(needsRehash(`scrypt$32768$8$5$${salt}`)).toBe(false)
    expect(needsRehash('bcrypt$1$2$3$4$5')).toBe(false)
    setPasswordHashing('test')
    expect(needsRehash(`scrypt$16384$8$1$${salt}`)).toBe(false)
  })

  test('an unknown e-mail is checked against a dummy hash of the current cost', async () => {
    setPasswordHashing('standard')
    expect(await verifyAgainstDummy('Patient#123')).toBe(false)
  })
})

describe('PASSWORD_HASHING', () => {
  test('unset or blank is standard; test is accepted outside production', () => {
    expect(passwordHashingFromEnv({}, true)).toBe('standard')
    expect(passwordHashingFromEnv({ PASSWORD_HASHING: ' ' }, true)).toBe('standard')
    expect(passwordHashingFromEnv({ PASSWORD_HASHING: 'standard' }, true)).toBe('standard')
    expect(passwordHashingFromEnv({ PASSWORD_HASHING: 'test' }, false)).toBe('test')
  })

  test('test is refused in production, and any other value everywhere, in one line', () => {
    expect(() => passwordHashingFromEnv({ PASSWORD_HASHING: 'test' }, true)).toThrow(PASSWORD_HASHING_TEST_IN_PRODUCTION)
    expect(() => passwordHashingFromEnv({ PASSWORD_HASHING: 'fast' }, false)).toThrow('PASSWORD_HASHING must be "standard" or "test"')
  })
})
