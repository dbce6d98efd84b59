// The store's Db interface (./sql.ts) over the database engine (provider/db): PGlite embedded
// by default, a PostgreSQL server when DATABASE_URL is set. Store modules build queries with
// Kysely (`db.kysely`); the remaining plain-SQL statements with `?` placeholders are numbered here
// for PostgreSQL and run through the same Kysely instance, so both engines share one connection
// pool, one migrator and one set of type parsers.
import { AsyncLocalStorage } from 'node:async_hooks'
import {
  CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type Transaction,
  type UnknownRow,
} from 'kysely'
import type { Engine } from '../db/index.js'
import type { Database } from '../db/schema.js'
import { recordQuery } from '../metrics.js'
import type { Db, RunResult, SqlParam, Store } from './sql.js'

/**
 * `?` → `$1, $2, …`, skipping quoted literals and identifiers. Cached by text: the set of
 * statements is bounded (dynamic filters make a few variants each), and the cap keeps it so.
 */
const numbered = new Map<string, string>()
const NUMBERED_CACHE_LIMIT = 1000

export function numberPlaceholders(text: string): string {
  const cached = numbered.get(text)
  if (cached !== undefined) return cached
  let out = ''
  let n = 0
  let quote: "'" | '"' | null = null
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null
      out += char
    } else if (char === "'" || char === '"') {
      quote = char
      out += char
    } else if (char === '?') {
      out += `$${++n}`
    } else {
      out += char
    }
  }
  if (numbered.size >= NUMBERED_CACHE_LIMIT) numbered.clear()
  numbered.set(text, out)
  return out
}

type Executor = Kysely<Database> | Transaction<Database>

async function execute<T>(executor: Executor, text: string, params: readonly SqlParam[], engine: string) {
  const started = performance.now()
  try {
    return await executor.executeQuery<T>(CompiledQuery.raw(numberPlaceholders(text), [...params]))
  } finally {
    recordQuery(engine, text, (performance.now() - started) / 1000)
  }
}

/** The statement kind a built query's metric is filed under (recordQuery reads its first word). */
const KIND_BY_NODE: Partial<Record<RootOperationNode['kind'], string>> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
}

/**
 * Times built queries as `execute` times the string ones: from the moment the query is compiled
 * (just before it waits for a connection) to its result. A plugin, because Kysely's own `log`
 * hook starts its clock only once a connection is held.
 */
class QueryTimer implements KyselyPlugin {
  private readonly started = new WeakMap<QueryId, { at: number; kind: string }>()

  constructor(private readonly engine: string) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const kind =
      KIND_BY_NODE[args.node.kind] ??
      // A raw `sql` statement: its own first word (WITH, SELECT, …).
      (args.node.kind === 'RawNode' ? (args.node.sqlFragments[0] ?? '') : 'other')
    this.started.set(args.queryId, { at: performance.now(), kind })
    return args.node
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const started = this.started.get(args.queryId)
    if (started) recordQuery(this.engine, started.kind, (performance.now() - started.at) / 1000)
    return Promise.resolve(args.result)
  }
}

/** Which engine's transaction the current async call chain runs in, to catch outer-handle use. */
const insideTransaction = new AsyncLocalStorage<EngineStore>()

class EngineStore implements Store {
  private savepoints = 0
  private readonly timer: QueryTimer
  private readonly builder: Kysely<Database>

  constructor(private readonly engine: Engine) {
    this.timer = new QueryTimer(engine.kind)
    this.builder = engine.db.withPlugin(this.timer)
  }

  get kysely(): Kysely<Database> {
    this.assertOutsideTransaction()
    return this.builder
  }

  /**
   * Inside a transaction a statement on the outer handle would wait for a second connection: on
   * PGlite (one connection) that is a hang until the acquire timeout, on a pool a statement outside
   * the transaction's atomicity. Either way a bug: fail loudly at once.
   */
  private assertOutsideTransaction(): void {
    if (insideTransaction.getStore() === this) {
      throw new Error('A statement inside a transaction must use the transaction handle (tx), not the store')
    }
  }

  // The string methods' row type is the caller's say-so (the cast below); the store's own queries
  // are built and typed by the schema instead, and only provider/routes/health.ts still uses these.
  async all<T>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
    this.assertOutsideTransaction()
    return (await execute<T>(this.engine.db, sql, params, this.engine.kind)).rows as T[]
  }

  async get<T>(sql: string, params: readonly SqlParam[] = []): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0]
  }

  async run(sql: string, params: readonly SqlParam[] = []): Promise<RunResult> {
    this.assertOutsideTransaction()
    return changesOf(await execute(this.engine.db, sql, params, this.engine.kind))
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    this.assertOutsideTransaction()
    return this.engine.db
      .transaction()
      .execute((trx) => insideTransaction.run(this, () => fn(this.handle(trx))))
  }

  /** The handle given to a transaction's callback: its statements run on the transaction's connection. */
  private handle(trx: Transaction<Database>): Db {
    const tx: Db = {
      kysely: trx.withPlugin(this.timer),
      // Typed by the caller's say-so, as the outer handle's string methods.
      all: async <T>(sql: string, params: readonly SqlParam[] = []) => (await execute<T>(trx, sql, params, this.engine.kind)).rows as T[],
      get: async <T>(sql: string, params: readonly SqlParam[] = []) =>
        ((await execute<T>(trx, sql, params, this.engine.kind)).rows as T[])[0],
      run: async (sql, params = []) => changesOf(await execute(trx, sql, params, this.engine.kind)),
      transaction: async (fn) => {
        const name = `sp${++this.savepoints}`
        await execute(trx, `SAVEPOINT ${name}`, [], this.engine.kind)
        try {
          const result = await fn(tx)
          await execute(trx, `RELEASE SAVEPOINT ${name}`, [], this.engine.kind)
          return result
        } catch (error) {
          await execute(trx, `ROLLBACK TO SAVEPOINT ${name}`, [], this.engine.kind)
          throw error
        }
      },
    }
    return tx
  }

  close(): Promise<void> {
    return this.engine.close()
  }
}

function changesOf(result: { numAffectedRows?: bigint; numUpdatedOrDeletedRows?: bigint }): RunResult {
  return { changes: Number(result.numAffectedRows ?? result.numUpdatedOrDeletedRows ?? 0n) }
}

export function storeOverEngine(engine: Engine): Store {
  return new EngineStore(engine)
}
