// When the database cannot be reached the API says so with a 503 and a sentence, never a bare 500:
// the app shows that sentence and keeps what the user typed.
import { describe, expect, test } from 'vitest'
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../provider/db/unavailable'
import { createTestDatabase } from '../support/db-engines'
import { GOOD_PASSWORD } from '../support/fixtures'
import { TEST_ENGINE, uniqueEmail, withTestProvider } from './helpers'

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code })

  test('network failures, connection classes and shutdowns count; query errors do not', () => {
    for (const code of ['ECONNREFUSED', 'ETIMEDOUT', '08006', '08001', '57P01', '57P03', '53300']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true)
    }
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true)
    for (const code of ['23505', '42P01', '22007']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(false)
    expect(isDatabaseUnavailable(new Error('division by zero'))).toBe(false)
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false)
  })
})

// Only a server can be taken away from under a running API.
describe.skipIf(TEST_ENGINE !== 'postgres')('a PostgreSQL server that goes away', () => {
  test('health and every request answer 503 with the sentence, and nothing is logged as an internal error', async () => {
    const database = await createTestDatabase()
    await withTestProvider({ database: { databaseUrl: database.url, poolMax: 2 } }, async (provider) => {
      expect((await provider.call('GET', 'healthz')).status).toBe(200)
      await database.drop()
      const health = await provider.call('GET', 'healthz')
      expect(health.status).toBe(503)
      expect(health.json.message).toBe(DATABASE_UNAVAILABLE_MESSAGE)
      const signup = await provider.call('POST', 'v1/auth/signup/', {
        body: { email: uniqueEmail(), password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD },
      })
      expect(signup.status, signup.text).toBe(503)
      expect(signup.json).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, data: {} })
      expect(provider.logged.some((line) => line.includes('database unavailable on POST /v1/auth/signup/'))).toBe(true)
    })
  })
})
