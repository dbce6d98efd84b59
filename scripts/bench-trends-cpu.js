// `node scripts/bench-trends-cpu.js` (after `npm run build`): the 1-year trends page's cost per
// request as the server's CPU time (utime + stime from /proc, every thread of the process: on the
// embedded engine the API's worker thread too; on PostgreSQL the app and the API processes, the
// database server not counted), the page's HTML bytes and the wall-clock p50, one request at a time.
// CPU time holds steadier than wall time on a machine others are loading. Embedded, then
// PostgreSQL when its binaries are installed (BENCH_POSTGRES=0 skips it). Linux only. Not a test.
// BENCH_TRENDS_RUNS (default 100) requests after 10 warm-ups; BENCH_TRENDS_RANGE (default 1y);
// BENCH_TRENDS_HTML=file.html keeps the last page to look at.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { processCpuMs, signedInCookie, stop, waitFor } from './bench-processes.js'

const PORT = Number(process.env.BENCH_PORT ?? 3460)
const RUNS = Number(process.env.BENCH_TRENDS_RUNS ?? 100)
const RANGE = process.env.BENCH_TRENDS_RANGE ?? '1y'
const DAYS = 365
const SESSION_SECRET = 'bench-secret-0123456789abcdef0123456789ab'
const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
if (!existsSync(path.join(buildDir, 'server.js'))) {
  console.error('No build found: run `npm run build` first.')
  process.exit(1)
}

const { seedDemoPatients } = await import(pathToFileURL(path.join(buildDir, 'provider-seed.js')).href)
async function bundled(entry, name) {
  const outfile = path.join(buildDir, name)
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  })
  return import(pathToFileURL(outfile).href)
}
const { seedHistoryInDataDir } = await bundled('provider/dev/history.ts', 'bench-trends-history.mjs')

function start(file, env) {
  return spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), path.join(buildDir, file)],
    {
      env: { ...process.env, SESSION_SECRET, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
}

async function seed(dataDir, storeOptions) {
  const leo = (await seedDemoPatients(dataDir, storeOptions)).find((p) => p.state === 'onboarded_lbs')
  const now = new Date()
  const pad = (n) => String(n).padStart(2, '0')
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
  await seedHistoryInDataDir(dataDir, leo.email, { days: DAYS, today }, storeOptions)
  return leo
}

async function measure(base, pids, leo) {
  const cookie = await signedInCookie(base, 'customer', leo.email, leo.password)
  if (!cookie) throw new Error('could not sign Leo in')
  const url = `${base}/customer/health-trends?range=${RANGE}`
  let bytes = 0
  const get = async () => {
    const response = await fetch(url, { headers: { cookie, 'Accept-Encoding': 'identity' } })
    const html = await response.text()
    if (!response.ok || !html.includes('data-testid="weight-svg"'))
      throw new Error(`trends page: ${response.status}`)
    bytes = Buffer.byteLength(html)
    return html
  }
  for (let i = 0; i < 10; i++) await get()
  if (process.env.BENCH_TRENDS_HTML) writeFileSync(process.env.BENCH_TRENDS_HTML, await get())
  const before = pids.map(processCpuMs)
  const timings = []
  for (let i = 0; i < RUNS; i++) {
    const begun = performance.now()
    await get()
    timings.push(performance.now() - begun)
  }
  const perProcess = pids.map((pid, k) => (processCpuMs(pid) - before[k]) / RUNS)
  timings.sort((a, b) => a - b)
  return {
    cpuMsPerRequest: perProcess.map((ms) => Math.round(ms * 10) / 10),
    htmlBytes: bytes,
    p50Ms: Math.round(timings[Math.floor(RUNS / 2)] * 10) / 10,
    loadAverage: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  }
}

async function embedded() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baricare-trends-cpu-'))
  try {
    const leo = await seed(dataDir, {})
    const server = start('server.js', {
      NODE_ENV: 'production',
      EMBEDDED_PROVIDER: '1',
      PORT: String(PORT),
      PROVIDER_PORT: String(PORT + 3),
      DATA_DIR: dataDir,
      PROVIDER_API_URL: '',
    })
    try {
      await waitFor(`http://127.0.0.1:${PORT}/healthz`, server)
      return await measure(`http://127.0.0.1:${PORT}`, [server.pid], leo)
    } finally {
      await stop(server)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function postgres() {
  if (process.env.BENCH_POSTGRES === '0') return null
  const { findPostgresBin, startPostgresServer } = await bundled(
    'tests/support/postgres.ts',
    'bench-postgres.mjs',
  )
  const bin = findPostgresBin()
  if (!bin) return null
  const pg = await startPostgresServer(bin)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baricare-trends-cpu-pg-'))
  try {
    const databaseUrl = `${pg.baseUrl}/postgres`
    const leo = await seed(dataDir, { databaseUrl })
    const apiPort = PORT + 2
    const api = start('api.js', {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PROVIDER_PORT: String(apiPort),
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${PORT + 1}`,
    })
    let app
    try {
      await waitFor(`http://127.0.0.1:${apiPort}/healthz`, api)
      app = start('server.js', {
        NODE_ENV: 'production',
        PORT: String(PORT + 1),
        PROVIDER_API_URL: `http://127.0.0.1:${apiPort}/`,
      })
      await waitFor(`http://127.0.0.1:${PORT + 1}/healthz`, app)
      return await measure(`http://127.0.0.1:${PORT + 1}`, [app.pid, api.pid], leo)
    } finally {
      if (app) await stop(app)
      await stop(api)
    }
  } finally {
    pg.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const e = await embedded()
console.log(
  `embedded:   server CPU ${e.cpuMsPerRequest[0]} ms/request, HTML ${e.htmlBytes} bytes, p50 ${e.p50Ms} ms (load ${e.loadAverage})`,
)
const p = await postgres()
if (p) {
  const [app, api] = p.cpuMsPerRequest
  console.log(
    `PostgreSQL: app CPU ${app} + API CPU ${api} = ${Math.round((app + api) * 10) / 10} ms/request, HTML ${p.htmlBytes} bytes, p50 ${p.p50Ms} ms (load ${p.loadAverage})`,
  )
}
