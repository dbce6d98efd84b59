// `npm run bench:cpu`: the server's CPU time per request, page by page, read from /proc (user +
// system time of each thread of the server process). On a machine shared with other work, wall
// time and requests per second move with the neighbours' load; the CPU a request costs the server
// does not, so this is the measure to compare one change with the next. The production build with
// the embedded API (its worker thread counted apart: "api"), Leo's demo data as in `npm run bench`.
// BENCH_CPU_PROF=dir also writes V8 CPU profiles of both threads there (node --cpu-prof);
// BENCH_CPU_ONLY=signin,dashboard measures only the targets whose names hold those words;
// BENCH_CPU_SAVE=dir writes one answer of each target there, as sent (to see what a page weighs).
// Linux only. Not a test: it prints numbers.
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { serverNodeFlags, signedInCookie, stop, threadCpuMs, waitFor } from './bench-processes.js'

const PORT = Number(process.env.BENCH_PORT ?? 3450)
const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 400)
const SESSION_SECRET = 'bench-secret-0123456789abcdef0123456789ab'
const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null

if (!existsSync(path.join(buildDir, 'server.js'))) {
  console.error('No build found: run `npm run build` first.')
  process.exit(1)
}

/** Which thread is which: the process's own (rendering), the API's worker, the rest (GC, libuv). */
function groupOf(pid, tid, name, apiTid) {
  if (String(tid) === String(pid)) return 'main'
  if (tid === apiTid) return 'api'
  return 'other'
}

async function measure(pid, apiTid, name, url, headers = {}) {
  await autocannon({ url, connections: 4, amount: 50, headers })
  const before = threadCpuMs(pid)
  const result = await autocannon({ url, connections: 4, amount: REQUESTS, headers })
  const after = threadCpuMs(pid)
  const sums = { main: 0, api: 0, other: 0 }
  for (const [tid, { name: threadName, ms }] of after) {
    sums[groupOf(pid, tid, threadName, apiTid)] += ms - (before.get(tid)?.ms ?? 0)
  }
  const done = result.requests.total
  const per = (ms) => Math.round((ms / done) * 100) / 100
  const bad = result.non2xx + result.errors
  return { name, requests: done, bad, main: per(sums.main), api: per(sums.api), other: per(sums.other), total: per(sums.main + sums.api + sums.other) }
}

/** The worker thread that answers API calls: the one whose CPU grows most while only the API works. */
async function findApiThread(pid, apiUrl) {
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

const { seedDemoPatients } = await import(pathToFileURL(path.join(buildDir, 'provider-seed.js')).href)
const dataDir = mkdtempSync(path.join(tmpdir(), 'baricare-bench-cpu-'))
let server
try {
  const patients = await seedDemoPatients(dataDir, {})
  const leo = patients.find((p) => p.state === 'onboarded_lbs')
  const apiPort = PORT + 1
  const args = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
  server = spawn(process.execPath, [...serverNodeFlags, ...args, path.join(buildDir, 'server.js')], {
    env: { ...process.env, SESSION_SECRET, NODE_ENV: 'production', EMBEDDED_PROVIDER: '1', PORT: String(PORT), PROVIDER_PORT: String(apiPort), DATA_DIR: dataDir, PROVIDER_API_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${PORT}`
  await waitFor(`${base}/healthz`, server)
  const apiTid = await findApiThread(server.pid, `http://127.0.0.1:${apiPort}/`)
  const cookie = await signedInCookie(base, 'customer', leo.email, leo.password)
  if (!cookie) throw new Error('could not sign Leo in')
  const html = await (await fetch(`${base}/customer/signin`)).text()
  const asset = /\/build\/_shared\/[\w-]+\.js/.exec(html)?.[0]
  const rows = []
  const only = process.env.BENCH_CPU_ONLY?.split(',')
  const targets = [
    ['static asset', `${base}${asset}`, {}],
    ['/not-authorized', `${base}/not-authorized`, {}],
    ['/customer/signin', `${base}/customer/signin`, {}],
    ['/customer/dashboard (Leo)', `${base}/customer/dashboard`, { cookie }],
    ['/customer/dashboard (Leo), gzip', `${base}/customer/dashboard`, { cookie, 'accept-encoding': 'gzip, deflate, br' }],
  ]
  for (const [name, url, headers] of targets) {
    if (only && !only.some((o) => name.includes(o))) continue
    if (process.env.BENCH_CPU_SAVE) {
      const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } })
      mkdirSync(process.env.BENCH_CPU_SAVE, { recursive: true })
      writeFileSync(path.join(process.env.BENCH_CPU_SAVE, `${name.replace(/[^\w]+/g, '_')}.txt`), Buffer.from(await response.arrayBuffer()))
    }
    rows.push(await measure(server.pid, apiTid, name, url, headers))
  }
  console.log(`\nServer CPU per request (ms; ${REQUESTS} requests each, 4 at a time; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})\n`)
  console.log('target'.padEnd(36) + 'total'.padStart(8) + 'render'.padStart(8) + 'api'.padStart(8) + 'other'.padStart(8))
  for (const row of rows) {
    console.log(
      row.name.padEnd(36) + String(row.total).padStart(8) + String(row.main).padStart(8) + String(row.api).padStart(8) + String(row.other).padStart(8) + (row.bad ? `  (${row.bad} not 2xx)` : ''),
    )
  }
  console.log('\nrender: the process\'s main thread (express, Remix, React); api: the embedded API\'s worker thread; other: GC helpers, libuv.')
} finally {
  if (server) await stop(server)
  rmSync(dataDir, { recursive: true, force: true })
}
