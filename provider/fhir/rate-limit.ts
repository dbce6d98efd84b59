// Per-client request counts in fixed one-minute windows, in this process's memory (decision 203):
// enough to stop one client's runaway loop from starving the others; not a quota to bill by.

/** Windows kept at most; past it, windows that have ended are dropped first. */
const MAX_KEYS = 10_000
const WINDOW_MS = 60_000

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number }

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(readonly perMinute: number) {}

  /** Counts one request for `key`; refused once `perMinute` were counted in the current minute. */
  take(key: string, now = Date.now()): RateDecision {
    let window = this.windows.get(key)
    if (!window || now - window.start >= WINDOW_MS) {
      if (!window && this.windows.size >= MAX_KEYS) this.prune(now)
      window = { start: now, count: 0 }
      this.windows.set(key, window)
    }
    if (window.count >= this.perMinute) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000)) }
    }
    window.count++
    return { ok: true }
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(key)
    // Still full (keys made up faster than windows end): start afresh rather than grow without bound.
    if (this.windows.size >= MAX_KEYS) this.windows.clear()
  }
}
