import type { NextFunction, Request, Response } from 'express'
import { beforeHeaders } from './before-headers'

/**
 * Every page and data response of the app may depend on who is signed in (a guard's redirect, a
 * patient's profile, an admin's list), so none may be stored by the browser or a shared cache:
 * otherwise Back after sign-out, or the next user of a clinic computer, sees health data again.
 * Only build assets and public/ files (served before this) are cacheable. A route that chose its
 * own Cache-Control keeps it; it is set when the headers go out, after Remix appended its own.
 */
export function privateResponses() {
  return (_req: Request, res: Response, next: NextFunction) => {
    beforeHeaders(res, () => {
      if (!res.getHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-store')
      res.vary('Cookie')
    })
    next()
  }
}
