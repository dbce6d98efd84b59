// Ending a patient's Withings connection at Withings: the notification subscriptions go, then the
// signed OAuth revoke makes Withings forget our grant; our copy of the tokens is deleted whatever
// Withings answers. Used by a disconnect and by closing the account.
import type { ProviderContext } from '../context.js'
import { deleteTokens, readTokens } from '../store/device-tokens.js'
import type { Db } from '../store/sql.js'
import { revokeGrant, unsubscribe } from './client.js'

/** Notify - Subscribe's `appli` values for what we import: 1 weight, 44 sleep. */
export const WITHINGS_APPLIS = [1, 44] as const

/**
 * Best effort at Withings (a refusal or an outage is logged, not the patient's problem: the grant
 * is useless to us without the tokens). `db` deletes the tokens: a transaction when the caller
 * removes more with them.
 */
export async function revokeWithings(ctx: ProviderContext, accountId: number, db: Db = ctx.db): Promise<void> {
  const withings = ctx.withings
  if (withings) {
    const tokens = await readTokens(ctx.db, withings.box, accountId, 'withings').catch(() => undefined)
    if (tokens) {
      const callback = withings.config.notifyCallbackUrl
      if (callback) {
        for (const appli of WITHINGS_APPLIS) {
          await unsubscribe(withings.config, tokens.accessToken, callback, appli).catch(() => {})
        }
      }
      await revokeGrant(withings.config, tokens.externalUserId).catch((error: unknown) =>
        ctx.log(`devices: Withings revoke failed: ${error instanceof Error ? error.message : String(error)}`),
      )
    }
  }
  await deleteTokens(db, accountId, 'withings')
}
