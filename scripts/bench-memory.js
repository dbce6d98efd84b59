// `npm run bench:memory` (and the end of `npm run bench`): resident memory of the app server and of
// the BariCare API, apart and together, idle and after a bounded load on loopback:
//   - the API alone (`build/api.js`, embedded PGlite in a temporary data directory),
//   - the app alone (`build/server.js` pointed at that API: no database packages loaded),
//   - the embedded setup (`build/server.js` with the embedded API in a worker thread of its
//     process, what `npm start` runs): the whole process, and any process it has started.
// Prints a table and writes it to bench-results/memory.json. Not a test: it prints numbers.
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { stop, treeRssMb, waitFor } from './bench-processes.js'

const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3400) + 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
if (!existsSync(path.join(buildDir, 'server.js'))) {
  console.error('No build found: run `npm run build` first.')
  process.exit(1)
}

function start(file, env) {
  return spawn(process.execPath, [path.join(buildDir, file)], {
    env: { ...process.env, SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789ab', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

/** Public pages only: what every visitor costs, with nothing to sign in to. */
async function load(base) {
  for (const url of [`${base}/customer/signin`, `${base}/admin/signin`, `${base}/not-authorized`]) {
    await autocannon({ url, connections: 10, duration: SECONDS })
  }
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
  await load(`http://127.0.0.1:${BASE_PORT}`)
  await settle()
  rows.push({ what: 'app alone (external API)', idleMb: idle.app, afterLoadMb: treeRssMb(app.pid) })
  rows.push({ what: 'API alone (embedded PGlite)', idleMb: idle.api, afterLoadMb: treeRssMb(api.pid) })
  await stop(app)
  await stop(api)

  // The embedded setup, as `npm start` runs it: one process, the API in a worker thread.
  const together = start('server.js', { NODE_ENV: 'production', PORT: String(BASE_PORT + 2), DATA_DIR: tempDir(), EMBEDDED_PROVIDER: '1', PROVIDER_API_URL: '' })
  await waitFor(`http://127.0.0.1:${BASE_PORT + 2}/healthz`, together)
  await settle()
  const togetherIdle = treeRssMb(together.pid)
  await load(`http://127.0.0.1:${BASE_PORT + 2}`)
  await settle()
  rows.push({ what: 'embedded setup (app + API thread)', idleMb: togetherIdle, afterLoadMb: treeRssMb(together.pid) })
  await stop(together)
} finally {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
}

console.log(`\nresident memory (RSS, MB), idle and after ${3 * SECONDS} s of public pages at 10 connections`)
console.log('what'.padEnd(36) + 'idle'.padStart(8) + 'after'.padStart(8))
for (const row of rows) console.log(row.what.padEnd(36) + String(row.idleMb).padStart(8) + String(row.afterLoadMb).padStart(8))
mkdirSync('bench-results', { recursive: true })
writeFileSync('bench-results/memory.json', JSON.stringify({ date: new Date().toISOString(), rows }, null, 2))
