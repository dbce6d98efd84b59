// The server's CPU time per request, read from /proc (user + system time of the server's threads).
// On a machine shared with other work, wall time and requests per second move with the neighbours'
// load; the CPU a request costs the server does not, so this is the measure to compare one change
// with the next. The production build (`npm run build` first), Leo's demo data. Linux only. Not a
// test: it prints numbers. One tool, two modes:
//
// `node scripts/bench-cpu.js pages` (`npm run bench:cpu`): page by page (a static asset as it is
// and as a browser asks for it, /not-authorized, sign-in, the dashboard), 4 requests at a time,
// the embedded API with its worker thread counted apart ("api"). BENCH_CPU_REQUESTS (default 400)
// requests each after 50 warm-ups; BENCH_CPU_ONLY=signin,dashboard measures only the targets whose
// names hold those words;
// BENCH_CPU_SAVE=dir writes one answer of each target there, as sent (to see what a page weighs).
// BENCH_CPU_ENGINE=postgres runs the same targets with the app and the API as two processes on a
// throwaway PostgreSQL server ("render": the app's main thread, "api": the API process, "other":
// the app's other threads; "db": the database server's processes, counted in the total).
//
// `node scripts/bench-cpu.js trends` (`npm run bench:trends-cpu`): the trends page with a year of
// daily log (~3,000 entries) one request at a time, its HTML bytes and wall-clock p50; embedded
// (render and API threads apart), then on PostgreSQL when its binaries are installed (the app and
// the API processes; the database server not counted; BENCH_POSTGRES=0 skips it).
// BENCH_TRENDS_RUNS (default 100) requests after 10 warm-ups; BENCH_TRENDS_RANGE (default 1y);
// BENCH_TRENDS_HTML=file.html keeps the last page to look at.
//
// Both: BENCH_PORT; BENCH_CPU_PROF=dir writes V8 CPU profiles of the server's threads there (node
// --cpu-prof); BUILD_DIR picks another build (to compare two side by side).
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { postgresCpuMs, processCpuMs, serverNodeFlags, signedInCookie, stop, threadCpuMs, waitFor } from './bench-processes.js'

const MODES = ['pages', 'trends']
const mode = process.argv[2] ?? 'pages'
if (!MODES.includes(mode)) {
  console.error(`Usage: node scripts/bench-cpu.js [${MODES.join('|')}]`)
  process.exit(2)
}
const PORT = Number(process.env.BENCH_PORT ?? (mode === 'pages' ? 3450 : 3460))
const SESSION_SECRET = 'bench-secret-0123456789abcdef0123456789ab'
const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null

if (!existsSync(path.join(buildDir, 'server.js'))) {
  console.error('No build found: run `npm run build` first.')
  process.exit(1)
}
const { seedDemoPatients } = await import(pathToFileURL(path.join(buildDir, 'provider-seed.js')).href)

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
const round1 = (ms) => Math.round(ms * 10) / 10

/** A built server file (server.js, api.js) as a child process; its stderr shows. */
function start(file, env) {
  const args = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
  const flags = file === 'server.js' ? serverNodeFlags : []
  return spawn(process.execPath, [...flags, ...args, path.join(buildDir, file)], {
    env: { ...process.env, SESSION_SECRET, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

/** The app with the embedded API on a fresh copy of the demo data; `seed` adds to it first. */
async function withEmbeddedServer(seed, work) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baricare-bench-cpu-'))
  let server
  try {
    const leo = await seed(dataDir, {})
    const apiPort = PORT + 1
    server = start('server.js', { EMBEDDED_PROVIDER: '1', PORT: String(PORT), PROVIDER_PORT: String(apiPort), DATA_DIR: dataDir, PROVIDER_API_URL: '' })
    const base = `http://127.0.0.1:${PORT}`
    await waitFor(`${base}/healthz`, server)
    const apiTid = await findApiThread(server.pid, `http://127.0.0.1:${apiPort}/`)
    return await work({ base, server, apiTid, leo })
  } finally {
    if (server) await stop(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** A TypeScript module of the repository, bundled beside the build to be imported here. */
async function bundled(entry, name) {
  const outfile = path.join(buildDir, name)
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', outfile, logLevel: 'warning' })
  return import(pathToFileURL(outfile).href)
}

/**
 * The app and the API as two processes on a throwaway PostgreSQL server, when one can be started
 * (else null); `seed` writes the data first. `work` gets the app's URL, both processes and the
 * database server's port.
 */
async function withPostgresServers(seed, work) {
  if (process.env.BENCH_POSTGRES === '0') return null
  const { findPostgresBin, startPostgresServer } = await bundled('tests/support/postgres.ts', 'bench-postgres.mjs')
  const bin = findPostgresBin()
  if (!bin) return null
  const pg = await startPostgresServer(bin)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baricare-bench-cpu-pg-'))
  try {
    const databaseUrl = `${pg.baseUrl}/postgres`
    const leo = await seed(dataDir, { databaseUrl })
    const apiPort = PORT + 2
    const api = start('api.js', { DATABASE_URL: databaseUrl, PROVIDER_PORT: String(apiPort), DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${PORT + 1}` })
    let app
    try {
      await waitFor(`http://127.0.0.1:${apiPort}/healthz`, api)
      app = start('server.js', { PORT: String(PORT + 1), PROVIDER_API_URL: `http://127.0.0.1:${apiPort}/` })
      await waitFor(`http://127.0.0.1:${PORT + 1}/healthz`, app)
      return await work({ base: `http://127.0.0.1:${PORT + 1}`, app, api, pgPort: pg.port, leo })
    } finally {
      if (app) await stop(app)
      await stop(api)
    }
  } finally {
    pg.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The process's own thread (rendering), the API's worker, the rest (GC helpers, libuv). */
function groupOf(pid, tid, apiTid) {
  if (String(tid) === String(pid)) return 'main'
  if (tid === apiTid) return 'api'
  return 'other'
}

/** CPU ms each group of threads of `pid` used between two threadCpuMs readings. */
function threadGroups(pid, apiTid, before, after) {
  const sums = { main: 0, api: 0, other: 0 }
  for (const [tid, { ms }] of after) sums[groupOf(pid, tid, apiTid)] += ms - (before.get(tid)?.ms ?? 0)
  return sums
}

/**
 * The worker thread that answers API calls: the one Node names `WorkerThread` (the app starts no
 * other worker), else the one whose CPU grows most while only the API works. Growth alone can pick
 * a GC helper, which under a loaded machine grows as much as the API's thread.
 */
async function findApiThread(pid, apiUrl) {
  const named = [...threadCpuMs(pid)].filter(([, { name }]) => name === 'WorkerThread')
  if (named.length === 1) return named[0][0]
  const before = threadCpuMs(pid)
  await autocannon({ url: new URL('healthz', apiUrl).href, connections: 2, amount: 1500 })
  const after = threadCpuMs(pid)
  let best = null
  let most = -1
  for (const [tid, { ms }] of after) {
    if (String(tid) === String(pid)) continue
    const grew = ms - (before.get(tid)?.ms ?? 0)
    if (grew > most) [best, most] = [tid, grew]
  }
  return best
}

const demoLeo = async (dataDir, storeOptions) =>
  (await seedDemoPatients(dataDir, storeOptions)).find((p) => p.state === 'onboarded_lbs')

// ---- pages: several pages under a small concurrent load ----

async function pages() {
  const requests = Number(process.env.BENCH_CPU_REQUESTS ?? 400)
  const postgres = process.env.BENCH_CPU_ENGINE === 'postgres'
  /** `cpu()` reads every counter; `split(before, after)` gives the milliseconds by group. */
  const measure = async ({ cpu, split }, name, url, headers = {}) => {
    await autocannon({ url, connections: 4, amount: 50, headers })
    const before = cpu()
    const result = await autocannon({ url, connections: 4, amount: requests, headers })
    const sums = split(before, cpu())
    const done = result.requests.total
    const per = (ms) => Math.round((ms / done) * 100) / 100
    const bad = result.non2xx + result.errors
    const total = sums.main + sums.api + sums.other + (sums.db ?? 0)
    return { name, bad, main: per(sums.main), api: per(sums.api), other: per(sums.other), db: sums.db === undefined ? null : per(sums.db), total: per(total) }
  }
  const targetsOf = async (base, leo) => {
    const cookie = await signedInCookie(base, 'customer', leo.email, leo.password)
    if (!cookie) throw new Error('could not sign Leo in')
    const html = await (await fetch(`${base}/customer/signin`)).text()
    const asset = /\/build\/_shared\/[\w-]+\.js/.exec(html)?.[0]
    return [
      ['static asset', `${base}${asset}`, {}],
      ['static asset, as a browser asks (br)', `${base}${asset}`, { 'accept-encoding': 'gzip, deflate, br, zstd' }],
      ['/not-authorized', `${base}/not-authorized`, {}],
      ['/customer/signin', `${base}/customer/signin`, {}],
      ['/customer/dashboard (Leo)', `${base}/customer/dashboard`, { cookie }],
      ['/customer/dashboard (Leo), gzip', `${base}/customer/dashboard`, { cookie, 'accept-encoding': 'gzip, deflate, br' }],
    ]
  }
  const measureAll = async (targets, counters) => {
    const only = process.env.BENCH_CPU_ONLY?.split(',')
    const measured = []
    for (const [name, url, headers] of targets) {
      if (only && !only.some((o) => name.includes(o))) continue
      if (process.env.BENCH_CPU_SAVE) {
        const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } })
        mkdirSync(process.env.BENCH_CPU_SAVE, { recursive: true })
        writeFileSync(path.join(process.env.BENCH_CPU_SAVE, `${name.replace(/[^\w]+/g, '_')}.txt`), Buffer.from(await response.arrayBuffer()))
      }
      measured.push(await measure(counters, name, url, headers))
    }
    return measured
  }
  const rows = postgres
    ? await withPostgresServers(demoLeo, async ({ base, app, api, pgPort, leo }) => {
        const cpu = () => ({ app: threadCpuMs(app.pid), api: processCpuMs(api.pid), db: postgresCpuMs(pgPort) })
        const split = (before, after) => {
          const threads = threadGroups(app.pid, null, before.app, after.app)
          return { main: threads.main, other: threads.other, api: after.api - before.api, db: after.db - before.db }
        }
        return measureAll(await targetsOf(base, leo), { cpu, split })
      })
    : await withEmbeddedServer(demoLeo, async ({ base, server, apiTid, leo }) => {
        const cpu = () => threadCpuMs(server.pid)
        const split = (before, after) => threadGroups(server.pid, apiTid, before, after)
        return measureAll(await targetsOf(base, leo), { cpu, split })
      })
  if (!rows) {
    console.error('No PostgreSQL server binaries found (POSTGRES_BIN, /usr/lib/postgresql/<version>/bin).')
    process.exit(1)
  }
  const engine = postgres ? 'PostgreSQL' : 'embedded PGlite'
  console.log(`\nServer CPU per request (ms; ${engine}; ${requests} requests each, 4 at a time; load average ${loadAverage()})\n`)
  const db = (row) => (postgres ? String(row.db).padStart(8) : '')
  console.log('target'.padEnd(36) + 'total'.padStart(8) + 'render'.padStart(8) + 'api'.padStart(8) + 'other'.padStart(8) + (postgres ? 'db'.padStart(8) : ''))
  for (const row of rows) {
    console.log(
      row.name.padEnd(36) + String(row.total).padStart(8) + String(row.main).padStart(8) + String(row.api).padStart(8) + String(row.other).padStart(8) + db(row) + (row.bad ? `  (${row.bad} not 2xx)` : ''),
    )
  }
  console.log(
    postgres
      ? "\nrender: the app's main thread (express, Remix, React); api: the API process; other: the app's other threads (GC helpers, libuv); db: the PostgreSQL server's processes."
      : "\nrender: the process's main thread (express, Remix, React); api: the embedded API's worker thread; other: GC helpers, libuv.",
  )
}

// ---- trends: the 1-year trends page, one request at a time ----

async function trends() {
  const runs = Number(process.env.BENCH_TRENDS_RUNS ?? 100)
  const range = process.env.BENCH_TRENDS_RANGE ?? '1y'
  const days = 365
  const { seedHistoryInDataDir } = await bundled('provider/dev/history.ts', 'bench-trends-history.mjs')
  const seedYear = async (dataDir, storeOptions) => {
    const leo = await demoLeo(dataDir, storeOptions)
    const now = new Date()
    const pad = (n) => String(n).padStart(2, '0')
    const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
    await seedHistoryInDataDir(dataDir, leo.email, { days, today }, storeOptions)
    return leo
  }
  /** One request at a time; `cpu()` reads the CPU counters before and after, `split` names them. */
  const measure = async (base, leo, cpu) => {
    const cookie = await signedInCookie(base, 'customer', leo.email, leo.password)
    if (!cookie) throw new Error('could not sign Leo in')
    const url = `${base}/customer/health-trends?range=${range}`
    let bytes = 0
    const get = async () => {
      const response = await fetch(url, { headers: { cookie, 'Accept-Encoding': 'identity' } })
      const html = await response.text()
      if (!response.ok || !html.includes('data-testid="weight-svg"')) throw new Error(`trends page: ${response.status}`)
      bytes = Buffer.byteLength(html)
      return html
    }
    for (let i = 0; i < 10; i++) await get()
    if (process.env.BENCH_TRENDS_HTML) writeFileSync(process.env.BENCH_TRENDS_HTML, await get())
    const before = cpu()
    const timings = []
    for (let i = 0; i < runs; i++) {
      const begun = performance.now()
      await get()
      timings.push(performance.now() - begun)
    }
    const after = cpu()
    timings.sort((a, b) => a - b)
    return { before, after, htmlBytes: bytes, p50Ms: round1(timings[Math.floor(runs / 2)]), load: loadAverage() }
  }

  const e = await withEmbeddedServer(seedYear, async ({ base, server, apiTid, leo }) => {
    const m = await measure(base, leo, () => threadCpuMs(server.pid))
    const sums = threadGroups(server.pid, apiTid, m.before, m.after)
    return { ...m, render: round1(sums.main / runs), api: round1(sums.api / runs), other: round1(sums.other / runs), total: round1((sums.main + sums.api + sums.other) / runs) }
  })
  console.log(
    `embedded:   server CPU ${e.total} ms/request (render ${e.render}, api ${e.api}, other ${e.other}), HTML ${e.htmlBytes} bytes, p50 ${e.p50Ms} ms (load ${e.load})`,
  )
  const p = await withPostgresServers(seedYear, async ({ base, app, api, leo }) => {
    const pids = [app.pid, api.pid]
    const m = await measure(base, leo, () => pids.map(processCpuMs))
    return { ...m, cpu: pids.map((_, k) => round1((m.after[k] - m.before[k]) / runs)) }
  })
  if (p) {
    const [app, api] = p.cpu
    console.log(
      `PostgreSQL: app CPU ${app} + API CPU ${api} = ${round1(app + api)} ms/request, HTML ${p.htmlBytes} bytes, p50 ${p.p50Ms} ms (load ${p.load})`,
    )
  }
}

await (mode === 'pages' ? pages() : trends())
