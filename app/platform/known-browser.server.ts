// The "known browser" cookie (OWASP's device cookie; docs/provider-api.md "Sign-in throttling"):
// the API hands out a token with every successful sign-in, this browser keeps it, and sends it
// back with its next sign-in to that account, so strangers' wrong guesses never make the owner
// wait. Its own cookie, not the session's: it must outlive sign-out. HttpOnly and sealed like the
// session (session-seal.server.ts), so neither the tokens nor which accounts signed in here show.
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { KNOWN_BROWSER_DAYS, TOKEN_MAX_LENGTH as TOKEN_MAX } from '~/../common/contract/auth-values'
import { readCookie } from './cookies'
import { getEnv } from './env.server'
import { seal, unseal } from './session-seal.server'

export const KNOWN_BROWSER_COOKIE = 'known_browser'
/** As long as the API's token lives. */
const MAX_AGE_SECONDS = KNOWN_BROWSER_DAYS * 24 * 60 * 60
/** Accounts remembered per browser (a shared clinic computer), newest first. */
const MAX_ACCOUNTS = 5

const storedSchema = z.object({ v: z.literal(1), accounts: z.array(z.tuple([z.string(), z.string().max(TOKEN_MAX)])).max(MAX_ACCOUNTS) })
type Stored = z.infer<typeof storedSchema>

/** Accounts are remembered by a hash of the e-mail as typed (trimmed, any case). */
function accountKey(email: string): string {
  return createHash('sha256').update(`known-browser:${email.trim().toLowerCase()}`).digest('base64url').slice(0, 22)
}

function read(request: Request): Stored['accounts'] {
  const value = readCookie(request.headers.get('Cookie'), KNOWN_BROWSER_COOKIE)
  if (!value) return []
  const parsed = storedSchema.safeParse(unseal(decodeURIComponent(value), getEnv().SESSION_SECRETS))
  return parsed.success ? parsed.data.accounts : []
}

/** The token this browser holds for the account of `email`, to send with a sign-in to it. */
export function knownBrowserToken(request: Request, email: string): string | undefined {
  const key = accountKey(email)
  return read(request).find(([account]) => account === key)?.[1]
}

/** `Set-Cookie` that remembers a new token from a successful sign-in; none without a token. */
export function rememberBrowser(request: Request, email: string, token: unknown): string | undefined {
  if (typeof token !== 'string' || token === '' || token.length > TOKEN_MAX) return undefined
  const key = accountKey(email)
  const newest: [string, string] = [key, token]
  const accounts = [newest, ...read(request).filter(([account]) => account !== key)].slice(0, MAX_ACCOUNTS)
  const env = getEnv()
  const attributes = [`Max-Age=${MAX_AGE_SECONDS}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', ...(env.NODE_ENV === 'production' ? ['Secure'] : [])]
  return `${KNOWN_BROWSER_COOKIE}=${seal({ v: 1, accounts } satisfies Stored, env.SESSION_SECRETS)}; ${attributes.join('; ')}`
}
