// Abuse limits for the unauthenticated forms, in memory. Sign-up, forgot password and resend
// verification: every attempt, per client IP and per e-mail address. Sign-in: *failed* attempts per
// client IP only; the per-account count (progressive wait, then a block) lives in the API's
// database (provider/login-throttle.ts), so it holds across app instances and restarts. One server
// process is what we run; several replicas would each count addresses on their own, which still
// bounds the total.

export type LimitedAction = 'signup' | 'forgot-password' | 'resend-verification'
export type SignInAction = 'signin' | 'admin-signin'

type Rule = { limit: number; windowMs: number }

const MINUTE = 60_000

/**
 * Failed sign-ins per client address. Generous: a clinic's waiting room shares one address, and a
 * success costs nothing; this only stops one address from guessing across many accounts.
 */
export const SIGN_IN_FAILURE_LIMITS: Record<SignInAction, Rule> = {
  signin: { limit: 100, windowMs: 15 * MINUTE },
  'admin-signin': { limit: 30, windowMs: 15 * MINUTE },
}

export const RATE_LIMITS: Record<LimitedAction, { perIp: Rule; perEmail: Rule }> = {
  signup: { perIp: { limit: 10, windowMs: 60 * MINUTE }, perEmail: { limit: 5, windowMs: 60 * MINUTE } },
  'forgot-password': { perIp: { limit: 10, windowMs: 15 * MINUTE }, perEmail: { limit: 5, windowMs: 15 * MINUTE } },
  'resend-verification': { perIp: { limit: 10, windowMs: 15 * MINUTE }, perEmail: { limit: 5, windowMs: 15 * MINUTE } },
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.'

type Window = { count: number; resetAt: number }
const windows = new Map<string, Window>()
const MAX_TRACKED_KEYS = 50_000

function hit(key: string, rule: Rule, now: number): { allowed: boolean; retryAfterMs: number } {
  let window = windows.get(key)
  if (!window || window.resetAt <= now) {
    if (windows.size >= MAX_TRACKED_KEYS) sweep(now)
    window = { count: 0, resetAt: now + rule.windowMs }
    windows.set(key, window)
  }
  window.count += 1
  return { allowed: window.count <= rule.limit, retryAfterMs: window.resetAt - now }
}

function sweep(now: number) {
  for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key)
  // Still full (an attack from very many addresses): forget the oldest half rather than grow.
  if (windows.size >= MAX_TRACKED_KEYS) {
    let i = 0
    for (const key of windows.keys()) if (i++ % 2 === 0) windows.delete(key)
  }
}

/**
 * Counts one attempt of `action` from this client (and for this e-mail, when given).
 * `context.clientIp` is express's req.ip (server.ts), which honours `trust proxy` and so cannot be
 * spoofed with a forwarded header. Returns null when allowed, else the seconds to wait.
 */
export function checkRateLimit(
  context: { clientIp?: string },
  action: LimitedAction,
  email?: string | null,
  now = Date.now(),
) {
  const rules = RATE_LIMITS[action]
  const byIp = hit(`${action}:ip:${context.clientIp ?? 'unknown'}`, rules.perIp, now)
  const normalised = email?.trim().toLowerCase()
  const byEmail = normalised ? hit(`${action}:email:${normalised}`, rules.perEmail, now) : null
  const blocked = [byIp, byEmail].filter((r) => r && !r.allowed)
  if (blocked.length === 0) return null
  return Math.ceil(Math.max(...blocked.map((r) => r!.retryAfterMs)) / 1000)
}

/** Seconds this client must wait before its next sign-in attempt, or null. Counts nothing itself. */
export function signInBlockedFor(context: { clientIp?: string }, action: SignInAction, now = Date.now()): number | null {
  const window = windows.get(`${action}:failures:${context.clientIp ?? 'unknown'}`)
  if (!window || window.resetAt <= now || window.count < SIGN_IN_FAILURE_LIMITS[action].limit) return null
  return Math.ceil((window.resetAt - now) / 1000)
}

/** One failed sign-in (wrong e-mail or password) from this client. */
export function recordSignInFailure(context: { clientIp?: string }, action: SignInAction, now = Date.now()): void {
  hit(`${action}:failures:${context.clientIp ?? 'unknown'}`, SIGN_IN_FAILURE_LIMITS[action], now)
}

/** Tests only: start from empty windows. */
export function resetRateLimits() {
  windows.clear()
}
