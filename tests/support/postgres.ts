// A throwaway PostgreSQL server for tests: initdb into a temporary directory, pg_ctl start on its
// own port (127.0.0.1 only) and its own socket directory, pg_ctl stop and rm -rf at the end.
// Started for the Vitest projects on PostgreSQL by postgres-setup.ts, and usable from scripts
// (bench, multi-process tests) as functions.
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>` — add `/<database>`. */
  baseUrl: string
  port: number
  version: string
  stop(): void
}

/** What the test projects on PostgreSQL hand their test files (Vitest `inject('postgres')`). */
export type PostgresHarness =
  | {
      available: true
      baseUrl: string
      version: string
      /** A database with every migration applied, to create the API tests' databases from. */
      migratedTemplate: string
    }
  | { available: false; reason: string }

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresHarness
  }
}

const MINIMUM_MAJOR = 15

/**
 * PostgreSQL's server binaries: $POSTGRES_BIN, else Debian's /usr/lib/postgresql/<major>/bin
 * (15 first, as in production's minimum; a newer major otherwise). Undefined when none is installed.
 */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates: string[] = []
  if (env.POSTGRES_BIN) candidates.push(env.POSTGRES_BIN)
  const root = '/usr/lib/postgresql'
  if (existsSync(root)) {
    const majors = readdirSync(root)
      .map(Number)
      .filter((major) => Number.isInteger(major) && major >= MINIMUM_MAJOR)
      .sort((a, b) => (a === MINIMUM_MAJOR ? -1 : b === MINIMUM_MAJOR ? 1 : b - a))
    candidates.push(...majors.map((major) => join(root, String(major), 'bin')))
  }
  return candidates.find((bin) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')))
}

/** A free TCP port on 127.0.0.1 ($TEST_POSTGRES_PORT when set, to stay inside a given range). */
async function choosePort(env: NodeJS.ProcessEnv): Promise<number> {
  if (env.TEST_POSTGRES_PORT) return Number(env.TEST_POSTGRES_PORT)
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export async function startPostgresServer(
  bin: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PostgresServer> {
  const base = mkdtempSync(join(tmpdir(), 'baricare-pg-'))
  const dataDir = join(base, 'data')
  const socketDir = join(base, 'socket')
  const logFile = join(base, 'server.log')
  mkdirSync(socketDir)

  // initdb refuses to run as root: as root, the cluster belongs to the `postgres` user instead.
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    for (const path of [base, socketDir]) chownSync(path, uid, gid)
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool)
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args
    const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 120_000 })
    if (result.status !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : ''
      throw new Error(
        `${tool} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}\n${log}`.trim(),
      )
    }
    return result.stdout
  }
  const remove = () => rmSync(base, { recursive: true, force: true })

  let started = false
  const stop = () => {
    if (started) {
      started = false
      // Immediate: the data is thrown away next, nothing to flush.
      spawnSync(
        asRoot ? 'runuser' : join(bin, 'pg_ctl'),
        [
          ...(asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl')] : []),
          '-D',
          dataDir,
          '-m',
          'immediate',
          '-w',
          'stop',
        ],
        { timeout: 30_000 },
      )
    }
    remove()
  }

  try {
    // --no-sync and fsync=off: a test cluster lives for minutes and never survives a crash anyway.
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'])
    const port = await choosePort(env)
    const settings = [
      `-p ${port}`,
      `-k ${socketDir}`,
      '-h 127.0.0.1',
      '-F',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=60',
      '-c shared_buffers=32MB',
    ].join(' ')
    run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', settings, 'start'])
    started = true
    process.once('exit', stop)
    const version = run('postgres', ['--version']).trim()
    return { baseUrl: `postgres://postgres@127.0.0.1:${port}`, port, version, stop }
  } catch (error) {
    stop()
    throw error
  }
}
