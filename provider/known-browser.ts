// A "known browser" token (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): handed
// out with every successful sign-in, and sent back with the next sign-in from that browser. A
// valid one, for the account being signed in to, counts that browser's attempts apart from the
// account's, so strangers who know the e-mail and keep guessing make every other browser wait
// (provider/login-throttle.ts) but never the owner's. The app keeps it in an HttpOnly cookie.
import { createHmac, randomBytes } from 'node:crypto'
import { readSignedClaims, signClaims } from './crypto/signed-claims.js'
import type { ProviderContext } from './context.js'
import { findAccountByEmail, type Account } from './store/accounts.js'
import { tokenNow } from './tokens.js'
import { KNOWN_BROWSER_DAYS } from '../common/contract/auth-values'

/** How long a browser stays known without signing in again (each sign-in hands out a new token). */
export const KNOWN_BROWSER_TTL_MS = KNOWN_BROWSER_DAYS * 24 * 60 * 60 * 1000

interface KnownBrowserClaims {
  /** The account it was issued to: a token is no key to any other account. */
  sub: number
  /** This browser's id: its failed attempts are counted under it. */
  id: string
  exp: number
}

function signature(secret: string, payload: string): Buffer {
  // Its own HMAC domain: never valid as an access token or a two-factor challenge.
  return createHmac('sha256', secret).update(`known-browser.${payload}`).digest()
}

export function issueKnownBrowser(ctx: ProviderContext, account: Account): string {
  const claims: KnownBrowserClaims = { sub: account.id, id: randomBytes(16).toString('base64url'), exp: tokenNow() + KNOWN_BROWSER_TTL_MS }
  return signClaims(claims, (payload) => signature(ctx.secret, payload))
}

function readKnownBrowser(ctx: ProviderContext, token: string): KnownBrowserClaims | null {
  const c = readSignedClaims(token, (payload) => signature(ctx.secret, payload))
  if (!c) return null
  if (!Number.isInteger(c.sub) || typeof c.id !== 'string' || !/^[\w-]{16,64}$/.test(c.id) || typeof c.exp !== 'number') return null
  if (c.exp <= tokenNow()) return null
  return { sub: c.sub as number, id: c.id, exp: c.exp }
}

/**
 * The throttle key of a sign-in attempt: the browser's own when it brings a valid token issued to
 * the account this e-mail names, else the e-mail's (every browser the account does not know).
 */
export async function attemptKey(ctx: ProviderContext, email: string, token: string | undefined): Promise<string> {
  const claims = token ? readKnownBrowser(ctx, token) : null
  if (!claims) return email
  const account = await findAccountByEmail(ctx.db, email)
  // A closed account's browsers are known no more: its tokens end with its sessions.
  return account?.id === claims.sub && !account.closed ? `browser:${claims.id}` : email
}
