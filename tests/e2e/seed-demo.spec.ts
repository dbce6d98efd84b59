import { expect, test } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { specPort } from './support/constants'
import { spawnServer } from './support/spawn-server'

// `npm run provider:seed` while `npm start` runs, as a newcomer does after reading the README:
// the embedded database is locked by the server, so the seed must go through the server's API.
const PORT = specPort('seed-demo')
const SEED_SCRIPT = `${process.env.BUILD_DIR || 'build'}/provider-seed.js`

function runSeed(dataDir: string) {
  return spawnSync(process.execPath, [SEED_SCRIPT], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  })
}

test.describe('provider:seed against a running server', () => {
  let server: Awaited<ReturnType<typeof spawnServer>>
  test.beforeAll(async () => {
    server = await spawnServer(PORT)
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  // Through the app's own sign-in forms, without a browser: what is checked is the data.
  test('seeds through the server; Leo signs in to his dashboard and an admin sees the cohort', async ({ request }) => {
    test.setTimeout(150_000)
    const seed = runSeed(server.dataDir)
    expect(seed.stderr).toBe('')
    expect(seed.status).toBe(0)
    expect(seed.stdout).toMatch(/^Seeded through the running server's API at http:\/\/127\.0\.0\.1:\d+\/ \(process \d+ holds /)
    expect(seed.stdout).toContain('leo.pounds@baricare.test')

    const leo = await request.post(`${server.baseURL}/customer/signin`, {
      form: { email: 'leo.pounds@baricare.test', password: 'Patient#123' },
    })
    expect(new URL(leo.url()).pathname).toBe('/customer/dashboard')
    expect(await leo.text()).toContain('Hello, Leo')

    const admin = await request.post(`${server.baseURL}/admin/signin`, {
      form: { email: 'admin@baricare.test', password: 'Standard#Admin1' },
    })
    expect(new URL(admin.url()).pathname).toBe('/admin/dashboard')
    const patients = await request.get(`${server.baseURL}/admin/patients`)
    expect(await patients.text()).toContain('Ana Alvarez')
  })
})

test.describe('provider:seed when the database is in use and no API answers', () => {
  let dataDir: string
  test.beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'baricare-seed-'))
  })
  test.afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function closedPort(): Promise<number> {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as { port: number }
    await new Promise((resolve) => probe.close(resolve))
    return port
  }

  // This test's own process is alive and is not the seed's, so the lock counts as held.
  for (const [name, lock] of [
    ['a holder that serves no API (say db:migrate)', async () => `${process.pid}\n`],
    ['a holder whose API is gone', async () => `${process.pid}\nhttp://127.0.0.1:${await closedPort()}/\n`],
  ] as const) {
    test(`one sentence, no stack trace: ${name}`, async () => {
      writeFileSync(path.join(dataDir, 'pglite.lock'), await lock())
      const seed = runSeed(dataDir)
      expect(seed.status).toBe(1)
      expect(seed.stdout).toBe('')
      const lines = seed.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(`in use by process ${process.pid}`)
      expect(seed.stderr).not.toMatch(/\n\s+at /)
    })
  }
})
