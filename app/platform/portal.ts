// Which portal a page belongs to, and which pages count as "auth screens" (SPEC.md §2, §8).
// Pure: shared by the provider client, the guards and anything that needs to pick a sign-in.

import type { Portal } from '~/../common/contract/auth-values'
import { BACKGROUND_PARAM } from './background'

export type { Portal }

export const SIGN_IN_PATH = { customer: '/customer/signin', admin: '/admin/signin' } as const
export const HOME_PATH = { customer: '/customer/dashboard', admin: '/admin/dashboard' } as const
export const PROFILE_SETUP_PATH = '/customer/profile-setup'
export const NOT_AUTHORIZED_PATH = '/not-authorized'
/** The code step of an admin's two-factor sign-in, and the screen to set the factor up. */
export const MFA_CODE_PATH = '/admin/signin/code'
export const MFA_SETUP_PATH = '/admin/two-factor'
/** The patient's Messages and the care team's inbox (here, not in care-messages.ts, which brings zod). */
export const MESSAGES_PATH = '/customer/messages'
export const INBOX_PATH = '/admin/messages'

const AUTH_SCREENS = new Set([
  '/customer/signin',
  '/customer/signup',
  '/customer/forgot-password',
  '/customer/reset-password',
  '/customer/reset_password',
  '/customer/verify-email',
  '/admin/signin',
  // The code step of a two-factor sign-in.
  '/admin/signin/code',
  '/admin/forgot-password',
  '/admin/reset-password',
  '/admin/reset_password',
  '/admin/signup',
])

function normalise(pathname: string) {
  // '/customer/signin/' is the same screen as '/customer/signin'.
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}

/** SPEC.md §6: the admin token for pages under /admin, the customer token everywhere else. */
export function portalOf(pathname: string): Portal {
  const path = normalise(pathname)
  return path === '/admin' || path.startsWith('/admin/') ? 'admin' : 'customer'
}

export function isAuthScreen(pathname: string): boolean {
  return AUTH_SCREENS.has(normalise(pathname))
}

/** SPEC.md §8 treats a page reached with `token` or `email` in its query like an auth screen. */
export function hasIdentityQuery(url: URL): boolean {
  return url.searchParams.has('token') || url.searchParams.has('email')
}

/**
 * The page the user is on, as a same-site path for `redirectTo`. Remix's own `_routes`
 * parameter (single-fetch revalidation) is not part of the page, and neither is a poll's
 * background marker (the person signing in again is no background request), so both are dropped.
 */
export function currentPath(request: Request): string {
  const url = new URL(request.url)
  url.searchParams.delete('_routes')
  url.searchParams.delete(BACKGROUND_PARAM)
  return url.pathname + url.search
}

export function signInPathWithRedirect(portal: Portal, redirectTo?: string): string {
  const base = SIGN_IN_PATH[portal]
  if (!redirectTo || redirectTo === base) return base
  return `${base}?${new URLSearchParams({ redirectTo })}`
}
