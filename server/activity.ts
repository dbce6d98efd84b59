import type { NextFunction, Request, Response } from 'express'
import { activitySetCookie, readActivity } from '../app/lib/activity.server'

/**
 * Records the time of each page or data request for its portal (/admin → admin, else customer) in
 * the signed activity cookie. Guards read the previous value from the request before this one
 * replaces it, so a long pause is noticed on the first request after it.
 */
export function recordActivity({ secrets, secure }: { secrets: string[]; secure: boolean }) {
  const [signingSecret] = secrets
  return (req: Request, res: Response, next: NextFunction) => {
    const portal = /^\/admin(\/|\.data$|$)/.test(req.path) ? 'admin' : 'customer'
    const activity = readActivity(req.get('cookie'), secrets)
    activity[portal] = Date.now()
    res.append('Set-Cookie', activitySetCookie(activity, signingSecret!, secure))
    next()
  }
}
