// `npm run bench`: starts the production build with the embedded reference provider on loopback,
// applies a bounded load (autocannon) and prints requests/s and p50/p99 latency for:
//   - GET /customer/signin (a server-rendered public page),
//   - a fingerprinted static asset served by the same server (the ceiling),
//   - GET /customer/dashboard signed in (a guarded page that calls the provider),
// plus the signin/asset ratio, error counts and the server's memory before and after.
// Writes the table as JSON to bench-results/bench.json. Not a test: it prints numbers.
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const PORT = Number(process.env.BENCH_PORT ?? 3400)
const DURATION = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
const base = `http://127.0.0.1:${PORT}`

if (!existsSync(path.join(buildDir, 'server.js'))) {
  console.error('No build found: run `npm run build` first.')
  process.exit(1)
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'baricare-bench-'))
const { seedDemoPatients } = await import(pathToFileURL(path.join(buildDir, 'provider-seed.js')).href)
// Seed before the server opens the database, so the two never write at once.
const demoPatients = await seedDemoPatients(dataDir)

// A year of daily data for the lbs demo patient, for the trends measurement below. The seed
// module is TypeScript, so it is bundled on the fly (esbuild is already a dev dependency).
const TRENDS_DAYS = 365
const TRENDS_RUNS = Number(process.env.BENCH_TRENDS_RUNS ?? 60)
const trendsPatient = demoPatients.find((p) => p.state === 'onboarded_lbs')
if (trendsPatient) {
  const { build } = await import('esbuild')
  // Inside the build directory, so that its packages (pglite, pg) resolve from node_modules.
  const seedFile = path.join(buildDir, 'bench-trends-history.mjs')
  await build({ entryPoints: ['provider/dev/history.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', outfile: seedFile, logLevel: 'warning' })
  const { seedHistoryInDataDir } = await import(pathToFileURL(seedFile).href)
  const today = new Date()
  const pad = (n) => String(n).padStart(2, '0')
  await seedHistoryInDataDir(dataDir, trendsPatient.email, { days: TRENDS_DAYS, today: `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}` })
}

const server = spawn(process.execPath, [path.join(buildDir, 'server.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    EMBEDDED_PROVIDER: '1',
    SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789ab',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    PROVIDER_API_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})

function rssMb() {
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8')
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
  } catch {
    return null
  }
}

async function waitForHealth() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server did not start')
}

async function signedInCookie(state = 'onboarded_kg') {
  const onboarded = demoPatients.find((p) => p.state === state)
  if (!onboarded) return null
  const body = new URLSearchParams({ email: onboarded.email, password: onboarded.password })
  const response = await fetch(`${base}/customer/signin`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
  })
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0])
  const session = cookies.find((c) => c.startsWith('__session='))
  return session ?? null
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

try {
  await waitForHealth()
  const rssBefore = rssMb()
  const html = await (await fetch(`${base}/customer/signin`)).text()
  const asset = /\/build\/_shared\/[\w-]+\.js/.exec(html)?.[0] ?? /\/build\/[\w./-]+\.js/.exec(html)?.[0]
  const rows = []
  // Warm-up so JIT and caches don't count against the first target.
  await autocannon({ url: `${base}/customer/signin`, connections: 4, amount: 200 })
  rows.push(await load('GET /customer/signin', `${base}/customer/signin`))
  if (asset) rows.push(await load(`GET static asset (${path.basename(asset)})`, `${base}${asset}`))
  const cookie = await signedInCookie()
  if (cookie) rows.push(await load('GET /customer/dashboard (signed in)', `${base}/customer/dashboard`, { cookie }))
  else console.warn('dashboard: skipped (could not sign in a demo patient)')
  // One request at a time, so each latency is the server's loader + render for the page
  // (including its two provider calls on loopback), not queueing behind other requests.
  let trends = null
  const trendsCookie = trendsPatient ? await signedInCookie('onboarded_lbs') : null
  if (trendsCookie) {
    const url = `${base}/customer/health-trends?range=1y`
    const timings = []
    for (let i = 0; i < TRENDS_RUNS + 5; i++) {
      const start = performance.now()
      const response = await fetch(url, { headers: { cookie: trendsCookie } })
      const html = await response.text()
      if (!response.ok || !html.includes('data-testid="weight-svg"')) throw new Error(`trends page: ${response.status}`)
      if (i >= 5) timings.push(performance.now() - start) // the first five warm up
    }
    timings.sort((a, b) => a - b)
    const at = (q) => Math.round(timings[Math.min(timings.length - 1, Math.floor(q * timings.length))] * 10) / 10
    trends = { name: `GET /customer/health-trends?range=1y (${TRENDS_DAYS} days of daily data)`, runs: timings.length, p50Ms: at(0.5), p99Ms: at(0.99) }
  } else console.warn('trends: skipped (could not sign in the lbs demo patient)')
  const rssAfter = rssMb()

  const signin = rows[0]
  const ceiling = rows.find((r) => r.name.startsWith('GET static'))
  const ratio = ceiling ? signin.requestsPerSecond / ceiling.requestsPerSecond : null

  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`
  console.log(`\nBariCare benchmark — ${CONNECTIONS} connections × ${DURATION} s per target, loopback, ${machine}\n`)
  console.log('target'.padEnd(52) + 'req/s'.padStart(8) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + 'errors'.padStart(8))
  for (const r of rows) {
    console.log(r.name.padEnd(52) + String(r.requestsPerSecond).padStart(8) + String(r.p50Ms).padStart(9) + String(r.p99Ms).padStart(9) + String(r.errors).padStart(8))
  }
  if (ratio !== null) console.log(`\nsign-in page / static asset throughput ratio: ${ratio.toFixed(3)}`)
  console.log(`server RSS: ${rssBefore} MB before, ${rssAfter} MB after`)
  if (trends) console.log(`a year of daily data renders the trends page on the server in ${trends.p50Ms} ms (p50), ${trends.p99Ms} ms (p99) over ${trends.runs} sequential requests`)

  mkdirSync('bench-results', { recursive: true })
  writeFileSync(
    'bench-results/bench.json',
    JSON.stringify({ date: new Date().toISOString(), machine, connections: CONNECTIONS, durationSeconds: DURATION, rows, trends, signinToAssetRatio: ratio, rssMb: { before: rssBefore, after: rssAfter } }, null, 2),
  )
  console.log('written to bench-results/bench.json')
} finally {
  server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
