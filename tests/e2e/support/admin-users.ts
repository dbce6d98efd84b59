// Set-up shortcuts for the users/reports specs: admins created through the real invitation
// flow at the provider (invite → e-mailed link → create password), and provider tokens by role.
import { expect, type Browser, type BrowserContextOptions } from '@playwright/test'
import { DEMO_ADMINS, mailedLink, providerCall, uniqueEmail } from './provider'
import { adminSessionCookie, browserCookie, E2E_SERVER } from './session-cookie'

export const INVITED_PASSWORD = 'Invited#Admin1'

export async function adminToken(role: keyof typeof DEMO_ADMINS = 'super'): Promise<string> {
  const { email, password } = DEMO_ADMINS[role]
  const { status, json } = await providerCall<{ access_token: string }>('POST', 'v1/admin/login/', { body: { email, password } })
  if (status !== 200) throw new Error(`admin login failed: ${JSON.stringify(json)}`)
  return json.content.access_token
}

export type TestAdmin = { id: number; email: string; password: string; fullName: string }

/** A new admin who accepted their invitation (password set), never signed in. */
export async function createAdmin(role: 'Standard Admin' | 'Super Admin' = 'Standard Admin', prefix = 'p13a-admin'): Promise<TestAdmin> {
  const email = uniqueEmail(prefix)
  const fullName = `Test ${prefix} ${email.slice(prefix.length + 1, prefix.length + 9)}`
  const invite = await providerCall<{ id: number }>('POST', 'v1/admin/admins/invite/', {
    token: await adminToken('super'),
    body: { email, full_name: fullName, role },
  })
  if (invite.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invite.json)}`)
  const token = new URL(await mailedLink(email, 'createPassword=true')).searchParams.get('token')
  const reset = await providerCall('POST', 'v1/auth/reset_password/submit/', {
    body: { token, new_password: INVITED_PASSWORD, conf_password: INVITED_PASSWORD },
  })
  if (reset.status !== 200) throw new Error(`create password failed: ${JSON.stringify(reset.json)}`)
  return { id: invite.json.content.id, email, password: INVITED_PASSWORD, fullName }
}

/**
 * A browser context signed in as this admin with a sealed session cookie (support/session-cookie.ts):
 * the API's login runs (and audits the sign-in) as the form's would; the dashboard must open.
 */
export async function signedInContext(browser: Browser, admin: { email: string; password: string }, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options)
  const cookie = await adminSessionCookie(admin.email, admin.password)
  await context.addCookies([browserCookie(cookie)])
  const response = await context.request.get(new URL(cookie.landing, E2E_SERVER.baseURL).href, { maxRedirects: 0 })
  expect(response.status(), response.headers().location ?? '').toBe(200)
  return context
}

export type AuditEvent = { action: string; actor_email: string; target_email: string | null; details: Record<string, unknown>; at: string }

export async function auditEvents(query: Record<string, string>): Promise<AuditEvent[]> {
  const { status, json } = await providerCall<{ events: AuditEvent[] }>('GET', `v1/admin/audit-events/?${new URLSearchParams(query)}`, {
    token: await adminToken('super'),
  })
  if (status !== 200) throw new Error(`audit failed: ${JSON.stringify(json)}`)
  return json.content.events
}
