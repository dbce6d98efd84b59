// The one interface every store module talks to, in PostgreSQL's SQL (PGlite embedded, or a
// PostgreSQL server: provider/store/engine-db.ts). Parameters are positional `?` placeholders,
// never inside a quoted literal, numbered `$n` mechanically before they reach the engine.

export type SqlParam = string | number | boolean | null

export interface RunResult {
  /** Rows inserted, updated or deleted: how the atomic "only if still …" updates report a win. */
  changes: number
}

export interface Db {
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
