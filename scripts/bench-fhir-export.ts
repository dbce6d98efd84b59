// `npm run bench:fhir-export` (bundled and run by scripts/bench-fhir-export.js): a FHIR Bulk Data
// system export ($export, every type) of BENCH_FHIR_PATIENTS (default 10,000) patients with a year
// of weekly weights each (52, plus the scale seed's own six weeks of weights and meals), on a
// throwaway PostgreSQL server and on the embedded PGlite. Each engine is seeded set-wise by one
// child process (provider/dev/scale-seed.ts and one INSERT … SELECT for the year), then exported by
// another that starts the API in-process with its job runner, kicks the export off through the
// route handler (as a client with every scope), polls its status and measures: time from kick-off
// to manifest, resources per type, file sizes, and that process's resident memory (before, peak
// while exporting, VmHWM). Writes bench-results/bench-fhir-export.json. Not a test.
import { spawnSync } from 'node:child_process'
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { todayUtc } from '../provider/admin-patients-metrics.js'
import { findFhirRoute } from '../provider/fhir/dispatch.js'
import { bulkRoutes } from '../provider/fhir/bulk/routes.js'
import type { FhirReply, FhirRequest } from '../provider/fhir/types.js'
import { startProvider } from '../provider/index.js'
import { seedScalePatients } from '../provider/dev/scale-seed.js'
import { openStore, type StoreOptions } from '../provider/store/open.js'
import { findPostgresBin } from '../tests/support/postgres.js'
import { startBenchDatabase } from './bench-postgres.js'

const PATIENTS = Number(process.env.BENCH_FHIR_PATIENTS ?? 10_000)
const WEEKS = 52
const BASE = 'http://bench.test/fhir/'

interface ChildArgs {
  phase: 'seed' | 'export'
  dataDir: string
  databaseUrl: string | null
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 100) / 100
const statusMb = (field: 'VmRSS' | 'VmHWM') =>
  Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024)

function storeOptions(args: ChildArgs): StoreOptions {
  return args.databaseUrl ? { databaseUrl: args.databaseUrl } : {}
}

async function seed(args: ChildArgs): Promise<SeedResult> {
  const started = performance.now()
  const db = await openStore(args.dataDir, storeOptions(args))
  try {
    const today = todayUtc()
    await seedScalePatients(db, 0, PATIENTS, { today })
    // A year of weekly weights for every patient, set-wise: one statement.
    await db.run(
      `INSERT INTO health_entries (account_id, kind, day, time_of_day, fields, source, created_at, updated_at)
       SELECT a.id, 'weight', CAST(? AS date) - 7 * (w + 6), '07:30',
         jsonb_build_object('weight', round((130 - w * 0.4 + a.id % 20)::numeric, 1), 'weight_unit', 'kg', 'note', ''),
         'manual', now(), now()
       FROM accounts a CROSS JOIN generate_series(0, ${WEEKS - 1}) w WHERE a.portal = 'customer'`,
      [today],
    )
    await db.run('VACUUM ANALYZE')
    const entries = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM health_entries')
    return { seed_seconds: Math.round((performance.now() - started) / 100) / 10, entries: Number(entries?.n ?? 0) }
  } finally {
    await db.close()
  }
}

async function answer(ctx: FhirRequest['ctx'], target: string): Promise<FhirReply> {
  const url = new URL(target, BASE)
  const path = url.pathname.slice('/fhir/'.length)
  const found = findFhirRoute(bulkRoutes, 'GET', path)
  if (!found || found === 'method-not-allowed') throw new Error(`no route for ${path}`)
  return found.route.handle({
    ctx,
    method: 'GET',
    path,
    params: found.params,
    query: url.searchParams,
    headers: { prefer: 'respond-async' },
    rawBody: '',
    grant: { clientId: 'bench', clientName: 'Bench', scopes: ['system/*.read'] },
    baseUrl: BASE,
  })
}

async function newlines(path: string): Promise<number> {
  let count = 0
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) count++
  }
  return count
}

async function exportOnce(args: ChildArgs): Promise<ExportResult> {
  const exportDir = join(args.dataDir, 'fhir-exports')
  const api = await startProvider({
    dataDir: args.dataDir,
    database: storeOptions(args),
    appUrl: 'http://localhost:4800',
    devMode: false,
    admins: [],
    log: () => {},
    fhirExport: { dir: exportDir },
  })
  try {
    const heapBefore = heapAfterGc()
    const rssBefore = statusMb('VmRSS')
    let peak = rssBefore
    const sampler = setInterval(() => {
      peak = Math.max(peak, mb(process.memoryUsage.rss()))
    }, 50)
    const started = performance.now()
    const kick = await answer(api.ctx, '$export')
    if (kick.status !== 202) throw new Error(`kick-off answered ${kick.status}`)
    const statusUrl = kick.headers?.['Content-Location'] ?? ''
    let reply: FhirReply
    for (;;) {
      reply = await answer(api.ctx, statusUrl)
      if (reply.status !== 202) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    if (reply.status !== 200 || !('body' in reply)) throw new Error(`status answered ${reply.status}`)
    const manifest = reply.body as { output: { type: string; url: string; count: number }[] }
    const id = statusUrl.split('/').pop() as string
    const files = []
    for (const output of manifest.output) {
      const path = join(exportDir, id, output.url.split('/').pop() as string)
      const lines = await newlines(path)
      if (lines !== output.count) throw new Error(`${output.type}: ${lines} lines, manifest says ${output.count}`)
      files.push({ type: output.type, resources: output.count, mb: mb(statSync(path).size) })
    }
    return {
      seconds: Math.round(seconds * 10) / 10,
      files,
      rss_before_mb: rssBefore,
      rss_peak_mb: peak,
      vm_hwm_mb: statusMb('VmHWM'),
      heap_before_mb: heapBefore,
      heap_after_mb: heapAfterGc(),
    }
  } finally {
    await api.close()
  }
}

interface SeedResult {
  seed_seconds: number
  entries: number
}

interface ExportResult {
  seconds: number
  files: { type: string; resources: number; mb: number }[]
  rss_before_mb: number
  rss_peak_mb: number
  vm_hwm_mb: number
  /** V8 heap in use after a full collection: before the kick-off, and once the export is done. */
  heap_before_mb: number
  heap_after_mb: number
}

function heapAfterGc(): number {
  ;(globalThis as { gc?: () => void }).gc?.()
  return mb(process.memoryUsage().heapUsed)
}

function child<T>(args: ChildArgs): T {
  // --expose-gc: the export's child reads the heap after a full collection, before and after.
  const run = spawnSync(process.execPath, ['--expose-gc', process.argv[1], '--child', JSON.stringify(args)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
  })
  if (run.status !== 0) throw new Error(`${args.phase} failed (exit ${run.status})`)
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as T
}

async function engine(label: string, databaseUrl: string | null): Promise<{ engine: string } & SeedResult & ExportResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'baricare-bench-fhir-'))
  try {
    process.stderr.write(`  ${label}: seeding ${PATIENTS.toLocaleString('en')} patients\n`)
    const seeded = child<SeedResult>({ phase: 'seed', dataDir, databaseUrl })
    process.stderr.write(`  ${label}: seeded in ${seeded.seed_seconds} s; exporting\n`)
    const exported = child<ExportResult>({ phase: 'export', dataDir, databaseUrl })
    return { engine: label, ...seeded, ...exported }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  const results: ({ engine: string } & SeedResult & ExportResult)[] = []
  const bin = findPostgresBin()
  if (!bin) console.warn('bench:fhir-export: no PostgreSQL server binaries; skipping PostgreSQL')
  else {
    const { server, url } = await startBenchDatabase(bin)
    try {
      results.push(await engine(`PostgreSQL ${/\d+(\.\d+)?/.exec(server.version)?.[0] ?? ''}`.trim(), url))
    } finally {
      server.stop()
    }
  }
  if (process.env.BENCH_FHIR_PGLITE !== '0') results.push(await engine('PGlite', null))

  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`
  console.log(`\nFHIR $export (system, every type) of ${PATIENTS.toLocaleString('en')} patients, ${WEEKS} weekly weights each — ${machine}\n`)
  console.log('| engine | entries | seed (s) | export (s) | Patient | Observation | Procedure | files (MB) | RSS before / peak / VmHWM (MB) | heap after GC before / after (MB) |')
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const r of results) {
    const files = r.files
    const count = (type: string) => files.find((f) => f.type === type)?.resources.toLocaleString('en') ?? '0'
    const size = files.map((f) => `${f.type} ${f.mb}`).join(', ')
    console.log(
      `| ${r.engine} | ${Number(r.entries).toLocaleString('en')} | ${String(r.seed_seconds)} | ${String(r.seconds)} | ${count('Patient')} | ${count('Observation')} | ${count('Procedure')} | ${size} | ${r.rss_before_mb} / ${r.rss_peak_mb} / ${r.vm_hwm_mb} | ${r.heap_before_mb} / ${r.heap_after_mb} |`,
    )
  }
  mkdirSync('bench-results', { recursive: true })
  writeFileSync('bench-results/bench-fhir-export.json', `${JSON.stringify({ patients: PATIENTS, weeks: WEEKS, machine, results }, null, 2)}\n`)
}

const at = process.argv.indexOf('--child')
if (at !== -1) {
  const args = JSON.parse(process.argv[at + 1]) as ChildArgs
  const result = args.phase === 'seed' ? await seed(args) : await exportOnce(args)
  console.log(JSON.stringify(result))
  // The job runner's and PGlite's handles are closed; nothing else should hold the process.
  process.exit(0)
} else {
  await main()
}
