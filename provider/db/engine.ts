import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { dataDirLockPath, lockDataDir, recordApiUrl } from './data-dir-lock.js'
import { migrateToLatest } from './migrate.js'
import type { Database } from './schema.js'
import { SESSION_TIME_ZONE, typeParsers } from './types.js'
import { TimedMutex } from './mutex.js'
import { PGliteDialect } from './pglite-dialect.js'

export type EngineKind = 'pglite' | 'postgres'

export interface EngineOptions {
  /** `postgres://…` selects a PostgreSQL server; unset selects embedded PGlite under `dataDir`. */
  databaseUrl?: string
  /** Where the embedded database lives (`${dataDir}/pglite`); unused with a server. */
  dataDir: string
  /** Connections in the `pg` pool (one process); PGlite always has exactly one. */
  poolMax?: number
  /** How long a query waits for a free connection before failing, on both engines. */
  acquireTimeoutMs?: number
  /** PGlite's WebAssembly heap at start; it grows on demand. */
  pgliteInitialMemoryBytes?: number
  /** PGlite's shared_buffers (PostgreSQL's own page cache inside that heap), e.g. '32MB'. */
  pgliteSharedBuffers?: string
  /** Apply pending migrations before returning (default true; `npm run db:migrate` does it alone). */
  migrate?: boolean
}

export interface Engine {
  kind: EngineKind
  db: Kysely<Database>
  /** The server's URL on PostgreSQL, for the job runner's own small pool; undefined on PGlite. */
  databaseUrl?: string
  /**
   * PGlite only: runs `fn` on the one connection while no Kysely statement or transaction holds it,
   * for code that speaks to PGlite directly (the job runner).
   */
  exclusive?: <T>(fn: (connection: PGlite) => Promise<T>) => Promise<T>
  /**
   * PGlite only: writes the address of the API this process serves into the data directory's
   * lock, so that a tool finding the database in use can go through the API.
   */
  recordApiUrl?: (apiUrl: string) => void
  /** Ends the pool or closes PGlite (and frees its data directory). Safe to call twice. */
  close(): Promise<void>
}

export const DEFAULT_POOL_MAX = 10
export const DEFAULT_ACQUIRE_TIMEOUT_MS = 10_000
// PGlite reserves ~840 MB RSS at its default; 256 MiB starts at ~300 MB and still grows on demand.
// Below 128 MiB it fails to start.
export const DEFAULT_PGLITE_INITIAL_MEMORY = 256 * 1024 * 1024
// initdb writes shared_buffers = 128MB into the data directory; inside PGlite's heap that is ~120 MB
// of RSS once the pages have been read, for a demo database of a few dozen MB that the operating
// system's file cache holds anyway. 32MB measured 257 MB idle RSS against 375 (the seeded demo
// data, a full read of every table), with no slower reads.
export const DEFAULT_PGLITE_SHARED_BUFFERS = '32MB'

/** Opens the database the environment names and, unless told not to, brings its schema up to date. */
export async function openEngine(options: EngineOptions): Promise<Engine> {
  const engine = options.databaseUrl ? openPostgres(options.databaseUrl, options) : await openPGlite(options)
  if (options.migrate ?? true) {
    try {
      await migrateToLatest(engine.db)
    } catch (error) {
      await engine.close()
      throw error
    }
  }
  return engine
}

function openPostgres(databaseUrl: string, options: EngineOptions): Engine {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolMax ?? DEFAULT_POOL_MAX,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS,
    options: `-c TimeZone=${SESSION_TIME_ZONE}`,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        (format ?? 'text') === 'text' && typeParsers[oid]
          ? typeParsers[oid]
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  // An idle client whose server went away emits 'error' on the pool; unhandled, that kills the
  // process. The next query gets a fresh connection and its own error.
  pool.on('error', (error) => console.error(`database: idle connection lost: ${error.message}`))
  // A connection lost while checked out fails its query (which the request answers with a 503),
  // and then emits 'error' on its client, which the pool listens to only while idle: unhandled,
  // that too kills the process. The pool drops the dead client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { kind: 'postgres', db, databaseUrl, close: once(() => db.destroy()) }
}

async function openPGlite(options: EngineOptions): Promise<Engine> {
  mkdirSync(options.dataDir, { recursive: true })
  const lockPath = dataDirLockPath(options.dataDir)
  const unlock = lockDataDir(lockPath)
  const initialMemory = options.pgliteInitialMemoryBytes ?? DEFAULT_PGLITE_INITIAL_MEMORY
  let pglite: PGlite
  try {
    const pgliteDir = join(options.dataDir, 'pglite')
    await initPGliteDataDir(pgliteDir, initialMemory)
    // pg_trgm: the patients list's name and e-mail search (migration 0008) uses its indexes.
    const sharedBuffers = options.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS
    pglite = await PGlite.create(pgliteDir, {
      initialMemory,
      parsers: typeParsers,
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
    })
    // One session for the life of the process, so a session setting holds for every query.
    await pglite.exec(`set TimeZone = '${SESSION_TIME_ZONE}'`)
  } catch (error) {
    unlock()
    throw error
  }
  const mutex = new TimedMutex()
  const acquireTimeoutMs = options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS
  const db = new Kysely<Database>({
    dialect: new PGliteDialect({ pglite, acquireTimeoutMs, onDestroy: unlock, mutex }),
  })
  const exclusive = async <T>(fn: (connection: PGlite) => Promise<T>): Promise<T> => {
    const release = await mutex.acquire(
      acquireTimeoutMs,
      () => `The embedded database stayed busy for ${acquireTimeoutMs} ms (job runner)`,
    )
    try {
      return await fn(pglite)
    } finally {
      release()
    }
  }
  return {
    kind: 'pglite',
    db,
    exclusive,
    recordApiUrl: (apiUrl) => recordApiUrl(lockPath, apiUrl),
    close: once(() => db.destroy()),
  }
}

/**
 * Creates a PGlite data directory (initdb) in a short-lived child process, unless it exists.
 * In-process, initdb leaves the server holding ~1 GB RSS until it restarts (measured: 1,007 MB
 * after a forced GC, against ~340 MB when opening an existing directory); the child takes that
 * memory away with it. Built beside the target and renamed into place, so that a crash halfway
 * never leaves a half-made directory that PGlite would take for a database.
 */
export async function initPGliteDataDir(
  dir: string,
  initialMemory = DEFAULT_PGLITE_INITIAL_MEMORY,
): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return
  const building = `${dir}.initdb-${process.pid}`
  rmSync(building, { recursive: true, force: true })
  // The CommonJS build, so the child needs no module loader of ours and works from a bundle too.
  const pgliteModule = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const script = [
    'const [modulePath, dir, bytes] = process.argv.slice(1)',
    'require(modulePath).PGlite.create(dir, { initialMemory: Number(bytes) })',
    '  .then((db) => db.close())',
    '  .catch((error) => { console.error(error && error.message ? error.message : error); process.exit(1) })',
  ].join('\n')
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, pgliteModule, building, String(initialMemory)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `Creating the embedded database in ${dir} failed (${code ?? signal}): ${stderr.trim()}`,
            ),
          ),
    )
  }).catch((error: unknown) => {
    rmSync(building, { recursive: true, force: true })
    throw error
  })
  renameSync(building, dir)
}

function once(action: () => Promise<void>): () => Promise<void> {
  let pending: Promise<void> | undefined
  return () => (pending ??= action())
}
