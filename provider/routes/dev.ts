import { findAccountByEmail, markEmailVerified } from '../accounts.js'
import type { ProviderContext } from '../context.js'
import { bumpAccessEpoch } from '../db.js'
import { ApiError } from '../errors.js'
import { jsonObjectBody, type Route } from '../http.js'
import { readOutbox } from '../mailer.js'
import type { RequestLog } from '../request-log.js'
import { FieldReader } from '../validation.js'

/** Test and demo conveniences; registered only in dev mode, so they are plain 404s otherwise. */
export function devRoutes(ctx: ProviderContext, requestLog: RequestLog): Route[] {
  return [
    {
      method: 'GET',
      path: '__dev/outbox/',
      handler: () => ({ message: 'Outbox.', content: readOutbox(ctx.db) }),
    },
    {
      method: 'GET',
      path: '__dev/requests/',
      handler: () => ({ message: 'Requests.', content: requestLog.list() }),
    },
    {
      method: 'POST',
      path: '__dev/expire-access-tokens/',
      handler: () => {
        bumpAccessEpoch(ctx.db)
        return { message: 'All access tokens issued so far have expired.', content: null }
      },
    },
    {
      method: 'POST',
      path: '__dev/verify-email/',
      handler: (req) => {
        const f = new FieldReader(jsonObjectBody(req))
        const email = f.email()
        f.done()
        const account = findAccountByEmail(ctx.db, email)
        if (!account || account.portal !== 'customer') throw new ApiError(404, 'No customer with this email.')
        markEmailVerified(ctx.db, account.id)
        return { message: 'Email marked as verified.', content: { email } }
      },
    },
  ]
}
