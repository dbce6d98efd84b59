import { spawn, type ChildProcess } from 'node:child_process'
import { test } from '@playwright/test'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** The SESSION_SECRET of a spawned server unless the spec gives its own. */
export const SPAWNED_SESSION_SECRET = 'extra-secret'

/** A second production build server with its own data and environment, for tests that need other settings. */
export async function spawnServer(port: number, env: Record<string, string> = {}) {
  // Called from a beforeAll: a new embedded database and its job runner take longer than the 30 s
  // default a hook gets on a busy machine.
  test.setTimeout(120_000)
  // A server left on this port (another spec's, or one a failed run left behind) would answer the
  // health check below and be tested instead of ours: refuse to start rather than test it.
  // The previous test's server on this port may still be letting go of it: wait up to 15 s.
  const portFree = () =>
    new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
  let free = await portFree()
  for (let i = 0; i < 150 && !free; i++) {
    await new Promise((r) => setTimeout(r, 100))
    free = await portFree()
  }
  if (!free) throw new Error(`port ${port} is already in use: another server would be tested instead`)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baricare-extra-'))
  // The migrated embedded database (scripts/e2e-server.js saw it there before any test ran):
  // a copy instead of initdb and every migration, seconds of CPU per server. Without it (a run
  // started some other way) the server creates its own, as in production.
  const template = process.env.E2E_PGLITE_TEMPLATE
  if (template && existsSync(path.join(template, 'PG_VERSION'))) {
    cpSync(template, path.join(dataDir, 'pglite'), { recursive: true })
  }
  const sessionSecret = env.SESSION_SECRET ?? SPAWNED_SESSION_SECRET
  const child: ChildProcess = spawn(process.execPath, [`${process.env.BUILD_DIR || 'build'}/server.js`], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: sessionSecret,
      PROVIDER_API_URL: '',
      APP_URL: `http://localhost:${port}`,
      // As on the main e2e server (playwright.config.ts): specs that test the rule pass their own.
      ADMIN_MFA: 'off',
      PASSWORD_HASHING: 'test',
      ...env,
    },
    stdio: 'ignore',
  })
  const baseURL = `http://localhost:${port}`
  let up = false
  // A new embedded database is created first (initdb: seconds on a 2-core machine, more than a
  // minute on one others are loading too). A deadline rather than a count of tries, since each try
  // takes as long as the machine makes it; it ends inside the hook's 120 s.
  const deadline = Date.now() + 100_000
  while (Date.now() < deadline && !up && child.exitCode === null) {
    try {
      up = (await fetch(`${baseURL}/healthz`)).ok
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  if (!up) {
    child.kill('SIGKILL')
    throw new Error(`the extra server on port ${port} did not start (exit code ${child.exitCode})`)
  }
  return {
    baseURL,
    /** Its DATA_DIR, for tests that run a script against the database the server holds. */
    dataDir,
    /** Its SESSION_SECRET, to seal a session cookie it accepts (support/session-cookie.ts). */
    sessionSecret,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
