import type { NextFunction, Request, Response } from 'express'

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Every action of ours reads a form (request.formData()), which throws on any other body. A
 * request whose body is not a form is refused here with 415, rather than becoming a 500 there.
 */
export function formBodiesOnly() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined
    if (!hasBody || FORM_TYPES.test(req.get('content-type') ?? '')) return next()
    res
      .status(415)
      .type('html')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not a form</title></head>' +
          '<body><main><h1>Not a form</h1><p>This address only accepts forms sent from its page. ' +
          'Please go back, reload the page and try again.</p></main></body></html>',
      )
  }
}
