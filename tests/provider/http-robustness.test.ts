import { request } from 'node:http'
import { connect } from 'node:net'
import { beforeAll, describe, expect, test } from 'vitest'
import { BARIATRIC_IMPERIAL, DEVICE, GOOD_PASSWORD, MEDICAL, PERSONAL_IMPERIAL, SUPER } from '../support/fixtures'
import { adminToken, completeProfile, expectError, login, useTestProvider, verifiedCustomer } from './helpers'

const provider = useTestProvider()
let customer: { email: string; password: string }
let superToken: string
beforeAll(async () => {
  customer = await verifiedCustomer(provider)
  const customerToken = await freshCustomerToken()
  superToken = await adminToken(provider, SUPER)
  // So that the device step gets past its 409 and validates what it is sent.
  await completeProfile(provider, customerToken, { steps: ['personal', 'medical', 'bariatric'] })
})

type Auth = 'customer' | 'admin' | null
type Body = Record<string, unknown>
/**
 * Each endpoint with a body it accepts (or refuses for its content, not its shape), so that one odd
 * field in it reaches the endpoint's own rules; read when the test runs, once the customer exists.
 * An endpoint that reads no body has none to vary.
 */
const noBody = (): Body => ({})
const WRITE_ENDPOINTS: [string, string, Auth, () => Body][] = [
  ['POST', 'v1/auth/login/', null, () => ({ email: customer.email, password: customer.password })],
  ['POST', 'v1/admin/login/', null, () => ({ email: SUPER.email, password: SUPER.password })],
  ['POST', 'v1/auth/signup/', null, () => ({ email: 'robustness-signup@example.test', password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD })],
  ['POST', 'v1/auth/resend-verify-email/', null, () => ({ email: customer.email })],
  ['POST', 'v1/auth/forgot_password/', null, () => ({ email: customer.email, portal: 'customer' })],
  ['POST', 'v1/auth/reset_password/submit/', null, () => ({ token: 'no-such-token', new_password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD })],
  ['POST', 'v1/auth/token/refresh/', null, () => ({ refresh: 'no-such-token' })],
  ['POST', 'v1/admin/token/refresh/', null, () => ({ refresh: 'no-such-token' })],
  ['POST', 'v1/auth/tour-completed/', 'customer', noBody],
  ['PUT', 'v1/auth/profile/personal/', 'customer', () => PERSONAL_IMPERIAL],
  ['PUT', 'v1/auth/profile/medical/', 'customer', () => MEDICAL],
  ['PUT', 'v1/auth/profile/bariatric/', 'customer', () => BARIATRIC_IMPERIAL],
  ['PUT', 'v1/auth/profile/device/', 'customer', () => DEVICE],
  ['POST', '__dev/expire-access-tokens/', null, noBody],
  ['POST', '__dev/verify-email/', null, () => ({ email: customer.email })],
]
const FIELDS = [
  'email',
  'password',
  'conf_password',
  'new_password',
  'token',
  'refresh',
  'portal',
  ...Object.keys(PERSONAL_IMPERIAL),
  ...Object.keys(MEDICAL),
  ...Object.keys(BARIATRIC_IMPERIAL),
  'has_wearable',
  'need_device_shipment',
  'wearable_type',
  'wearable_os',
]
const HUGE = 'x'.repeat(90_000)
const ODD_VALUES: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['a number', 1e308],
  ['a negative number', -1],
  ['a huge string', HUGE],
  ['an array', ['a', 1, null]],
  ['a nested object', { a: { b: { c: [1, { d: 'e' }] } } }],
  ['an empty object', {}],
]
// Whole bodies, sent raw.
const ODD_BODIES: [string, string][] = [
  ['an array', '[1,2,3]'],
  ['null', 'null'],
  ['a number', '42'],
  ['a string', '"hello"'],
  ['true', 'true'],
  ['a huge string', JSON.stringify(HUGE)],
  ['a deeply nested array', `${'['.repeat(40_000)}${']'.repeat(40_000)}`],
  ['a deeply nested object', `${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`],
  ['__proto__ keys', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"email":"a@b.co"}'],
  [
    'every field odd',
    JSON.stringify(Object.fromEntries(FIELDS.map((f, i) => [f, ODD_VALUES[i % ODD_VALUES.length][1]]))),
  ],
  ['invalid JSON', '{"email": '],
  ['a lone surrogate', '{"email":"\\ud800@x.co","password":"\\udfff"}'],
]

/** A new sign-in each time: the sweep posts to __dev/expire-access-tokens/, which retires older tokens. */
async function freshCustomerToken(): Promise<string> {
  return (await login(provider, 'customer', customer.email, customer.password)).access
}

async function tokenFor(auth: Auth): Promise<string | undefined> {
  if (auth === 'customer') return freshCustomerToken()
  if (auth === 'admin') return superToken
  return undefined
}

describe('nothing a client sends produces a 500', () => {
  test.each(WRITE_ENDPOINTS)('%s %s: odd whole bodies', async (method, path, auth) => {
    const token = await tokenFor(auth)
    for (const [label, raw] of ODD_BODIES) {
      const res = await provider.call(method, path, { raw, token })
      expect(res.status, `${label}: ${res.text}`).toBeLessThan(500)
      expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+/)
    }
  })

  test.each(WRITE_ENDPOINTS)('%s %s: every field set to odd values', async (method, path, auth) => {
    const token = await tokenFor(auth)
    for (const field of FIELDS) {
      for (const [label, value] of ODD_VALUES) {
        const res = await provider.call(method, path, { body: { [field]: value }, token })
        expect(res.status, `${field} = ${label}: ${res.text}`).toBeLessThan(500)
      }
    }
  })

  test.each(WRITE_ENDPOINTS)(
    '%s %s: a valid body with one odd field at a time',
    async (method, path, auth, validBody) => {
      const token = await tokenFor(auth)
      const valid = validBody()
      for (const field of Object.keys(valid)) {
        for (const [label, value] of ODD_VALUES) {
          const res = await provider.call(method, path, { body: { ...valid, [field]: value }, token })
          expect(res.status, `${field} = ${label}: ${res.text}`).toBeLessThan(500)
        }
      }
      // Fields the endpoint does not read, beside a body it accepts: ignored, never stored blindly.
      const others = FIELDS.filter((field) => !(field in valid))
      for (const [label, value] of ODD_VALUES) {
        const body = { ...valid, ...Object.fromEntries(others.map((field) => [field, value])) }
        const res = await provider.call(method, path, { body, token })
        expect(res.status, `every other field = ${label}: ${res.text}`).toBeLessThan(500)
      }
    },
  )

  test('odd query strings on the verification link', async () => {
    for (const query of [
      'token=&email=',
      'token=a&token=b&email=x@y.zz',
      'email=%ZZ',
      `token=${'t'.repeat(5000)}&email=a@b.co`,
    ]) {
      const res = await provider.call('GET', `v1/auth/verify-email-token/?${query}`)
      expect(res.status, query).toBeLessThan(500)
    }
  })

  test('odd Authorization headers', async () => {
    for (const header of [
      'Bearer',
      'Bearer ',
      'Bearer a b',
      'bearer ..',
      `Bearer ${'a'.repeat(8000)}`,
      'Bearer e30.e30',
    ]) {
      const res = await provider.call('GET', 'v1/auth/profile/', { headers: { Authorization: header } })
      expect(res.status, header).toBe(401)
    }
  })
})

describe('HTTP-level errors', () => {
  let customerToken: string
  beforeAll(async () => {
    customerToken = await freshCustomerToken()
  })

  test('malformed JSON is a 400 "Malformed JSON body"', async () => {
    expectError(
      await provider.call('POST', 'v1/auth/login/', { raw: '{"email":' }),
      400,
      'Malformed JSON body',
    )
    expectError(
      await provider.call('PUT', 'v1/auth/profile/personal/', {
        raw: "{'single': 'quotes'}",
        token: customerToken,
      }),
      400,
      'Malformed JSON body',
    )
  })

  test('a body that is not an object is a 400', async () => {
    for (const raw of ['[]', 'null', '3', '"x"']) {
      expectError(
        await provider.call('POST', 'v1/auth/signup/', { raw }),
        400,
        'Request body must be a JSON object',
      )
    }
  })

  test('an idle kept-alive connection outlives the app’s idle timeout, so the app closes it first', async () => {
    // Node's fetch (undici) drops an idle connection after about 4 s; a server that closes first
    // can do so just as the app sends its next request on it, which then fails as a network error.
    const response = await fetch(`${provider.url}healthz`)
    await response.text()
    const keepAlive = response.headers.get('keep-alive') ?? ''
    const seconds = Number(/timeout=(\d+)/.exec(keepAlive)?.[1])
    expect(seconds, keepAlive).toBeGreaterThanOrEqual(60)
  })

  test('a body over 100 kB is a 413; just under is accepted for parsing', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(101 * 1024) })
    expectError(await provider.call('POST', 'v1/auth/login/', { raw: big }), 413)
    expectError(
      await provider.call('PUT', 'v1/auth/profile/medical/', { raw: big, token: customerToken }),
      413,
    )
    const under = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(99 * 1024) })
    expectError(await provider.call('POST', 'v1/auth/login/', { raw: under }), 401)
  })

  test('a chunked body over 100 kB (no Content-Length) is a 413 too', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${provider.url}v1/auth/signup/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      })
      req.on('response', (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      })
      req.on('error', reject)
      for (let i = 0; i < 30; i++) req.write('x'.repeat(5000))
      req.end()
    })
    expect(status).toBe(413)
    expect(JSON.parse(body)).toMatchObject({ message: expect.any(String), data: {} })
  })

  test('a JSON body with another content type is a 415', async () => {
    const res = await provider.call('POST', 'v1/auth/login/', {
      raw: JSON.stringify({ email: 'a@b.co', password: 'x' }),
      headers: { 'Content-Type': 'text/plain' },
    })
    expectError(res, 415, 'Content-Type must be application/json')
    const form = await provider.call('POST', 'v1/auth/login/', {
      raw: 'email=a%40b.co&password=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expectError(form, 415)
  })

  test('application/json with a charset is fine', async () => {
    const res = await provider.call('POST', 'v1/auth/login/', {
      raw: JSON.stringify(SUPER),
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    })
    expectError(res, 403)
  })

  test('an empty body counts as {} (field errors, not a parse error)', async () => {
    const data = expectError(await provider.call('POST', 'v1/auth/login/', { raw: '' }), 400)
    expect(data).toEqual({ email: ['Email is required'], password: ['Password is required'] })
  })

  test('an unknown route is a JSON 404; a known path with another method a JSON 405', async () => {
    expectError(await provider.call('GET', 'v1/nope/'), 404, 'Not found')
    expectError(await provider.call('GET', ''), 404)
    // Trailing slashes are part of the contract.
    expectError(await provider.call('POST', 'v1/auth/login', { body: SUPER }), 404)
    expectError(await provider.call('GET', 'v1/auth/login/'), 405, 'Method not allowed')
    expectError(await provider.call('DELETE', 'v1/auth/profile/'), 405)
  })

  test('every answer is JSON with no-store caching', async () => {
    const res = await provider.call('GET', 'v1/nope/')
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})

/** Writes raw bytes to the provider's port and collects whatever comes back until it closes. */
function rawExchange(payload: string, options: { endAfterWrite?: boolean } = {}): Promise<string> {
  const { port, hostname } = new URL(provider.url)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(payload)
      if (options.endAfterWrite) socket.end()
    })
    let text = ''
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
    socket.on('close', () => resolve(text))
    socket.on('error', () => resolve(text))
    socket.setTimeout(5000, () => socket.destroy())
  })
}

describe('raw HTTP misuse', () => {
  test('a declared body far beyond the limit gets a 413 and a closed connection without being read', async () => {
    const answer = await rawExchange(
      'POST /v1/auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n{"email":',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(answer).toMatch(/connection: close/i)
    expect(answer).toContain('"message":"Request body is too large (limit 100 kB)"')
  })

  test('a request line that is not HTTP gets a JSON 400', async () => {
    const answer = await rawExchange('HELLO THERE\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer).toContain('{"message":"Bad request","data":{}}')
  })

  test('oversized headers get a JSON 431', async () => {
    const answer = await rawExchange(
      `GET /v1/auth/profile/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 431 /)
  })

  test('a client that hangs up mid-body leaves the provider serving', async () => {
    await rawExchange(
      'POST /v1/auth/signup/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"a',
      { endAfterWrite: true },
    )
    const res = await provider.call('POST', 'v1/auth/login/', { body: SUPER })
    expect(res.status).toBe(403)
  })
})
