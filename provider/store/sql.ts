// The one interface every store module talks to (PGlite embedded, or a PostgreSQL server:
// provider/store/engine-db.ts). Queries are built with `kysely` over the typed schema
// (provider/db/schema.ts). The string methods remain for the API's health check alone
// (provider/routes/health.ts): positional `?` placeholders, never inside a quoted literal,
// numbered `$n` mechanically.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

export type SqlParam = string | number | boolean | null

export interface RunResult {
  /** Rows inserted, updated or deleted: how the atomic "only if still …" updates report a win. */
  changes: number
}

export interface Db {
  /**
   * The query builder on this handle's connection: the store's own inside a transaction, the
   * pool's outside one (reading it inside a transaction on the outer handle throws, as the
   * string methods do).
   */
  readonly kysely: Kysely<Database>
  all<T>(sql: string, params?: readonly SqlParam[]): Promise<T[]>
  get<T>(sql: string, params?: readonly SqlParam[]): Promise<T | undefined>
  run(sql: string, params?: readonly SqlParam[]): Promise<RunResult>
  /**
   * Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it
   * throws. Every statement of the transaction must go through the `tx` handle it is given, never
   * the outer one (which waits for the transaction to finish). Nested calls become savepoints.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
}

/** A Db that owns its connection(s); only start-up and shut-down hold one of these. */
export interface Store extends Db {
  close(): Promise<void>
}
