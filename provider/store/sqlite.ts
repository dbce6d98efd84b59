// The embedded engine of P14 slice 1: one SQLite file through better-sqlite3, behind the async
// Db interface (provider/store/sql.ts). The only module that imports better-sqlite3.
import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { migrations } from './migrations/index.js'
import type { Db, RunResult, SqlParam, Store } from './sql.js'

export function databasePath(dataDir: string): string {
  return join(dataDir, 'provider.sqlite')
}

/** Prepared statements are reused by text; dynamic filters make a bounded set of texts, capped anyway. */
const STATEMENT_CACHE_LIMIT = 500

export interface MigrationReport {
  from: number
  to: number
  /** Names of the migrations this call applied, in order. */
  applied: string[]
}

/** Opens (creating if needed) `${dataDir}/provider.sqlite` and brings its schema up to date. */
export async function openSqliteStore(dataDir: string): Promise<Store> {
  return (await openAndMigrate(dataDir)).store
}

/** For `npm run db:migrate`: what opening the database applied. */
export async function migrateSqlite(dataDir: string): Promise<MigrationReport> {
  const { store, report } = await openAndMigrate(dataDir)
  await store.close()
  return report
}

async function openAndMigrate(dataDir: string): Promise<{ store: Store; report: MigrationReport }> {
  mkdirSync(dataDir, { recursive: true })
  const raw = new Database(databasePath(dataDir))
  let report: MigrationReport
  try {
    // First, so that the pragmas and migrations below wait for a seed script holding the same file.
    raw.pragma('busy_timeout = 5000')
    raw.pragma('journal_mode = WAL')
    raw.pragma('foreign_keys = ON')
    report = migrate(raw)
  } catch (error) {
    raw.close()
    throw error
  }
  return { store: new SqliteStore(raw), report }
}

/**
 * `user_version` counts the migrations applied (databases made before the files existed already
 * hold 5). IMMEDIATE, and the version read inside, so two processes opening a new file migrate it
 * once. A database newer than this code is refused rather than run against an unknown schema.
 */
function migrate(raw: Database.Database): MigrationReport {
  return raw
    .transaction((): MigrationReport => {
      const current = Number(raw.pragma('user_version', { simple: true }))
      if (current > migrations.length) {
        throw new Error(
          `provider.sqlite is at schema version ${current}, newer than this code knows (${migrations.length})`,
        )
      }
      const pending = migrations.slice(current)
      for (const migration of pending) raw.exec(migration.up)
      if (pending.length > 0) raw.pragma(`user_version = ${migrations.length}`)
      return { from: current, to: migrations.length, applied: pending.map((migration) => migration.name) }
    })
    .immediate()
}

/** Which store's transaction the current async call chain runs in, to catch outer-handle use. */
const insideTransaction = new AsyncLocalStorage<SqliteStore>()

class SqliteStore implements Store {
  private readonly statements = new Map<string, Database.Statement>()
  /** Settles when the transaction holding the connection ends; null when none does. */
  private busy: Promise<void> | null = null
  private savepoints = 0

  constructor(private readonly raw: Database.Database) {}

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql)
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear()
      statement = this.raw.prepare(sql)
      this.statements.set(sql, statement)
    }
    return statement
  }

  /**
   * One connection serves every request, so a statement from outside an open transaction would
   * otherwise run inside it (and be committed or rolled back with it): it waits for the end instead.
   * Callers loop `while (this.busy) await this.busy` themselves and then act with no await in
   * between; a helper returning a promise would put a tick between the check and the statement,
   * in which a transaction could begin.
   */
  private assertOutsideTransaction(): void {
    // Inside a transaction, a statement on the outer handle would wait for that transaction to
    // end, which waits for the statement: fail loudly instead of hanging.
    if (insideTransaction.getStore() === this) {
      throw new Error('A statement inside a transaction must use the transaction handle (tx), not the store')
    }
  }

  // The direct forms, used by the transaction handle (which already holds the connection).
  private allNow<T>(sql: string, params: readonly SqlParam[]): T[] {
    return this.statement(sql).all(...params) as T[]
  }

  private getNow<T>(sql: string, params: readonly SqlParam[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined
  }

  private runNow(sql: string, params: readonly SqlParam[]): RunResult {
    return { changes: this.statement(sql).run(...params).changes }
  }

  async all<T>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
    this.assertOutsideTransaction()
    while (this.busy) await this.busy
    return this.allNow<T>(sql, params)
  }

  async get<T>(sql: string, params: readonly SqlParam[] = []): Promise<T | undefined> {
    this.assertOutsideTransaction()
    while (this.busy) await this.busy
    return this.getNow<T>(sql, params)
  }

  async run(sql: string, params: readonly SqlParam[] = []): Promise<RunResult> {
    this.assertOutsideTransaction()
    while (this.busy) await this.busy
    return this.runNow(sql, params)
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    this.assertOutsideTransaction()
    while (this.busy) await this.busy
    // No await between the last check above and taking the connection, so no one else can take it.
    let release = () => {}
    this.busy = new Promise<void>((resolve) => (release = resolve))
    try {
      // IMMEDIATE takes the write lock up front, as PostgreSQL's row locks will: a second process
      // waits here (busy_timeout) instead of failing at its first write.
      this.raw.exec('BEGIN IMMEDIATE')
      try {
        const result = await insideTransaction.run(this, () => fn(this.handle()))
        this.raw.exec('COMMIT')
        return result
      } catch (error) {
        if (this.raw.inTransaction) this.raw.exec('ROLLBACK')
        throw error
      }
    } finally {
      this.busy = null
      release()
    }
  }

  /** The handle given to a transaction's callback: runs at once, nests as savepoints. */
  private handle(): Db {
    const tx: Db = {
      all: async (sql, params = []) => this.allNow(sql, params),
      get: async (sql, params = []) => this.getNow(sql, params),
      run: async (sql, params = []) => this.runNow(sql, params),
      transaction: async (fn) => {
        const name = `sp${++this.savepoints}`
        this.raw.exec(`SAVEPOINT ${name}`)
        try {
          const result = await fn(tx)
          this.raw.exec(`RELEASE ${name}`)
          return result
        } catch (error) {
          this.raw.exec(`ROLLBACK TO ${name}`)
          this.raw.exec(`RELEASE ${name}`)
          throw error
        }
      },
    }
    return tx
  }

  async close(): Promise<void> {
    while (this.busy) await this.busy
    this.statements.clear()
    this.raw.close()
  }
}
