import type { NextFunction, Request, Response } from 'express'
import { randomBytes } from 'node:crypto'

/**
 * Security headers for every response, with a fresh CSP nonce per request that entry.server.tsx
 * puts on our inline scripts (the theme boot script and Remix's hydration data).
 */
/**
 * Where a form of ours may lead. Connect Withings is a form whose answer redirects to Withings'
 * consent page, and Chromium applies form-action to that redirect too; outside production the
 * local Withings simulator (WITHINGS_SIMULATOR=1) answers on a loopback port instead.
 */
export const WITHINGS_CONSENT_ORIGIN = 'https://account.withings.com'

export function formActionSources(production: boolean): string {
  const loopback = production ? [] : ['http://127.0.0.1:*', 'http://localhost:*']
  return ["'self'", WITHINGS_CONSENT_ORIGIN, ...loopback].join(' ')
}

export function securityHeaders({ production }: { production: boolean }) {
  const formAction = formActionSources(production)
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString('base64')
    res.locals.cspNonce = nonce
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      // Radix and react-joyride position elements with inline style attributes.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
    ].join('; ')
    res.setHeader('Content-Security-Policy', csp)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    if (production) res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
    next()
  }
}
