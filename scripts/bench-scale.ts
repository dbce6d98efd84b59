// `npm run bench:scale` (bundled and run by scripts/bench-scale.js; also the first half of
// `npm run bench`): the BariCare API's admin reads at clinic and health-system scale.
// Seeds 1,000 → 10,000 → 100,000 patients (BENCH_SCALE) on a throwaway PostgreSQL server, and
// 10,000 (BENCH_PGLITE_SCALE) on the embedded PGlite, with the set-wise seeder of
// provider/dev/scale-seed.ts; at each size starts the API on loopback (as `npm run api` does) and
// times, one request at a time, the p50 of: the patients list (several filters and sorts, first
// and last pages), the admin dashboard, and a patient's 1-year trends. Prints a table; writes it
// to bench-results/bench-scale.json. Not a test: numbers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { addDays, todayUtc } from '../provider/admin-patients-metrics.js'
import { engineOptionsFromEnv } from '../provider/db/index.js'
import { seedHistory } from '../provider/dev/history.js'
import { countScalePatients, seedScalePatients } from '../provider/dev/scale-seed.js'
import { startProvider } from '../provider/index.js'
import { hashPassword } from '../provider/passwords.js'
import { changePatients } from '../provider/patient-changes.js'
import { findAccountByEmail, insertAccount } from '../provider/store/accounts.js'
import { openStore, type StoreOptions } from '../provider/store/open.js'
import { saveSection } from '../provider/store/profiles.js'
import { findPostgresBin } from '../tests/support/postgres.js'
import { startBenchDatabase } from './bench-postgres.js'

const parseScales = (text: string | undefined, fallback: string) =>
  (text ?? fallback)
    .split(',')
    .map((part) => Number(part.trim().replace(/_/g, '')))
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b)
const SCALES = parseScales(process.env.BENCH_SCALE, '1000,10000,100000')
const PGLITE_SCALES = parseScales(process.env.BENCH_PGLITE_SCALE, '10000')
const RUNS = Number(process.env.BENCH_RUNS ?? 21)
const WARMUP = 3
// A Standard Admin: the patient lists are theirs too, and ADMIN_MFA's default holds Super Admins to a second factor.
const ADMIN = { email: 'bench-admin@baricare.test', password: 'Bench#Admin1', full_name: 'Bench Admin', role: 'Standard Admin' as const }
const TRENDS_PATIENT = { email: 'trends@scale-bench.baricare.test', password: 'Trends#Patient1' }
const today = todayUtc()

interface Target {
  name: string
  kind: 'list' | 'dashboard' | 'trends'
  path: (total: number) => string
}

const lastPage = (total: number) => Math.max(1, Math.ceil(total / 25))
const TARGETS: Target[] = [
  { name: 'list: name ↑, page 1', kind: 'list', path: () => 'v1/admin/patients/' },
  { name: 'list: name ↑, last page', kind: 'list', path: (n) => `v1/admin/patients/?page=${lastPage(n)}` },
  { name: 'list: name ↓, page 1', kind: 'list', path: () => 'v1/admin/patients/?sort=name&dir=desc' },
  { name: 'list: %TWL ↓, page 1', kind: 'list', path: () => 'v1/admin/patients/?sort=twl&dir=desc' },
  { name: 'list: surgery date ↑, last page', kind: 'list', path: (n) => `v1/admin/patients/?sort=surgery_date&page=${lastPage(n)}` },
  { name: 'list: last data ↓, page 1', kind: 'list', path: () => 'v1/admin/patients/?sort=last_data&dir=desc' },
  { name: 'list: search "okafor"', kind: 'list', path: () => 'v1/admin/patients/?q=okafor' },
  { name: 'list: search "patient4242@"', kind: 'list', path: () => 'v1/admin/patients/?q=patient4242%40' },
  { name: 'list: procedure Sleeve, %TWL ↓', kind: 'list', path: () => 'v1/admin/patients/?procedure=Sleeve+Gastrectomy&sort=twl&dir=desc' },
  { name: 'list: alert tier 1, last data ↓', kind: 'list', path: () => 'v1/admin/patients/?alert=tier1&sort=last_data&dir=desc' },
  { name: 'list: any alert, page 40', kind: 'list', path: () => 'v1/admin/patients/?alert=any&page=40' },
  { name: 'list: milestone ≤ 7 days', kind: 'list', path: () => 'v1/admin/patients/?milestone=7' },
  { name: 'list: onboarding verified, surgery ↓', kind: 'list', path: () => 'v1/admin/patients/?onboarding=verified&sort=surgery_date&dir=desc' },
  { name: 'dashboard', kind: 'dashboard', path: () => 'v1/admin/dashboard/' },
  { name: "a patient's 1-year trends", kind: 'trends', path: () => `v1/auth/trends/?from=${addDays(today, -364)}&to=${today}` },
]

async function ensureTrendsPatient(options: StoreOptions, dataDir: string): Promise<void> {
  const db = await openStore(dataDir, options)
  try {
    if (await findAccountByEmail(db, TRENDS_PATIENT.email)) return
    const account = await changePatients(db, async (tx) => {
      const account = await insertAccount(tx, {
        email: TRENDS_PATIENT.email,
        portal: 'customer',
        passwordHash: await hashPassword(TRENDS_PATIENT.password),
        emailVerified: true,
      })
      if (!account) throw new Error('trends patient not created')
      await saveSection(tx, account.id, 'personal', {
        full_name: 'Trends Patient',
        phone_number: '',
        date_of_birth: '1980-01-01',
        gender: 'Prefer not to say',
        height: 170,
        height_unit: 'cm',
        initial_weight: 120,
        weight_unit: 'kg',
        address_line1: '',
        address_line2: '',
        city: '',
        state: '',
        postal_code: '',
      } as never)
      return account
    })
    await seedHistory(db, account.id, { days: 365, today })
  } finally {
    await db.close()
  }
}

async function seedTo(options: StoreOptions, dataDir: string, patients: number, label: string): Promise<number> {
  const db = await openStore(dataDir, options)
  let seconds = 0
  try {
    const have = await countScalePatients(db)
    if (have < patients) {
      const started = performance.now()
      await seedScalePatients(db, have, patients, { today, log: (line) => process.stderr.write(`  ${label}: ${line}\n`) })
      await db.run('VACUUM ANALYZE')
      seconds = (performance.now() - started) / 1000
    }
  } finally {
    await db.close()
  }
  return seconds
}

async function post(base: string, path: string, body: object) {
  const response = await fetch(`${base}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as { content?: { access_token?: string } }
  if (!response.ok || !json.content?.access_token) throw new Error(`${path}: ${response.status}`)
  return json.content.access_token
}

async function p50(url: string, token: string): Promise<{ p50: number; total: number }> {
  const timings: number[] = []
  let total = 0
  for (let i = 0; i < RUNS + WARMUP; i++) {
    const started = performance.now()
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } })
    const json = (await response.json()) as { content?: { total?: number } }
    const elapsed = performance.now() - started
    if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`)
    total = json.content?.total ?? total
    if (i >= WARMUP) timings.push(elapsed)
  }
  timings.sort((a, b) => a - b)
  return { p50: Math.round(timings[Math.floor(timings.length / 2)] * 10) / 10, total }
}

async function measure(options: StoreOptions, dataDir: string, patients: number): Promise<Record<string, number>> {
  const api = await startProvider({
    dataDir,
    database: options,
    appUrl: 'http://localhost:4510',
    devMode: false,
    admins: [ADMIN],
    log: () => {},
    port: Number(process.env.BENCH_API_PORT ?? 0),
  })
  try {
    const admin = await post(api.url, 'v1/admin/login/', { email: ADMIN.email, password: ADMIN.password })
    const patient = await post(api.url, 'v1/auth/login/', TRENDS_PATIENT)
    const results: Record<string, number> = {}
    for (const target of TARGETS) {
      const token = target.kind === 'trends' ? patient : admin
      results[target.name] = (await p50(`${api.url}/${target.path(patients + 1)}`, token)).p50
    }
    return results
  } finally {
    await api.close()
  }
}

interface Column {
  label: string
  patients: number
  seedSeconds: number
  results: Record<string, number>
}

const columns: Column[] = []
const started = performance.now()

// `npm run bench:seed`: only seed (DATABASE_URL, else the embedded database in DATA_DIR) up to
// BENCH_PATIENTS (default 100,000) scale patients, then exit.
if (process.argv.includes('--seed')) {
  const dataDir = resolve(process.env.DATA_DIR ?? './data')
  const options = engineOptionsFromEnv(process.env, dataDir)
  const patients = parseScales(process.env.BENCH_PATIENTS, '100000').at(-1) ?? 100_000
  const seconds = await seedTo(options, dataDir, patients, options.databaseUrl ? 'DATABASE_URL' : dataDir)
  console.log(`bench:seed: ${patients.toLocaleString('en')} scale patients in ${options.databaseUrl ? 'DATABASE_URL' : dataDir} (${seconds.toFixed(1)} s)`)
  process.exit(0)
}

if (SCALES.length > 0) {
  const bin = findPostgresBin()
  if (!bin) console.warn('bench:scale: no PostgreSQL server binaries; skipping the PostgreSQL columns')
  else {
    const { server, url } = await startBenchDatabase(bin)
    try {
      const options: StoreOptions = { databaseUrl: url }
      const dataDir = mkdtempSync(join(tmpdir(), 'baricare-bench-scale-pg-'))
      try {
        await ensureTrendsPatient(options, dataDir)
        for (const patients of SCALES) {
          const label = `PostgreSQL ${patients.toLocaleString('en')}`
          const seedSeconds = await seedTo(options, dataDir, patients, label)
          process.stderr.write(`  ${label}: seeded in ${seedSeconds.toFixed(1)} s; measuring\n`)
          columns.push({ label, patients, seedSeconds, results: await measure(options, dataDir, patients) })
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    } finally {
      server.stop()
    }
  }
}

for (const patients of PGLITE_SCALES) {
  const label = `PGlite ${patients.toLocaleString('en')}`
  const dataDir = mkdtempSync(join(tmpdir(), 'baricare-bench-scale-pglite-'))
  try {
    await ensureTrendsPatient({}, dataDir)
    const seedSeconds = await seedTo({}, dataDir, patients, label)
    process.stderr.write(`  ${label}: seeded in ${seedSeconds.toFixed(1)} s; measuring\n`)
    columns.push({ label, patients, seedSeconds, results: await measure({}, dataDir, patients) })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`
console.log(`\nBariCare API at scale — p50 ms of ${RUNS} sequential requests each (after ${WARMUP} warm-up), loopback, ${machine}\n`)
const width = 40
console.log('target'.padEnd(width) + columns.map((column) => column.label.padStart(21)).join(''))
for (const target of TARGETS) {
  console.log(target.name.padEnd(width) + columns.map((column) => String(column.results[target.name]).padStart(21)).join(''))
}
const lists = (column: Column) =>
  TARGETS.filter((target) => target.kind === 'list').map((target) => column.results[target.name])
console.log('list: worst of the above'.padEnd(width) + columns.map((column) => String(Math.max(...lists(column))).padStart(21)).join(''))
console.log('seeding (s, this step)'.padEnd(width) + columns.map((column) => column.seedSeconds.toFixed(1).padStart(21)).join(''))
console.log('\ntargets: list p50 ≤ 50 ms for any filter and sort, dashboard ≤ 100 ms, 1-year trends ≤ 60 ms')
console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`)
mkdirSync('bench-results', { recursive: true })
writeFileSync(
  'bench-results/bench-scale.json',
  JSON.stringify({ date: new Date().toISOString(), machine, runs: RUNS, columns }, null, 2),
)
console.log('written to bench-results/bench-scale.json')
