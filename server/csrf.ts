import type { NextFunction, Request, Response } from 'express'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses cross-site state-changing requests. Browsers send Origin on every POST (form or fetch),
 * so comparing it with our own origin stops CSRF without a token and works without JavaScript.
 * Where Origin is missing (old browsers), Sec-Fetch-Site or Referer decide; a request with none
 * of them is not from a browser and so cannot carry a victim's cookies by accident.
 */
export function crossSiteRequestGuard({ trustedOrigins = [] }: { trustedOrigins?: string[] } = {}) {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin))
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const own = `${req.protocol}://${req.get('host')}`
    const allowed = (origin: string) => origin === own || trusted.has(origin)
    const origin = req.get('origin')
    const fetchSite = req.get('sec-fetch-site')
    const referer = req.get('referer')
    let refused = false
    if (origin && origin !== 'null') refused = !allowed(origin)
    else if (origin === 'null') refused = true
    else if (fetchSite) refused = fetchSite === 'cross-site'
    else if (referer) refused = !allowed(safeOrigin(referer))
    if (!refused) return next()
    res
      .status(403)
      .type('html')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Request refused</title></head>' +
          '<body><main><h1>Request refused</h1><p>This form was sent from another site, so it was not accepted. ' +
          'Please go back, reload the page and try again.</p></main></body></html>',
      )
  }
}

function safeOrigin(url: string) {
  try {
    return new URL(url).origin
  } catch {
    return 'invalid'
  }
}
