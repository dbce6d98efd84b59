import { readFileSync, unlinkSync, writeFileSync } from 'node:fs'

// PGlite is PostgreSQL in single-user mode: two processes (say `npm start` and `npm run db:migrate`)
// opening one data directory would both write to it and corrupt it. A server has a postmaster to
// prevent that; the embedded engine gets this lock file instead.

/** Lock files this process holds, so that a lock left with our own pid by a restart is stale. */
const held = new Set<string>()

/** Takes the lock or throws a message naming the process that holds it; returns the release. */
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
      const owner = Number.parseInt(readOrEmpty(lockPath), 10)
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database is in use by process ${owner} (${lockPath}). ` +
            'Stop that process first, or set DATABASE_URL to share a PostgreSQL server.',
        )
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
