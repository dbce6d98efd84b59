import type { NextFunction, Request, Response } from 'express'
import { randomBytes } from 'node:crypto'

/**
 * Security headers for every response, with a fresh CSP nonce per request that entry.server.tsx
 * puts on our inline scripts (the theme boot script and Remix's hydration data).
 */
export function securityHeaders({ production }: { production: boolean }) {
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
      "form-action 'self'",
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
