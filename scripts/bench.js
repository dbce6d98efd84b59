// `npm run bench`: the production build on loopback under a bounded load (autocannon), twice on the
// same build and the same data: with the embedded API (PGlite, what `npm start` runs) and with the
// app in front of `build/api.js` on a throwaway PostgreSQL server (skipped when none is installed,
// or with BENCH_POSTGRES=0). For each it prints requests/s and p50/p99 latency of:
//   - a fingerprinted static asset (the ceiling), /not-authorized (the simplest page),
//   - GET /customer/signin (a server-rendered public page),
//   - GET /customer/dashboard signed in as Leo (a guarded page that calls the API),
//   - a year of daily data on the trends page, one request at a time (server time per render),
//   - the sign-in page alone, then while an admin exports the demo cohort's log over and over,
//     through the app and on the API directly (the export's work must not stall other pages'
//     renders: the p99 with against the p99 without, measured back to back),
// plus the resident memory of the server's processes idle and after the load.
// Writes the table as JSON to bench-results/bench.json. Not a test: it prints numbers.
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync, existsSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { serverNodeFlags, signedInCookie, stop, treeRssMb, waitFor } from './bench-processes.js'

const PORT = Number(process.env.BENCH_PORT ?? 3400)
const DURATION = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const TRENDS_DAYS = 365
const TRENDS_RUNS = Number(process.env.BENCH_TRENDS_RUNS ?? 60)
const SESSION_SECRET = 'bench-secret-0123456789abcdef0123456789ab'
// Seeded on the empty database by the API at start (production seeds no demo admin by itself).
const ADMIN = { email: 'bench.admin@baricare.test', password: 'Bench#Admin1' }
const buildDir = path.resolve(process.env.BUILD_DIR || 'build')

if (!existsSync(path.join(buildDir, 'server.js'))) {
  console.error('No build found: run `npm run build` first.')
  process.exit(1)
}

const { seedDemoPatients } = await import(pathToFileURL(path.join(buildDir, 'provider-seed.js')).href)
// TypeScript helpers bundled on the fly (esbuild is a dev dependency), inside the build directory
// so that their packages (pglite, pg) resolve from node_modules.
async function bundled(entry, name) {
  const outfile = path.join(buildDir, name)
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', outfile, logLevel: 'warning' })
  return import(pathToFileURL(outfile).href)
}
const { seedHistoryInDataDir } = await bundled('provider/dev/history.ts', 'bench-trends-history.mjs')

const rssOf = (children) => children.reduce((sum, child) => sum + treeRssMb(child.pid), 0)

function start(file, env) {
  return spawn(process.execPath, [...(file === 'server.js' ? serverNodeFlags : []), path.join(buildDir, file)], {
    env: { ...process.env, SESSION_SECRET, SEED_STANDARD_ADMIN_EMAIL: ADMIN.email, SEED_STANDARD_ADMIN_PASSWORD: ADMIN.password, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

async function load(name, url, headers = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers })
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  }
}

/** The trends page over a year of daily data, one request at a time: loader + render, no queueing. */
async function trendsTimings(base, cookie) {
  const url = `${base}/customer/health-trends?range=1y`
  const timings = []
  for (let i = 0; i < TRENDS_RUNS + 5; i++) {
    const begun = performance.now()
    const response = await fetch(url, { headers: { cookie } })
    const html = await response.text()
    if (!response.ok || !html.includes('data-testid="weight-svg"')) throw new Error(`trends page: ${response.status}`)
    if (i >= 5) timings.push(performance.now() - begun) // the first five warm up
  }
  timings.sort((a, b) => a - b)
  const at = (q) => Math.round(timings[Math.min(timings.length - 1, Math.floor(q * timings.length))] * 10) / 10
  return { runs: timings.length, p50Ms: at(0.5), p99Ms: at(0.99) }
}

/**
 * The sign-in page under load: alone, then while an admin exports the whole cohort's log (the
 * heaviest read an admin can ask for) back to back for as long as the load lasts, once through the
 * app (POST /admin/reports/export: the API's work, then the app's JSON and CSV) and once on the API
 * directly (the API's work alone). Measured back to back, so that the machine's other load weighs
 * on the three alike.
 */
async function exportWhileBrowsing(base, apiUrl, adminCookie, apiToken) {
  const viaApp = async () => {
    const response = await fetch(`${base}/admin/reports/export`, {
      method: 'POST',
      body: new URLSearchParams({ dataset: 'entries', mode: 'deidentified' }),
      redirect: 'manual',
      headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded', cookie: adminCookie },
    })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`export through the app: ${response.status}`)
    return Number(response.headers.get('x-export-rows'))
  }
  const onApi = async () => {
    const response = await fetch(new URL('v1/admin/exports/entries/?mode=deidentified', apiUrl), { headers: { Authorization: `Bearer ${apiToken}` } })
    const body = await response.json()
    if (response.status !== 200) throw new Error(`export on the API: ${response.status}`)
    return body.content.row_count
  }
  const during = async (name, exportOnce) => {
    let running = true
    const times = []
    let rows = 0
    const exporter = (async () => {
      while (running) {
        const begun = performance.now()
        rows = await exportOnce()
        times.push(performance.now() - begun)
      }
    })()
    // Let the first export begin before the measured load.
    await new Promise((r) => setTimeout(r, 200))
    const row = await load(name, `${base}/customer/signin`)
    running = false
    await exporter
    times.sort((a, b) => a - b)
    return { ...row, exports: times.length, exportRows: rows, exportP50Ms: Math.round(times[Math.floor(times.length / 2)] ?? 0) }
  }
  return {
    alone: await load('GET /customer/signin, alone', `${base}/customer/signin`),
    appExports: await during('GET /customer/signin, exports through the app', viaApp),
    apiExports: await during('GET /customer/signin, exports on the API', onApi),
  }
}

async function apiAdminToken(apiUrl) {
  const response = await fetch(new URL('v1/admin/login/', apiUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const body = await response.json()
  if (!response.ok) throw new Error(`API admin sign-in: ${response.status} ${body.message}`)
  return body.content.access_token
}

/** Seeds one database (a PGlite data directory or a PostgreSQL database) with the same data. */
async function seed(dataDir, storeOptions) {
  const demoPatients = await seedDemoPatients(dataDir, storeOptions)
  const leo = demoPatients.find((p) => p.state === 'onboarded_lbs')
  const today = new Date()
  const pad = (n) => String(n).padStart(2, '0')
  await seedHistoryInDataDir(dataDir, leo.email, { days: TRENDS_DAYS, today: `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}` }, storeOptions)
  return leo
}

/** One column of the table: the app and its API (at `apiUrl`) started, `children` their processes. */
async function measure(base, apiUrl, children, leo) {
  await new Promise((r) => setTimeout(r, 2000))
  const rssIdle = rssOf(children)
  const html = await (await fetch(`${base}/customer/signin`)).text()
  const asset = /\/build\/_shared\/[\w-]+\.js/.exec(html)?.[0] ?? /\/build\/[\w./-]+\.js/.exec(html)?.[0]
  // Warm-up so JIT and caches don't count against the first target.
  await autocannon({ url: `${base}/customer/signin`, connections: 4, amount: 200 })
  const rows = {}
  if (asset) rows.asset = await load(`GET static asset (${path.basename(asset)})`, `${base}${asset}`)
  rows.simplest = await load('GET /not-authorized', `${base}/not-authorized`)
  rows.signin = await load('GET /customer/signin', `${base}/customer/signin`)
  const leoCookie = await signedInCookie(base, 'customer', leo.email, leo.password)
  if (!leoCookie) throw new Error('could not sign Leo in')
  rows.dashboard = await load('GET /customer/dashboard (Leo)', `${base}/customer/dashboard`, { cookie: leoCookie })
  const trends = await trendsTimings(base, leoCookie)
  const adminCookie = await signedInCookie(base, 'admin', ADMIN.email, ADMIN.password)
  if (!adminCookie) throw new Error('could not sign the bench admin in')
  const exportRuns = await exportWhileBrowsing(base, apiUrl, adminCookie, await apiAdminToken(apiUrl))
  await new Promise((r) => setTimeout(r, 2000))
  return { rows, trends, exportRuns, rss: { idleMb: rssIdle, afterLoadMb: rssOf(children) } }
}

async function embeddedColumn() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baricare-bench-'))
  try {
    // Seeded before the server opens the database, so the two never write at once.
    const leo = await seed(dataDir, {})
    const apiPort = PORT + 3
    const server = start('server.js', { NODE_ENV: 'production', EMBEDDED_PROVIDER: '1', PORT: String(PORT), PROVIDER_PORT: String(apiPort), DATA_DIR: dataDir, PROVIDER_API_URL: '' })
    try {
      await waitFor(`http://127.0.0.1:${PORT}/healthz`, server)
      return await measure(`http://127.0.0.1:${PORT}`, `http://127.0.0.1:${apiPort}/`, [server], leo)
    } finally {
      await stop(server)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function postgresColumn() {
  if (process.env.BENCH_POSTGRES === '0') return { skipped: 'BENCH_POSTGRES=0' }
  const { findPostgresBin, startPostgresServer } = await bundled('tests/support/postgres.ts', 'bench-postgres.mjs')
  const bin = findPostgresBin()
  if (!bin) return { skipped: 'no PostgreSQL server binaries (apt-get install postgresql)' }
  const postgres = await startPostgresServer(bin)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baricare-bench-pg-'))
  try {
    const databaseUrl = `${postgres.baseUrl}/postgres`
    const leo = await seed(dataDir, { databaseUrl })
    const apiPort = PORT + 2
    const api = start('api.js', { NODE_ENV: 'production', DATABASE_URL: databaseUrl, PROVIDER_PORT: String(apiPort), DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${PORT + 1}` })
    let app
    try {
      // The app asks the API for its ADMIN_MFA at start: the API first.
      await waitFor(`http://127.0.0.1:${apiPort}/healthz`, api)
      app = start('server.js', { NODE_ENV: 'production', PORT: String(PORT + 1), PROVIDER_API_URL: `http://127.0.0.1:${apiPort}/` })
      await waitFor(`http://127.0.0.1:${PORT + 1}/healthz`, app)
      return { version: postgres.version, ...(await measure(`http://127.0.0.1:${PORT + 1}`, `http://127.0.0.1:${apiPort}/`, [app, api], leo)) }
    } finally {
      if (app) await stop(app)
      await stop(api)
    }
  } finally {
    postgres.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const embedded = await embeddedColumn()
const postgres = await postgresColumn()

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`
console.log(`\nBariCare benchmark — ${CONNECTIONS} connections × ${DURATION} s per target, loopback, ${machine}\n`)
const columns = [['embedded PGlite', embedded], [postgres.skipped ? `PostgreSQL (skipped: ${postgres.skipped})` : `PostgreSQL ${/(\d+\.\d+)/.exec(postgres.version ?? '')?.[1] ?? ''}`.trim(), postgres]]
const WIDTH = 60
console.log(''.padEnd(44) + columns.map(([name]) => name.slice(0, WIDTH - 2).padEnd(WIDTH)).join(''))
const cell = (column, fn) => (column.rows ? fn(column) : '—').padEnd(WIDTH)
const line = (label, fn) => console.log(label.padEnd(44) + columns.map(([, column]) => cell(column, fn)).join(''))
const perSecond = (row) => `${row.requestsPerSecond} req/s`
const errors = (row) => (row.errors ? `, ${row.errors} errors` : '')
line('server RSS idle → after load', (c) => `${c.rss.idleMb} → ${c.rss.afterLoadMb} MB`)
line('static asset', (c) => `${perSecond(c.rows.asset)}${errors(c.rows.asset)}`)
line('/not-authorized (simplest page)', (c) => `${perSecond(c.rows.simplest)}${errors(c.rows.simplest)}`)
line('/customer/signin', (c) => `${perSecond(c.rows.signin)} (${(c.rows.signin.requestsPerSecond / c.rows.simplest.requestsPerSecond).toFixed(2)}× simplest)${errors(c.rows.signin)}`)
line('dashboard (Leo)', (c) => `${perSecond(c.rows.dashboard)}, p50 ${c.rows.dashboard.p50Ms}, p99 ${c.rows.dashboard.p99Ms} ms${errors(c.rows.dashboard)}`)
line('dashboard / static asset', (c) => (c.rows.dashboard.requestsPerSecond / c.rows.asset.requestsPerSecond).toFixed(3))
line(`1-year trends, one at a time (${TRENDS_RUNS} runs)`, (c) => `p50 ${c.trends.p50Ms} ms, p99 ${c.trends.p99Ms} ms`)
const during = (key) => (c) => {
  const row = c.exportRuns[key]
  return `p99 ${row.p99Ms} ms (${(row.p99Ms / c.exportRuns.alone.p99Ms).toFixed(2)}×), ${perSecond(row)}; ${row.exports} exports, p50 ${row.exportP50Ms} ms${errors(row)}`
}
line('/customer/signin, alone', (c) => `p99 ${c.exportRuns.alone.p99Ms} ms, ${perSecond(c.exportRuns.alone)}${errors(c.exportRuns.alone)}`)
line('  while exports run through the app', during('appExports'))
line('  while exports run on the API', during('apiExports'))
line('  (each export: the cohort log)', (c) => `${c.exportRuns.appExports.exportRows} rows`)
console.log('\nRSS: the embedded server is one process (the API in a worker thread); on PostgreSQL, the app and the API processes (the database server not counted).')

mkdirSync('bench-results', { recursive: true })
writeFileSync('bench-results/bench.json', JSON.stringify({ date: new Date().toISOString(), machine, connections: CONNECTIONS, durationSeconds: DURATION, embedded, postgres }, null, 2))
console.log('written to bench-results/bench.json')
