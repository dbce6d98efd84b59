import type { NextFunction, Request, Response } from 'express'
import { randomUUID } from 'node:crypto'

/**
 * One JSON line per request. Only the path is logged, never the query string (reset and
 * verification links carry tokens there), never headers, cookies or bodies.
 */
export function requestLog(write: (line: string) => void = (line) => process.stdout.write(line + '\n')) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint()
    const incoming = req.get('x-request-id')
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID()
    res.locals.requestId = requestId
    res.setHeader('X-Request-Id', requestId)
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      write(
        JSON.stringify({
          time: new Date().toISOString(),
          requestId,
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          durationMs: Math.round(ms * 10) / 10,
        }),
      )
    })
    next()
  }
}
