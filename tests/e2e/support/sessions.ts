import { request, test, type APIRequestContext } from '@playwright/test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createCustomer, DEMO_ADMINS } from './provider'
import { adminSessionCookie, browserCookie, customerSessionCookie, E2E_SERVER, type SessionCookie } from './session-cookie'

// Signed-in browser states for tests that only need "someone signed in" and not the sign-in
// screens themselves: a sealed session cookie (support/session-cookie.ts), checked against the
// server before any test uses it. No 'Welcome back!' flash either, which a form sign-in leaves for
// the next page: a toast over the page's top-right corner pauses while the pointer is on it.

const dir = mkdtempSync(path.join(tmpdir(), 'baricare-states-'))

async function stateFile(cookie: SessionCookie, file: string) {
  // The landing page answers 200 only to a session the server accepts (else a redirect to sign in).
  const response = await fetch(new URL(cookie.landing, E2E_SERVER.baseURL), {
    headers: { Cookie: `${cookie.name}=${cookie.value}` },
    redirect: 'manual',
  })
  if (response.status !== 200) {
    throw new Error(`the sealed session did not open ${cookie.landing}: ${response.status} ${response.headers.get('location') ?? ''}`)
  }
  writeFileSync(file, JSON.stringify({ cookies: [browserCookie(cookie)], origins: [] }))
  return file
}

export type SessionKind =
  | 'customer-new'
  | 'customer-at-step-2'
  | 'customer-at-step-3'
  | 'customer-at-step-4'
  | 'customer-onboarded'
  | 'standard-admin'
  | 'super-admin'

const STEPS_DONE = {
  'customer-at-step-2': ['personal'],
  'customer-at-step-3': ['personal', 'medical'],
  'customer-at-step-4': ['personal', 'medical', 'bariatric'],
} as const

/** A storage-state file for a fresh user of the given kind. */
export async function storageStateFor(kind: SessionKind): Promise<string> {
  const file = path.join(dir, `${kind}-${Math.random().toString(36).slice(2)}.json`)
  switch (kind) {
    case 'customer-new': {
      const c = await createCustomer([])
      return stateFile(await customerSessionCookie(c.email, c.password), file)
    }
    case 'customer-at-step-2':
    case 'customer-at-step-3':
    case 'customer-at-step-4': {
      const c = await createCustomer([...STEPS_DONE[kind]])
      return stateFile(await customerSessionCookie(c.email, c.password), file)
    }
    case 'customer-onboarded': {
      const c = await createCustomer()
      return stateFile(await customerSessionCookie(c.email, c.password), file)
    }
    case 'standard-admin':
      return stateFile(await adminSessionCookie(DEMO_ADMINS.standard.email, DEMO_ADMINS.standard.password), file)
    case 'super-admin':
      return stateFile(await adminSessionCookie(DEMO_ADMINS.super.email, DEMO_ADMINS.super.password), file)
  }
}

/**
 * For a spec file that posts with API request contexts: `contextFor(kind?)` makes one, signed in as
 * `kind` or signed out. Each is disposed once, by the afterAll after the tests that made it (a
 * worker runs that hook once per group of tests it is given, and the module lives on between).
 */
export function requestContexts(baseURL: string) {
  const made: APIRequestContext[] = []
  test.afterAll(async () => {
    for (const context of made.splice(0)) await context.dispose()
  })
  return async function contextFor(kind?: SessionKind): Promise<APIRequestContext> {
    const storageState = kind ? await storageStateFor(kind) : undefined
    const context = await request.newContext({ baseURL, storageState })
    made.push(context)
    return context
  }
}
