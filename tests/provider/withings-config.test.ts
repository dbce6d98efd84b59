// The WITHINGS_* settings and the token box, without a server.
import { describe, expect, test } from 'vitest'
import { deriveKey, tokenBox } from '../../provider/crypto/token-box'
import { withingsSettingsFromEnv } from '../../provider/withings/config'
import { sleepQuality, weightKg } from '../../provider/withings/sync'

const FULL = {
  WITHINGS_CLIENT_ID: 'id',
  WITHINGS_CLIENT_SECRET: 'secret',
  WITHINGS_REDIRECT_URI: 'https://care.example/customer/connect-devices/callback',
}

describe('withingsSettingsFromEnv', () => {
  test('off without settings; on with all three, at Withings unless overridden', () => {
    expect(withingsSettingsFromEnv({}, true)).toEqual({ kind: 'off' })
    const on = withingsSettingsFromEnv({ ...FULL, DEVICE_TOKEN_KEY: 'k'.repeat(32) }, true)
    expect(on).toMatchObject({
      kind: 'configured',
      config: {
        clientId: 'id',
        authUrl: 'https://account.withings.com/oauth2_user/authorize2',
        apiUrl: 'https://wbsapi.withings.net/',
        notifyCallbackUrl: null,
      },
    })
    const local = withingsSettingsFromEnv(
      { ...FULL, WITHINGS_API_URL: 'http://127.0.0.1:9/api', WITHINGS_AUTH_URL: 'http://127.0.0.1:9/a' },
      false,
    )
    expect(local).toMatchObject({
      config: { apiUrl: 'http://127.0.0.1:9/api/', authUrl: 'http://127.0.0.1:9/a' },
    })
  })

  test('refuses half a configuration, bad URLs, a short key, no key in production, the simulator in production', () => {
    expect(() => withingsSettingsFromEnv({ WITHINGS_CLIENT_ID: 'id' }, false)).toThrow(
      'Withings needs WITHINGS_CLIENT_SECRET and WITHINGS_REDIRECT_URI as well',
    )
    expect(() => withingsSettingsFromEnv({ ...FULL, WITHINGS_REDIRECT_URI: 'callback' }, false)).toThrow(
      'WITHINGS_REDIRECT_URI must be an absolute http(s) URL',
    )
    expect(() => withingsSettingsFromEnv({ ...FULL, DEVICE_TOKEN_KEY: 'short' }, false)).toThrow(
      'at least 32 characters',
    )
    expect(() => withingsSettingsFromEnv(FULL, true)).toThrow('DEVICE_TOKEN_KEY is required')
    expect(
      withingsSettingsFromEnv({ WITHINGS_SIMULATOR: '1', WITHINGS_SIMULATOR_PORT: '3590' }, false),
    ).toEqual({
      kind: 'simulator',
      port: 3590,
      tokenKey: null,
    })
    expect(() => withingsSettingsFromEnv({ WITHINGS_SIMULATOR: '1' }, true)).toThrow(
      'development and tests only',
    )
  })
})

describe('token box (AES-256-GCM)', () => {
  const box = tokenBox(deriveKey('a'.repeat(40), 'device-tokens'))

  test('opens what it sealed, for the same context only; every seal differs', () => {
    const sealed = box.seal('secret-token', '7:withings:access')
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain('secret-token')
    expect(box.seal('secret-token', '7:withings:access')).not.toBe(sealed)
    expect(box.open(sealed, '7:withings:access')).toBe('secret-token')
    expect(() => box.open(sealed, '8:withings:access')).toThrow()
    expect(() =>
      tokenBox(deriveKey('b'.repeat(40), 'device-tokens')).open(sealed, '7:withings:access'),
    ).toThrow()
    expect(() =>
      tokenBox(deriveKey('a'.repeat(40), 'other-purpose')).open(sealed, '7:withings:access'),
    ).toThrow()
  })

  test('a changed byte is refused', () => {
    const sealed = box.seal('secret-token', 'c')
    const [v, iv, body] = sealed.split('.')
    const bytes = Buffer.from(body, 'base64url')
    bytes[0] ^= 1
    expect(() => box.open(`${v}.${iv}.${bytes.toString('base64url')}`, 'c')).toThrow()
    expect(() => box.open('plain-text', 'c')).toThrow()
  })
})

describe('Withings values', () => {
  test('weight is value × 10^unit, rounded to grams; no weight measure, no weight', () => {
    const group = (value: number, unit: number, type = 1) => ({
      grpid: 1,
      date: 0,
      modified: 0,
      category: 1,
      measures: [{ value, type, unit }],
    })
    expect(weightKg(group(84512, -3))).toBe(84.512)
    expect(weightKg(group(8451, -2))).toBe(84.51)
    expect(weightKg(group(85, 0))).toBe(85)
    expect(weightKg(group(84512, -3, 6))).toBeNull()
  })

  test('a sleep score (0–100) becomes the 1–5 quality', () => {
    expect([0, 20, 21, 60, 78, 100].map((score) => sleepQuality(score, 7))).toEqual([1, 1, 2, 3, 4, 5])
    expect(sleepQuality(undefined, 7.5)).toBe(4)
    expect(sleepQuality(undefined, 5)).toBe(2)
  })
})
