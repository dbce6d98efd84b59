import type { ProviderContext } from '../context.js'
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/unavailable.js'
import type { Route } from '../http.js'

/** How long the health check waits for the database before calling it down. */
const HEALTH_TIMEOUT_MS = 2000

/**
 * `GET /healthz` for load balancers and container health checks: 200 when the database answers a
 * trivial query within 2 s, else 503. Unauthenticated and free of data; never audited.
 */
export function healthRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'GET',
      path: 'healthz',
      handler: async () => {
        const started = performance.now()
        const answered = await Promise.race([
          ctx.db.get<{ ok: number }>('SELECT 1 AS ok').then(
            (row) => row?.ok === 1,
            () => false,
          ),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS).unref()),
        ])
        const ms = Math.round(performance.now() - started)
        return answered
          ? // admin_mfa: the app checks at start that it applies the same ADMIN_MFA as the API.
            { message: 'ok', content: { status: 'ok', database: 'ok', database_ms: ms, admin_mfa: ctx.adminMfa } }
          : { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE, content: { status: 'unavailable', database: 'unreachable' } }
      },
    },
  ]
}
