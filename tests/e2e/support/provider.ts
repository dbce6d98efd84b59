// Direct access to the embedded reference provider that the e2e server runs on a known port:
// set-up shortcuts (create and onboard patients) and the dev endpoints that show what it received.
import { randomUUID } from 'node:crypto'
import { PATIENT_PASSWORD, PROFILE_STEPS, type ProfileStep } from '../../support/fixtures'
import { PROVIDER_URL } from './constants'

export { DEMO_ADMINS } from '../../support/fixtures'

export const STRONG_PASSWORD = PATIENT_PASSWORD

type Envelope<T> = { message?: string; content: T; data?: Record<string, string[]> }

export async function providerCall<T = unknown>(
  method: string,
  path: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<{ status: number; json: Envelope<T> }> {
  const response = await fetch(new URL(path.replace(/^\//, ''), PROVIDER_URL), {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json().catch(() => ({}))) as Envelope<T>
  return { status: response.status, json }
}

/** The API of a server a spec started itself (spawnServer): its answers' status and content. */
export function providerAt(baseUrl: string) {
  return async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; content: T }> {
    const response = await fetch(new URL(path.replace(/^\//, ''), baseUrl), {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await response.json().catch(() => ({}))) as Envelope<T>
    return { status: response.status, content: json.content }
  }
}

export function uniqueEmail(prefix = 'patient') {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`
}

export type OutboxMail = { id: number; to: string; subject: string; text: string; links: string[]; created_at: string }

export async function outbox(to?: string): Promise<OutboxMail[]> {
  const { json } = await providerCall<OutboxMail[]>('GET', '__dev/outbox/')
  return to ? json.content.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : json.content
}

/** The newest link in the newest mail to `to` whose URL contains `fragment`, waiting briefly for it. */
export async function mailedLink(to: string, fragment: string, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    for (const mail of await outbox(to)) {
      const link = mail.links.find((l) => l.includes(fragment))
      if (link) return link
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`No mailed link containing ${fragment} for ${to}`)
}

export type RecordedRequest = {
  id: number
  method: string
  path: string
  query: Record<string, string>
  body: Record<string, unknown> | null
  auth: 'customer' | 'admin' | null
  /** The account the bearer token names. */
  account_id: number | null
  status: number
  at: string
}

/** Requests the provider received, newest first, optionally only those for one path. */
export async function receivedRequests(path?: string): Promise<RecordedRequest[]> {
  const { json } = await providerCall<RecordedRequest[]>('GET', '__dev/requests/')
  const normalise = (p: string) => p.replace(/^\//, '')
  return path ? json.content.filter((r) => normalise(r.path) === normalise(path)) : json.content
}

export async function expireAccessTokens() {
  await providerCall('POST', '__dev/expire-access-tokens/')
}

/** A verified customer who has not started onboarding. */
export async function createVerifiedCustomer(email = uniqueEmail(), password = STRONG_PASSWORD) {
  const signup = await providerCall('POST', 'v1/auth/signup/', { body: { email, password, conf_password: password } })
  if (signup.status >= 300) throw new Error(`signup failed: ${JSON.stringify(signup.json)}`)
  await providerCall('POST', '__dev/verify-email/', { body: { email } })
  return { email, password }
}

const accountIds = new Map<string, number>()

/** A test's own account: a customer, or an admin when `portal` says so. */
export type OwnAccount = { email: string; password?: string; portal?: 'customer' | 'admin' }

/**
 * What the provider received from one account's tokens, newest first, optionally for one path.
 * The whole suite shares one provider, so "the newest call to this path" may be another test's.
 * After a password change pass the new password (the account id is looked up by signing in once).
 */
export async function receivedFrom(account: OwnAccount, path?: string) {
  const portal = account.portal ?? 'customer'
  const key = `${portal}:${account.email.toLowerCase()}`
  let accountId = accountIds.get(key)
  if (accountId === undefined) {
    accountId = await accountIdOf(account.email, account.password, portal)
    accountIds.set(key, accountId)
  }
  return (await receivedRequests(path)).filter((request) => request.account_id === accountId)
}

/** The account id a customer's tokens carry (to pick their calls out of receivedRequests). */
export async function customerAccountId(email: string, password = STRONG_PASSWORD): Promise<number> {
  return accountIdOf(email, password, 'customer')
}

async function accountIdOf(email: string, password = STRONG_PASSWORD, portal: 'customer' | 'admin'): Promise<number> {
  const token = portal === 'customer' ? await customerToken(email, password) : await loginToken('v1/admin/login/', email, password)
  const claims = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as { sub: number }
  return claims.sub
}

async function loginToken(path: string, email: string, password: string) {
  const { status, json } = await providerCall<{ access_token: string }>('POST', path, { body: { email, password } })
  if (status !== 200) throw new Error(`login failed: ${JSON.stringify(json)}`)
  return json.content.access_token
}

export async function customerToken(email: string, password = STRONG_PASSWORD) {
  const { status, json } = await providerCall<{ access_token: string }>('POST', 'v1/auth/login/', {
    body: { email, password },
  })
  if (status !== 200) throw new Error(`login failed: ${JSON.stringify(json)}`)
  return json.content.access_token
}

/** A verified customer with the given onboarding steps saved (all four = onboarded). */
export async function createCustomer(
  steps: ProfileStep[] = ['personal', 'medical', 'bariatric', 'device'],
  overrides: Partial<Record<ProfileStep, object>> = {},
) {
  const customer = await createVerifiedCustomer()
  const token = await customerToken(customer.email, customer.password)
  for (const step of steps) {
    const { status, json } = await providerCall('PUT', `v1/auth/profile/${step}/`, {
      token,
      body: { ...PROFILE_STEPS[step], ...overrides[step] },
    })
    if (status !== 200) throw new Error(`${step} failed: ${JSON.stringify(json)}`)
  }
  return customer
}
