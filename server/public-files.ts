import express, { type NextFunction, type Request, type Response } from 'express'
import { readdirSync } from 'node:fs'

/**
 * public/'s files (favicon and the like), served only for the paths they have: the names are read
 * once at start, so a page request goes on to Remix without a file-system lookup. Behind every
 * page, `express.static` alone cost a failed `stat` and the error object built for it.
 */
export function publicFiles(dir: string, options: { maxAge: string }) {
  const names = readdirSync(dir).map((name) => `/${name}`)
  const serve = express.static(dir, { maxAge: options.maxAge, index: false })
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const { path } = req
    if (names.some((name) => path === name || path.startsWith(`${name}/`))) return serve(req, res, next)
    next()
  }
  return { names, middleware }
}
