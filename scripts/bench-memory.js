// `npm run bench:memory` (and the end of `npm run bench`): resident memory of the app server and of
// the BariCare API, apart and together, idle and after a fixed load on loopback (BENCH_REQUESTS
// requests to each of three public pages, 10 at a time: a count, not a time, so a run on a loaded
// machine serves the same requests as one on a quiet machine):
//   - the API alone (`build/api.js`, embedded PGlite in a temporary data directory),
//   - the app alone (`build/server.js` pointed at that API: no database packages loaded),
//   - the embedded setup (`build/server.js` with the embedded API in a worker thread of its
//     process, what `npm start` runs): the whole process, and any process it has started.
// After the load each process collects its garbage (scripts/bench-memory-probe.js) and reports its
// main thread's heap: what is live, against what RSS shows. Prints a table and writes it to
// bench-results/memory.json. Not a test: it prints numbers.
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { serverNodeFlags, stop, treeRssMb, waitFor } from './bench-processes.js'

const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3400) + 50
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000)
const PAGES = ['/customer/signin', '/admin/signin', '/not-authorized']
const probe = pathToFileURL(fileURLToPath(new URL('bench-memory-probe.js', import.meta.url))).href
const MB = 1024 * 1024
if (!existsSync(path.join(buildDir, 'server.js'))) {
  console.error('No build found: run `npm run build` first.')
  process.exit(1)
}

function start(file, env) {
  const probeOut = path.join(tempDir(), 'heap.json')
  const flags = file === 'server.js' ? serverNodeFlags : []
  const child = spawn(process.execPath, [...flags, '--expose-gc', '--import', probe, path.join(buildDir, file)], {
    env: { ...process.env, SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789ab', BENCH_MEMORY_PROBE_OUT: probeOut, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  child.probeOut = probeOut
  return child
}

/** The main thread's heap after a full collection, in MB (null when the probe did not answer). */
async function heapAfterGc(child) {
  child.kill('SIGUSR2')
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100))
    if (!existsSync(child.probeOut)) continue
    try {
      const { after } = JSON.parse(readFileSync(child.probeOut, 'utf8'))
      return { heapUsedMb: Math.round(after.heapUsed / MB), heapTotalMb: Math.round(after.heapTotal / MB), externalMb: Math.round(after.external / MB) }
    } catch {
      // still being written
    }
  }
  return { heapUsedMb: null, heapTotalMb: null, externalMb: null }
}

/** Public pages only: what every visitor costs, with nothing to sign in to. The same count each run. */
async function load(base) {
  let requests = 0
  let seconds = 0
  for (const page of PAGES) {
    const result = await autocannon({ url: `${base}${page}`, connections: 10, amount: REQUESTS })
    requests += result.requests.total
    seconds += result.duration
  }
  return { requests, requestsPerSecond: Math.round(requests / seconds) }
}

const settle = () => new Promise((r) => setTimeout(r, 2000))
const rows = []
const dataDirs = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'baricare-bench-memory-'))
  dataDirs.push(dir)
  return dir
}

try {
  // The API alone, then the app alone in front of it.
  const apiPort = BASE_PORT + 1
  const api = start('api.js', { NODE_ENV: 'development', PROVIDER_PORT: String(apiPort), DATA_DIR: tempDir(), ADMIN_MFA: 'super' })
  await waitFor(`http://127.0.0.1:${apiPort}/healthz`, api)
  const app = start('server.js', {
    NODE_ENV: 'production',
    PORT: String(BASE_PORT),
    PROVIDER_API_URL: `http://127.0.0.1:${apiPort}/`,
    ADMIN_MFA: 'super',
  })
  await waitFor(`http://127.0.0.1:${BASE_PORT}/healthz`, app)
  await settle()
  const idle = { app: treeRssMb(app.pid), api: treeRssMb(api.pid) }
  const served = await load(`http://127.0.0.1:${BASE_PORT}`)
  await settle()
  const after = { app: treeRssMb(app.pid), api: treeRssMb(api.pid) }
  rows.push({ what: 'app alone (external API)', idleMb: idle.app, afterLoadMb: after.app, ...(await heapAfterGc(app)), ...served })
  rows.push({ what: 'API alone (embedded PGlite)', idleMb: idle.api, afterLoadMb: after.api, ...(await heapAfterGc(api)) })
  await stop(app)
  await stop(api)

  // The embedded setup, as `npm start` runs it: one process, the API in a worker thread.
  const together = start('server.js', { NODE_ENV: 'production', PORT: String(BASE_PORT + 2), DATA_DIR: tempDir(), EMBEDDED_PROVIDER: '1', PROVIDER_API_URL: '' })
  await waitFor(`http://127.0.0.1:${BASE_PORT + 2}/healthz`, together)
  await settle()
  const togetherIdle = treeRssMb(together.pid)
  const togetherServed = await load(`http://127.0.0.1:${BASE_PORT + 2}`)
  await settle()
  const togetherAfter = treeRssMb(together.pid)
  rows.push({ what: 'embedded setup (app + API thread)', idleMb: togetherIdle, afterLoadMb: togetherAfter, ...(await heapAfterGc(together)), ...togetherServed })
  await stop(together)
} finally {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
}

const cell = (value, width) => String(value ?? '–').padStart(width)
console.log(`\nresident memory (RSS, MB), idle and after ${REQUESTS} requests to each of ${PAGES.join(', ')} at 10 connections;`)
console.log('heap: the main thread\'s V8 heap after a full collection (used / reserved), MB; req/s: the load\'s pace')
console.log('what'.padEnd(36) + 'idle'.padStart(8) + 'after'.padStart(8) + 'heap'.padStart(12) + 'requests'.padStart(10) + 'req/s'.padStart(8))
for (const row of rows) {
  const heap = row.heapUsedMb === null ? '–' : `${row.heapUsedMb} / ${row.heapTotalMb}`
  console.log(row.what.padEnd(36) + cell(row.idleMb, 8) + cell(row.afterLoadMb, 8) + cell(heap, 12) + cell(row.requests, 10) + cell(row.requestsPerSecond, 8))
}
mkdirSync('bench-results', { recursive: true })
writeFileSync('bench-results/memory.json', JSON.stringify({ date: new Date().toISOString(), requestsPerPage: REQUESTS, pages: PAGES, rows }, null, 2))
