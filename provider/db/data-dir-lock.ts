import { readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ExpectedFailure } from '../expected-failure.js'

// PGlite is PostgreSQL in single-user mode: two processes (say `npm start` and `npm run db:migrate`)
// opening one data directory would both write to it and corrupt it. A server has a postmaster to
// prevent that; the embedded engine gets this lock file instead. The file holds the owner's pid
// and, once the owner serves the API, that API's address on a second line: a tool that finds the
// database in use (the demo seed) can then do its work through the owner instead.

/** Lock files this process holds, so that a lock left with our own pid by a restart is stale. */
const held = new Set<string>()

export function dataDirLockPath(dataDir: string): string {
  return join(dataDir, 'pglite.lock')
}

/** The data directory is open in another live process. */
export class DataDirInUseError extends ExpectedFailure {
  constructor(
    readonly lockPath: string,
    readonly owner: number,
    /** The owner's API (base URL, ends with '/'), when it serves one. */
    readonly apiUrl: string | undefined,
  ) {
    super(
      `The embedded database is in use by process ${owner} (${lockPath}). ` +
        'Stop that process first, or set DATABASE_URL to share a PostgreSQL server.',
    )
  }
}

/** Takes the lock or throws DataDirInUseError naming the process that holds it; returns the release. */
export function lockDataDir(lockPath: string): () => void {
  if (held.has(lockPath)) {
    throw new Error(`The embedded database is already open in this process (${lockPath})`)
  }
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error
      const { owner, apiUrl } = readLock(lockPath)
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(lockPath, owner, apiUrl)
      }
      // Left by a process that has ended (or by an earlier life of this pid in a container).
      unlinkSync(lockPath)
    }
  }
  held.add(lockPath)
  return () => {
    if (!held.delete(lockPath)) return
    try {
      unlinkSync(lockPath)
    } catch {
      // Already gone: nothing to release.
    }
  }
}

/** Writes the API's address into a lock this process holds (nothing if it holds none there). */
export function recordApiUrl(lockPath: string, apiUrl: string): void {
  if (!held.has(lockPath)) return
  writeFileSync(lockPath, `${process.pid}\n${apiUrl}\n`)
}

function readLock(path: string): { owner: number; apiUrl: string | undefined } {
  const [pid = '', url = ''] = readOrEmpty(path).split('\n')
  return { owner: Number.parseInt(pid, 10), apiUrl: /^https?:\/\/\S+\/$/.test(url.trim()) ? url.trim() : undefined }
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which still means it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
