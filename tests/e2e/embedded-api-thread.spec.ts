import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { specPort } from './support/constants'
import { spawnServer } from './support/spawn-server'

// `npm start`'s embedded API runs in a thread of its own: while it works through the heaviest read
// an admin can ask for (the whole cohort's log as an export), the app's own thread keeps answering.
// PGlite holds its thread for the whole of each query, so in one thread every page waited.
const PORT = specPort('embedded-api-thread')
const EXPORTS = 4

test.describe('the embedded API off the app thread', () => {
  let server: Awaited<ReturnType<typeof spawnServer>>
  let apiUrl: string
  test.beforeAll(async () => {
    server = await spawnServer(PORT)
    // Seeding a few years of log takes a minute or more on a busy 2-core machine.
    test.setTimeout(300_000)
    // The API's address, as the demo seed finds it: the second line of the data directory's lock.
    const [pid, url] = readFileSync(path.join(server.dataDir, 'pglite.lock'), 'utf8').split('\n')
    expect(Number(pid)).toBeGreaterThan(0)
    apiUrl = url!.trim()
    const api = (route: string, body: unknown) =>
      fetch(new URL(route, apiUrl), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    expect((await api('__dev/seed-demo/', {})).ok).toBe(true)
    // Three years of daily log make the export heavy enough to measure.
    const seeded = await api('__dev/seed-history/', { email: 'leo.pounds@baricare.test', days: 1100 })
    expect(seeded.ok).toBe(true)
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('a page answers while the API exports the cohort', async () => {
    test.setTimeout(120_000)
    const login = await fetch(new URL('v1/admin/login/', apiUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@baricare.test', password: 'Standard#Admin1' }),
    })
    const token = ((await login.json()) as { content: { access_token: string } }).content.access_token
    const exportOnce = async () => {
      const begun = performance.now()
      const response = await fetch(new URL('v1/admin/exports/entries/?mode=deidentified', apiUrl), {
        headers: { Authorization: `Bearer ${token}` },
      })
      expect(response.status).toBe(200)
      await response.arrayBuffer()
      return performance.now() - begun
    }
    await exportOnce() // warm-up

    let exporting = true
    const exportTimes: number[] = []
    const exporter = (async () => {
      for (let i = 0; i < EXPORTS; i++) exportTimes.push(await exportOnce())
      exporting = false
    })()
    // The app's own health check, which needs nothing from the API: each answer's wait.
    const waits: number[] = []
    while (exporting) {
      const begun = performance.now()
      expect((await fetch(`${server.baseURL}/healthz`)).ok).toBe(true)
      waits.push(performance.now() - begun)
    }
    await exporter
    const slowestExport = Math.max(...exportTimes)
    const sorted = [...waits].sort((a, b) => a - b)
    const p90 = sorted[Math.floor(sorted.length * 0.9)]!
    console.log(
      `exports: ${exportTimes.map(Math.round).join(', ')} ms; /healthz meanwhile: ${waits.length} answers, p90 ${Math.round(p90)} ms, slowest ${Math.round(sorted.at(-1)!)} ms`,
    )
    // In one thread the check waited for the export's queries: a handful of answers in all, each
    // taking most of an export. In its own thread it answers between them, many times per export.
    // The 90th percentile, not the slowest: one garbage collection or a busy core must not decide.
    expect(waits.length).toBeGreaterThan(EXPORTS * 5)
    expect(p90).toBeLessThan(slowestExport / 3)
  })
})
