import type { Db } from './store/sql.js'

/** What every route needs, resolved once at start-up. */
export interface ProviderContext {
  db: Db
  secret: string
  /** Without a trailing slash, so links read `${appUrl}/customer/...`. */
  appUrl: string
  devMode: boolean
  accessTtlMs: number
  refreshTtlMs: number
  log: (line: string) => void
}
