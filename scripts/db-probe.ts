// Measures the two database engines the way the store uses them (run by scripts/db-probe.js,
// one fresh process per engine so memory figures are its own): open time, resident memory empty
// and after 10,000 rows, and the latency of simple indexed queries. Not a test: it prints numbers.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { openEngine, type Engine } from '../provider/db/index.js'
import { findPostgresBin, startPostgresServer } from '../tests/support/postgres.js'

const ROWS = 10_000
const RUNS = 500

// Collected first (the runner passes --expose-gc): PGlite's initdb leaves ~0.5 GB of garbage that
// V8 frees only when it gets round to it, which would make the figures depend on timing.
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {})
const mb = () => {
  gc()
  return Math.round(process.memoryUsage().rss / 1024 / 1024)
}
const since = (start: number) => Math.round(performance.now() - start)
/** CPU time (user + system) since `start`: steadier than wall time on a shared, busy machine. */
const cpuSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start)
  return Math.round((used.user + used.system) / 1000)
}

async function timed(engine: Engine, query: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 20; i++) await query() // warm-up: plan cache, JIT
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    await query()
    samples.push(performance.now() - start)
  }
  samples.sort((x, y) => x - y)
  const at = (q: number) => Math.round(samples[Math.floor(q * (samples.length - 1))]! * 1000) / 1000
  void engine
  return { p50: at(0.5), p95: at(0.95) }
}

/** A new PGlite data directory: initdb runs inside the first open (what a fresh `npm start` pays). */
async function measureInit(dataDir: string): Promise<Record<string, unknown>> {
  const start = performance.now()
  const cpu = process.cpuUsage()
  const engine = await openEngine({ dataDir })
  const result = {
    engine: 'pglite, new data directory',
    initOpenMs: since(start),
    initOpenCpuMs: cpuSince(cpu),
    rssPeakMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    rssAfterGcMb: mb(),
  }
  await engine.close()
  return result
}

async function measure(kind: 'pglite' | 'postgres', pgliteDir?: string): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = { engine: kind, rssBeforeMb: mb() }
  let stopServer = () => {}
  let databaseUrl: string | undefined
  const dataDir = pgliteDir ?? mkdtempSync(join(tmpdir(), 'baricare-probe-'))
  if (kind === 'postgres') {
    const bin = findPostgresBin()
    if (!bin) throw new Error('PostgreSQL binaries not found')
    const start = performance.now()
    const server = await startPostgresServer(bin)
    result.serverStartMs = since(start)
    stopServer = server.stop
    databaseUrl = `${server.baseUrl}/postgres`
  }
  try {
    let start = performance.now()
    let cpu = process.cpuUsage()
    const engine = await openEngine({ databaseUrl, dataDir })
    result.openMs = since(start)
    result.openCpuMs = cpuSince(cpu)
    result.rssEmptyMb = mb()

    await sql`create table patients (
      id bigserial primary key,
      email text not null unique,
      last_name text not null,
      procedure text not null,
      surgery_date date
    )`.execute(engine.db)
    await sql`create index patients_last_name on patients (last_name, id)`.execute(engine.db)
    start = performance.now()
    cpu = process.cpuUsage()
    await engine.db.transaction().execute(async (trx) => {
      for (let batch = 0; batch < ROWS; batch += 500) {
        const values = Array.from({ length: 500 }, (_, i) => {
          const n = batch + i
          return sql`(${`patient${n}@example.test`}, ${`Name${(n * 7919) % ROWS}`}, ${['sleeve', 'bypass'][n % 2]}, ${`2025-0${(n % 9) + 1}-15`}::date)`
        })
        await sql`insert into patients (email, last_name, procedure, surgery_date) values ${sql.join(values)}`.execute(
          trx,
        )
      }
    })
    result.insert10kMs = since(start)
    result.insert10kCpuMs = cpuSince(cpu)
    result.rss10kMb = mb()

    await sql`analyze patients`.execute(engine.db)
    let n = 0
    result.byEmailMs = await timed(engine, () =>
      sql`select * from patients where email = ${`patient${n++ % ROWS}@example.test`}`.execute(engine.db),
    )
    result.firstPageSortedMs = await timed(engine, () =>
      sql`select id, last_name from patients order by last_name, id limit 25`.execute(engine.db),
    )
    result.keysetPageMs = await timed(engine, () =>
      sql`select id, last_name from patients where (last_name, id) > (${'Name5000'}, ${0}) order by last_name, id limit 25`.execute(
        engine.db,
      ),
    )
    result.countByProcedureMs = await timed(engine, () =>
      sql`select procedure, count(*) from patients group by procedure`.execute(engine.db),
    )
    result.rssAfterQueriesMb = mb()
    await engine.close()
  } finally {
    stopServer()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return result
}

const [mode, dir] = process.argv.slice(2)
const report =
  mode === 'pglite-init' && dir
    ? await measureInit(dir)
    : await measure(mode === 'postgres' ? 'postgres' : 'pglite', mode === 'pglite' ? dir : undefined)
console.log(JSON.stringify(report))
