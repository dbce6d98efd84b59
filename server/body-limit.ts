import type { NextFunction, Request, Response } from 'express'

/**
 * Caps request bodies before Remix buffers them for request.formData(). Our largest form (the
 * health profile) is a few kilobytes; a body over the limit is refused with 413 and a plain page.
 *
 * A client sends its whole body before it reads the answer (browsers and most HTTP libraries do).
 * Closing the connection on it mid-body shows them a reset connection instead of the page, so a
 * declared body up to `drainBytes` is read and thrown away after the answer (Node does that for
 * a body no one read) and the connection stays open. Beyond that the server will not read on: it
 * answers and closes. (The API does the same for its own, smaller limit: provider/http.ts readBody.)
 */
export function bodyLimit(maxBytes: number, drainBytes = 8 * maxBytes) {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = Number(req.get('content-length') ?? 0)
    if (declared > maxBytes) return refuse(res, { close: declared > drainBytes })
    if (req.get('transfer-encoding') === undefined) return next()
    // Chunked bodies have no declared length: count as they stream.
    let seen = 0
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length
      if (seen > maxBytes && !res.headersSent) {
        refuse(res, { close: true })
        req.destroy()
      }
    })
    next()
  }
}

function refuse(res: Response, { close }: { close: boolean }) {
  if (close) res.set('Connection', 'close')
  res
    .status(413)
    .type('html')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too much data</title></head>' +
        '<body><main><h1>Too much data</h1><p>What you sent was larger than this page accepts. ' +
        'Please go back, shorten it and try again.</p></main></body></html>',
    )
}
