import type { NextFunction, Request, Response } from 'express'
import { activityScope, type ActivityPortal } from '../app/platform/activity.server'
import { restampedSessionCookie, SESSION_COOKIE_NAME } from '../app/platform/session.server'
import { beforeHeaders } from './before-headers'

/**
 * Renews the inactivity clock of each portal whose guard let this request through (see
 * app/platform/activity.server.ts): as the headers go out, the session cookie the response carries
 * (or, if none, the request's) is restamped. A 404, an asset or a signed-out page renews nothing.
 */
export function renewActivity() {
  return (req: Request, res: Response, next: NextFunction) => {
    const scope = activityScope()
    beforeHeaders(res, () => stampSession(req, res, scope.portals))
    scope.run(next)
  }
}

function stampSession(req: Request, res: Response, portals: ReadonlySet<ActivityPortal>) {
  if (portals.size === 0) return
  const header = res.getHeader('Set-Cookie')
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [String(header)]
  const index = cookies.findIndex((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`))
  const stamped = restampedSessionCookie(index === -1 ? undefined : cookies[index], req.get('cookie') ?? null, portals)
  if (!stamped) return
  if (index === -1) cookies.push(stamped)
  else cookies[index] = stamped
  res.setHeader('Set-Cookie', cookies)
}
