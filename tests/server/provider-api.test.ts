import { describe, expect, it } from 'vitest'
import * as providerApi from '~/platform/provider-api.server'
import { createProviderClient, type ProviderClient } from '~/platform/provider-client.server'
import { BARIATRIC, DEVICE, MEDICAL, PERSONAL } from '../support/fixtures'
import { admin, customer, pageRequest, rawEndpoint, sessionCookie, useStubProvider } from './helpers'

// What the stub answers to each call: content the contract allows (provider-api.server.ts checks
// every answer), so the call hands it back.
const TOKENS = { access_token: 'a', refresh_token: 'r' }
const ADMIN = { id: 1, email: 'a@x.co', full_name: 'A', roles: ['Super Admin'], mfa_enabled: false }
const PROFILE = {
  profile: { id: 2, email: 'p@x.co', is_onboarded: true, profile_completed: true, medical_completed: true, bariatric_completed: true, has_seen_tour: true },
  personal: { ...PERSONAL, email: 'p@x.co' },
  medical_history: MEDICAL,
  bariatric_surgery: BARIATRIC,
  device_information: DEVICE,
  preferences: { height_unit: 'cm', weight_unit: 'kg', protein_target_g: 60, water_target_ml: 1900, sleep_target_h: 7 },
}
const ANSWERS: Record<string, unknown> = {
  '/v1/auth/login/': TOKENS,
  '/v1/admin/login/': { ...TOKENS, user: ADMIN },
  '/v1/auth/profile/': PROFILE,
  '/v1/admin/profile/': ADMIN,
  '/v1/auth/signup/': { email: 'p@x.co' },
  '/v1/auth/verify-email-token/': { email: 'p@x.co' },
  '/v1/auth/profile/personal/': { ...PERSONAL, email: 'p@x.co' },
  '/v1/auth/profile/medical/': MEDICAL,
  '/v1/auth/profile/bariatric/': BARIATRIC,
  '/v1/auth/profile/device/': DEVICE,
}
const answerTo = (path: string) => ANSWERS[path] ?? null

const stub = useStubProvider({
  handler: (request) => ({ json: { message: 'OK', content: answerTo(request.path) } }),
  timeoutMs: 2000,
})

// The fixtures are plain objects (their choices typed as any text); their values are the table's.
const SECTION_BODIES = { personal: PERSONAL, medical: MEDICAL, bariatric: BARIATRIC, device: DEVICE }
const SAVES = {
  personal: (api: ProviderClient) => providerApi.savePersonal(api, PERSONAL as Parameters<typeof providerApi.savePersonal>[1]),
  medical: (api: ProviderClient) => providerApi.saveMedical(api, MEDICAL as Parameters<typeof providerApi.saveMedical>[1]),
  bariatric: (api: ProviderClient) => providerApi.saveBariatric(api, BARIATRIC as Parameters<typeof providerApi.saveBariatric>[1]),
  device: (api: ProviderClient) => providerApi.saveDevice(api, DEVICE as Parameters<typeof providerApi.saveDevice>[1]),
}

type Case = {
  name: string
  page: string
  run: (api: ProviderClient) => Promise<unknown>
  method: string
  path: string
  body?: unknown
  query?: Record<string, string>
  bearer: string | undefined
}

// SPEC.md §7, one row per call; the page decides which portal's token a bearer call carries.
const cases: Case[] = [
  {
    name: 'signIn',
    page: '/customer/signin',
    run: (api) => providerApi.signIn(api, { email: 'p@x.co', password: 'pw' }),
    method: 'POST',
    path: '/v1/auth/login/',
    body: { email: 'p@x.co', password: 'pw' },
    bearer: undefined,
  },
  {
    name: 'adminSignIn',
    page: '/admin/signin',
    run: (api) => providerApi.adminSignIn(api, { email: 'a@x.co', password: 'pw' }),
    method: 'POST',
    path: '/v1/admin/login/',
    body: { email: 'a@x.co', password: 'pw' },
    bearer: undefined,
  },
  {
    name: 'getProfile',
    page: '/customer/dashboard',
    run: (api) => providerApi.getProfile(api),
    method: 'GET',
    path: '/v1/auth/profile/',
    bearer: 'customer-access',
  },
  {
    name: 'getAdminProfile',
    page: '/admin/dashboard',
    run: (api) => providerApi.getAdminProfile(api),
    method: 'GET',
    path: '/v1/admin/profile/',
    bearer: 'admin-access',
  },
  {
    name: 'signUp',
    page: '/customer/signup',
    run: (api) => providerApi.signUp(api, { email: 'p@x.co', password: 'pw', conf_password: 'pw' }),
    method: 'POST',
    path: '/v1/auth/signup/',
    body: { email: 'p@x.co', password: 'pw', conf_password: 'pw' },
    bearer: undefined,
  },
  {
    name: 'resendVerification',
    page: '/customer/signup',
    run: (api) => providerApi.resendVerification(api, 'p@x.co'),
    method: 'POST',
    path: '/v1/auth/resend-verify-email/',
    body: { email: 'p@x.co' },
    bearer: undefined,
  },
  {
    name: 'verifyEmail',
    page: '/customer/verify-email?token=t1&email=p%40x.co',
    run: (api) => providerApi.verifyEmail(api, { token: 't1', email: 'p@x.co' }),
    method: 'GET',
    path: '/v1/auth/verify-email-token/',
    query: { token: 't1', email: 'p@x.co' },
    bearer: undefined,
  },
  {
    name: 'forgotPassword (admin)',
    page: '/admin/forgot-password',
    run: (api) => providerApi.forgotPassword(api, 'a@x.co', 'admin'),
    method: 'POST',
    path: '/v1/auth/forgot_password/',
    body: { email: 'a@x.co', portal: 'admin' },
    bearer: undefined,
  },
  {
    name: 'resetPassword',
    page: '/customer/reset-password?token=r1',
    run: (api) =>
      providerApi.resetPassword(api, { token: 'r1', new_password: 'N3w!pass', conf_password: 'N3w!pass' }),
    method: 'POST',
    path: '/v1/auth/reset_password/submit/',
    body: { token: 'r1', new_password: 'N3w!pass', conf_password: 'N3w!pass' },
    bearer: undefined,
  },
  {
    name: 'completeTour',
    page: '/customer/dashboard',
    run: (api) => providerApi.completeTour(api),
    method: 'POST',
    path: '/v1/auth/tour-completed/',
    bearer: 'customer-access',
  },
  ...(['personal', 'medical', 'bariatric', 'device'] as const).map((section): Case => ({
    name: `save ${section}`,
    page: '/customer/profile-setup?step=1',
    run: (api) => SAVES[section](api),
    method: 'PUT',
    path: `/v1/auth/profile/${section}/`,
    body: SECTION_BODIES[section],
    bearer: 'customer-access',
  })),
]

describe('typed provider calls', () => {
  it.each(cases)('$name → $method $path', async ({ page, run, method, path, body, query, bearer }) => {
    const cookie = await sessionCookie({ customer: customer(), admin: admin() })
    const api = await createProviderClient(pageRequest(page, cookie))
    expect(await run(api)).toMatchObject({ ok: true, content: answerTo(path) })

    expect(stub.requests).toHaveLength(1)
    const [request] = stub.requests
    expect(request?.method).toBe(method)
    expect(request?.path).toBe(path)
    expect(request?.body).toEqual(body)
    expect(Object.fromEntries(request?.query ?? [])).toEqual(query ?? {})
    expect(request?.authorization).toBe(bearer ? `Bearer ${bearer}` : undefined)
  })
})

describe('answers outside the contract', () => {
  it.each([
    ['getProfile', (api: ProviderClient) => providerApi.getProfile(api)],
    ['signIn', (api: ProviderClient) => providerApi.signIn(api, { email: 'p@x.co', password: 'pw' })],
    ['adminSignIn', (api: ProviderClient) => providerApi.adminSignIn(api, { email: 'a@x.co', password: 'pw' })],
  ])('%s: the bad-response fault, not a crash', async (_name, run) => {
    stub.handle(() => ({ json: { message: 'OK', content: { echoed: true } } }))
    const cookie = await sessionCookie({ customer: customer() })
    const api = await createProviderClient(pageRequest('/customer/dashboard', cookie))
    expect(await run(api)).toMatchObject({ ok: false, kind: 'bad-response', status: 200 })
  })
})

// A provider that implements SPEC.md §7 and sends only what SPEC.md §3 promises: the smallest
// answers, and the shapes real providers send beside them. Each must be read, not refused.
describe('answers at the SPEC level', () => {
  const EMPTY_SECTIONS = { personal: {}, medical_history: {}, bariatric_surgery: {}, device_information: {}, preferences: {} }
  const cases: Array<[string, string, unknown, (api: ProviderClient) => Promise<unknown>, unknown]> = [
    ['signIn, tokens only', '/customer/signin', { access_token: 'a', refresh_token: 'r' }, (api) => providerApi.signIn(api, { email: 'p@x.co', password: 'pw' }), { access_token: 'a', refresh_token: 'r' }],
    ['adminSignIn, roles only', '/admin/signin', { access_token: 'a', refresh_token: 'r', user: { roles: ['Standard Admin'] } }, (api) => providerApi.adminSignIn(api, { email: 'a@x.co', password: 'pw' }), { access_token: 'a', refresh_token: 'r', user: { roles: ['Standard Admin'] } }],
    ['adminSignIn, a string id and extra fields', '/admin/signin', { access_token: 'a', refresh_token: 'r', user: { id: 'u-7', roles: ['Super Admin'], is_staff: true }, expires: 3600 }, (api) => providerApi.adminSignIn(api, { email: 'a@x.co', password: 'pw' }), { user: { id: 'u-7', roles: ['Super Admin'] } }],
    ['getAdminProfile, empty', '/admin/dashboard', {}, (api) => providerApi.getAdminProfile(api), { roles: [] }],
    ['getProfile, a new patient with {} sections', '/customer/profile-setup', { profile: { is_onboarded: false }, ...EMPTY_SECTIONS }, (api) => providerApi.getProfile(api), { profile: { is_onboarded: false, profile_completed: false }, personal: null, medical_history: null, bariatric_surgery: null, device_information: null, preferences: {} }],
    ['getProfile, null sections and no preferences', '/customer/profile-setup', { profile: { is_onboarded: false, profile_completed: false, medical_completed: false, bariatric_completed: false }, personal: null, medical_history: null, bariatric_surgery: null, device_information: null }, (api) => providerApi.getProfile(api), { personal: null, preferences: {} }],
    ['getProfile, decimals as text and a string id', '/customer/dashboard', { profile: { id: 'abc', is_onboarded: true, profile_completed: true, medical_completed: true, bariatric_completed: true }, ...EMPTY_SECTIONS, personal: { full_name: 'Pat', height: '170.0', initial_weight: '95.5', nickname: 'P' } }, (api) => providerApi.getProfile(api), { profile: { id: 'abc', is_onboarded: true }, personal: { full_name: 'Pat', height: 170, initial_weight: 95.5, city: '' } }],
    ['signUp, no content', '/customer/signup', undefined, (api) => providerApi.signUp(api, { email: 'p@x.co', password: 'pw', conf_password: 'pw' }), { email: undefined }],
    ['verifyEmail, no content', '/customer/verify-email', undefined, (api) => providerApi.verifyEmail(api, { token: 't', email: 'p@x.co' }), { email: undefined }],
    ['resendVerification, {}', '/customer/verify-email', {}, (api) => providerApi.resendVerification(api, 'p@x.co'), {}],
    ['forgotPassword, no content', '/customer/forgot-password', undefined, (api) => providerApi.forgotPassword(api, 'p@x.co', 'customer'), undefined],
    ['resetPassword, null', '/customer/reset-password', null, (api) => providerApi.resetPassword(api, { token: 't', new_password: 'pw', conf_password: 'pw' }), null],
    ['completeTour, no content', '/customer/dashboard', undefined, (api) => providerApi.completeTour(api), undefined],
    ['savePersonal, {}', '/customer/profile-setup', {}, (api) => SAVES.personal(api), {}],
    ['saveMedical, no content', '/customer/profile-setup', undefined, (api) => SAVES.medical(api), undefined],
    ['saveBariatric, something else', '/customer/profile-setup', { id: 9 }, (api) => SAVES.bariatric(api), { id: 9 }],
    ['saveDevice, null', '/customer/profile-setup', null, (api) => SAVES.device(api), null],
  ]
  it.each(cases)('%s', async (_name, page, content, run, expected) => {
    stub.handle(() => ({ json: content === undefined ? { message: 'OK' } : { message: 'OK', content } }))
    const portal = page.startsWith('/admin') ? { admin: admin() } : { customer: customer() }
    const api = await createProviderClient(pageRequest(page, await sessionCookie(portal)))
    const result = await run(api)
    expect(result).toMatchObject({ ok: true })
    if (expected !== null && typeof expected === 'object') expect((result as { content: unknown }).content).toMatchObject(expected)
    else if (expected === null) expect((result as { content: unknown }).content).toBeNull()
  })

  it('an extension this provider lacks is a sentence, not a fault; a missing record stays a 404', async () => {
    stub.handle(() => ({ status: 404, text: '<h1>Not Found</h1>', contentType: 'text/html' }))
    const api = await createProviderClient(pageRequest('/customer/log-data', await sessionCookie({ customer: customer() })))
    expect(await api.call(rawEndpoint('GET', 'v1/auth/entries/'))).toMatchObject({
      ok: false,
      kind: 'not-offered',
      message: "This clinic's health service does not offer the health log.",
    })
    const adminApi = await createProviderClient(pageRequest('/admin/patient/12', await sessionCookie({ admin: admin() })))
    expect(await adminApi.call(rawEndpoint('GET', 'v1/admin/patients/12/'))).toMatchObject({ ok: false, status: 404 })
    expect(await adminApi.call(rawEndpoint('GET', 'v1/admin/patients/12/'))).not.toMatchObject({ kind: 'not-offered' })
  })
})
