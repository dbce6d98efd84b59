import type { PGlite, Results, Transaction } from '@electric-sql/pglite'
import {
  AbortedTransactionError,
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import { TimedMutex } from './mutex.js'

// Our own small dialect rather than kysely-pglite (whose CLI drags ~140 packages in): PGlite speaks
// PostgreSQL, so Kysely's Postgres compiler, adapter (advisory-lock migrations) and introspector
// apply unchanged; only the driver differs.

export interface PGliteDialectConfig {
  pglite: PGlite
  /** How long a statement or a transaction waits for the one connection before failing. */
  acquireTimeoutMs: number
  /** Runs after PGlite has closed (the engine drops its data-directory lock there). */
  onDestroy?: () => Promise<void> | void
  /**
   * The lock on the one connection; given by the engine so that code beside Kysely (the job
   * runner) can take the same lock (Engine.exclusive).
   */
  mutex?: TimedMutex
}

export class PGliteDialect implements Dialect {
  readonly #config: PGliteDialectConfig
  constructor(config: PGliteDialectConfig) {
    this.#config = config
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#config)
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }
  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }
  // Kysely's own signature; the introspector does not depend on the schema type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}

interface OpenTransaction {
  tx: Transaction
  /** Settles the callback given to `pglite.transaction`: resolve commits, reject rolls back. */
  commit: () => void
  rollback: (reason: unknown) => void
  /** The promise `pglite.transaction` returned: settles once COMMIT or ROLLBACK has run. */
  ended: Promise<void>
  release: () => void
  /** A statement failed: PostgreSQL may have aborted the transaction, check before committing. */
  sawError: boolean
}

const ROLLBACK = Symbol('rollback requested by Kysely')

class PGliteDriver implements Driver {
  readonly #config: PGliteDialectConfig
  readonly #mutex: TimedMutex
  #destroyed = false

  constructor(config: PGliteDialectConfig) {
    this.#config = config
    this.#mutex = config.mutex ?? new TimedMutex()
  }

  async init(): Promise<void> {}

  /**
   * Connections are cheap handles onto the single PGlite session; the lock is taken per statement,
   * or for the whole of a transaction, so a transaction never sees another request's statements.
   */
  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#destroyed) throw new Error('The embedded database has been closed')
    return new PGliteConnection(this.#config.pglite, (what) => this.#lock(what))
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await asPGlite(connection).begin(settings)
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await asPGlite(connection).commit()
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await asPGlite(connection).rollback()
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`))
    // Rolling back to a savepoint clears an aborted state, exactly as on a server.
    asPGlite(connection).clearError()
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`))
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Kysely always ends its transactions first; this only guards against a leaked lock.
    await asPGlite(connection).rollbackIfOpen()
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return
    this.#destroyed = true
    // Let statements in flight finish, but never hang a shutdown on a stuck transaction.
    const release = await this.#mutex
      .acquire(this.#config.acquireTimeoutMs, () => 'close')
      .catch(() => undefined)
    try {
      await this.#config.pglite.close()
    } finally {
      release?.()
      await this.#config.onDestroy?.()
    }
  }

  #lock(what: string): Promise<() => void> {
    const timeoutMs = this.#config.acquireTimeoutMs
    return this.#mutex.acquire(
      timeoutMs,
      () =>
        `The embedded database stayed busy for ${timeoutMs} ms (${what}). ` +
        'Inside a transaction, run every query on its `trx`, never on `db`: PGlite has one connection.',
    )
  }
}

function asPGlite(connection: DatabaseConnection): PGliteConnection {
  if (!(connection instanceof PGliteConnection)) throw new Error('Not a PGlite connection')
  return connection
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite
  readonly #lock: (what: string) => Promise<() => void>
  #open: OpenTransaction | undefined

  constructor(pglite: PGlite, lock: (what: string) => Promise<() => void>) {
    this.#pglite = pglite
    this.#lock = lock
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const open = this.#open
    if (open) {
      try {
        return toQueryResult<R>(await run(open.tx, compiledQuery))
      } catch (error) {
        open.sawError = true
        throw error
      }
    }
    const release = await this.#lock('a statement')
    try {
      return toQueryResult<R>(await run(this.#pglite, compiledQuery))
    } finally {
      release()
    }
  }

  /** PGlite has no cursors over its query API: the rows are read at once, then handed out in chunks. */
  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize = 100,
  ): AsyncIterableIterator<QueryResult<R>> {
    if (!Number.isInteger(chunkSize) || chunkSize <= 0)
      throw new Error('chunkSize must be a positive integer')
    const { rows } = await this.executeQuery<R>(compiledQuery)
    for (let start = 0; start < rows.length; start += chunkSize) {
      yield { rows: rows.slice(start, start + chunkSize) }
    }
  }

  async begin(settings: TransactionSettings): Promise<void> {
    if (this.#open) throw new Error('A transaction is already open on this connection')
    const release = await this.#lock('a transaction')
    let commit!: () => void
    let rollback!: (reason: unknown) => void
    const decided = new Promise<void>((resolve, reject) => {
      commit = resolve
      rollback = reject
    })
    let started!: (tx: Transaction) => void
    const ready = new Promise<Transaction>((resolve) => (started = resolve))
    const ended = this.#pglite.transaction(async (tx) => {
      started(tx)
      await decided
    })
    // Swallows only our own rollback signal; a failed COMMIT still reaches whoever awaits `ended`.
    const settled = ended.catch((error: unknown) => {
      if (error !== ROLLBACK) throw error
    })
    let tx: Transaction
    try {
      tx = await Promise.race([
        ready,
        settled.then(() => {
          throw new Error('The embedded database ended a transaction before it began')
        }),
      ])
    } catch (error) {
      release()
      throw error
    }
    this.#open = { tx, commit, rollback, ended: settled, release, sawError: false }
    const characteristics = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].filter(Boolean)
    if (characteristics.length > 0) {
      try {
        // PGlite opens with a bare BEGIN; the first statement may still set its characteristics.
        await tx.query(`set transaction ${characteristics.join(' ')}`)
      } catch (error) {
        await this.rollback()
        throw error
      }
    }
  }

  async commit(): Promise<void> {
    const open = this.#take()
    try {
      if (open.sawError && (await isAborted(open.tx))) {
        open.rollback(ROLLBACK)
        await open.ended
        // What a server answers with: COMMIT of an aborted transaction is a ROLLBACK.
        throw new AbortedTransactionError()
      }
      open.commit()
      await open.ended
    } finally {
      open.release()
    }
  }

  async rollback(): Promise<void> {
    const open = this.#take()
    try {
      open.rollback(ROLLBACK)
      await open.ended
    } finally {
      open.release()
    }
  }

  async rollbackIfOpen(): Promise<void> {
    if (this.#open) await this.rollback()
  }

  clearError(): void {
    if (this.#open) this.#open.sawError = false
  }

  #take(): OpenTransaction {
    const open = this.#open
    if (!open) throw new Error('No transaction is open on this connection')
    this.#open = undefined
    return open
  }
}

type Queryable = Pick<PGlite, 'query' | 'exec'>

/**
 * Parameterless SQL goes through the simple protocol, as `pg` does, so a migration's
 * multi-statement script behaves the same on both engines; the rest is a prepared statement.
 */
async function run(target: Queryable, compiledQuery: CompiledQuery): Promise<Results<unknown>> {
  if (compiledQuery.parameters.length === 0) {
    const results = await target.exec(compiledQuery.sql)
    return results[results.length - 1] ?? { rows: [], fields: [] }
  }
  return target.query(compiledQuery.sql, [...compiledQuery.parameters])
}

function toQueryResult<R>(result: Results<unknown>): QueryResult<R> {
  const command = result.command?.toUpperCase()
  const changes = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
  return {
    // Kysely's row type is the caller's claim about the query, as with every driver.
    rows: result.rows as R[],
    numAffectedRows: changes ? BigInt(result.rowCount ?? result.affectedRows ?? 0) : undefined,
  }
}

async function isAborted(tx: Transaction): Promise<boolean> {
  try {
    await tx.query('select 1')
    return false
  } catch (error) {
    // 25P02 in_failed_sql_transaction
    return (error as { code?: unknown }).code === '25P02'
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
