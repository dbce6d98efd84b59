import { request as playwrightRequest } from '@playwright/test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { E2E_PORT } from './constants'
import { createCustomer, DEMO_ADMINS } from './provider'

// Signed-in browser states made by posting the real sign-in forms (no browser needed), for tests
// that only need "someone signed in" and not the sign-in screens themselves.

const baseURL = `http://localhost:${E2E_PORT}`
const dir = mkdtempSync(path.join(tmpdir(), 'baricare-states-'))

async function postSignIn(pathname: string, email: string, password: string, file: string) {
  const context = await playwrightRequest.newContext({ baseURL })
  const response = await context.post(pathname, { form: { email, password }, maxRedirects: 0 })
  if (response.status() !== 302) {
    throw new Error(`sign-in at ${pathname} answered ${response.status()}: ${(await response.text()).slice(0, 200)}`)
  }
  // Without the 'Welcome back!' flash the sign-in leaves for the next page: these tests are about
  // that page, and a toast over its top-right corner pauses while the pointer is on it, so a click
  // meant for a control under it can wait until the test times out.
  const state = await context.storageState()
  writeFileSync(file, JSON.stringify({ ...state, cookies: state.cookies.filter((c) => c.name !== '__flash') }))
  await context.dispose()
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
      return postSignIn('/customer/signin', c.email, c.password, file)
    }
    case 'customer-at-step-2':
    case 'customer-at-step-3':
    case 'customer-at-step-4': {
      const c = await createCustomer([...STEPS_DONE[kind]])
      return postSignIn('/customer/signin', c.email, c.password, file)
    }
    case 'customer-onboarded': {
      const c = await createCustomer()
      return postSignIn('/customer/signin', c.email, c.password, file)
    }
    case 'standard-admin':
      return postSignIn('/admin/signin', DEMO_ADMINS.standard.email, DEMO_ADMINS.standard.password, file)
    case 'super-admin':
      return postSignIn('/admin/signin', DEMO_ADMINS.super.email, DEMO_ADMINS.super.password, file)
  }
}
