// `npm run bench:export` (bundled and run by scripts/bench-export.js; also part of `npm run bench`):
// the record download of one patient with five years of daily data (BENCH_EXPORT_DAYS, default
// 1826: a weigh-in, a night, three meals, two drinks and the vitamins every day, plus messages).
// Seeds them set-wise into a fresh embedded database, starts the built API on it (`build/api.js`,
// as `npm run api` does), downloads GET v1/auth/record-export/ twice, and prints the time, the
// ZIP's size and the API process's resident memory (before, peak while exporting, VmHWM). Writes
// bench-results/bench-export.json. Not a test: numbers (the test of the ZIP is in tests/).
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { unzipSync } from 'fflate'
import { todayUtc } from '../provider/admin-patients-metrics.js'
import { hashPassword } from '../provider/passwords.js'
import { changePatients } from '../provider/patient-changes.js'
import { insertAccount } from '../provider/store/accounts.js'
import { openStore } from '../provider/store/open.js'
import { saveSection } from '../provider/store/profiles.js'

const DAYS = Number(process.env.BENCH_EXPORT_DAYS ?? 1826)
const MESSAGES = Number(process.env.BENCH_EXPORT_MESSAGES ?? 500)
const PORT = Number(process.env.BENCH_PORT ?? 3400) + 70
const buildDir = resolve(process.env.BUILD_DIR || 'build')
const PATIENT = { email: 'export@bench.baricare.test', password: 'Export#Patient1' }
const today = todayUtc()

const status = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024)

async function seed(dataDir: string): Promise<number> {
  const db = await openStore(dataDir, {})
  try {
    const account = await changePatients(db, async (tx) => {
      const account = await insertAccount(tx, {
        email: PATIENT.email,
        portal: 'customer',
        passwordHash: await hashPassword(PATIENT.password),
        fullName: 'Export Bench',
        emailVerified: true,
      })
      if (!account) throw new Error('patient not created')
      await saveSection(tx, account.id, 'personal', {
        full_name: 'Export Bench',
        phone_number: '5550100123',
        date_of_birth: '1980-01-01',
        gender: 'F',
        height: 170,
        height_unit: 'cm',
        initial_weight: 125,
        weight_unit: 'lbs',
        address_line1: '1 Bench Way',
        address_line2: '',
        city: 'Portland',
        state: 'OR',
        postal_code: '97201',
      })
      await saveSection(tx, account.id, 'bariatric_surgery', {
        bariatric_status: 'yes',
        surgery_type: 'Gastric Bypass (RNY)',
        surgery_date: new Date(Date.parse(today) - (DAYS - 60) * 86_400_000).toISOString().slice(0, 10),
        funding_method: 'Private Insurance',
        pre_surgery_weight: 122,
        pre_surgery_weight_unit: 'lbs',
        goal_weight: 80,
        goal_weight_unit: 'lbs',
        hospital_name: 'Bench General',
        hospital_address: '',
        surgery_comments: '',
      })
      return account
    })
    const id = account.id
    // Set-wise, one statement per kind (the embedded engine pays a round trip per statement).
    const days = `generate_series(0, ${DAYS - 1}) AS n`
    const day = `(CAST(? AS date) - n)`
    const at = `now()`
    const insert = (kind: string, time: string, fields: string, extra = '') =>
      db.run(
        `INSERT INTO health_entries (account_id, kind, day, time_of_day, fields, source, created_at, updated_at)
         SELECT ?, '${kind}', ${day}, ${time}, ${fields}, 'manual', ${at}, ${at} FROM ${days} ${extra}`,
        [id, today],
      )
    await insert('weight', "''", `jsonb_build_object('weight', round((122 - 40 * (1 - exp(-n / 400.0)))::numeric, 3), 'weight_unit', 'lbs', 'note', '', 'source', 'manual')`)
    await insert('sleep', "''", `jsonb_build_object('hours', 6 + (n % 4) * 0.5, 'quality', 1 + n % 5, 'bed_time', '23:00', 'wake_time', '06:30')`)
    for (const [time, type] of [['08:00', 'breakfast'], ['12:30', 'lunch'], ['19:00', 'dinner']]) {
      await insert('meal', `'${time}'`, `jsonb_build_object('time', '${time}', 'meal_type', '${type}', 'protein_g', 15 + n % 20, 'calories', 300 + n % 200, 'description', 'Bench meal')`)
    }
    for (const time of ['10:00', '15:00']) await insert('water', `'${time}'`, `jsonb_build_object('ml', 250 + n % 3 * 50)`)
    await insert('vitamins', "''", `jsonb_build_object('taken', CASE WHEN n % 3 = 0 THEN '["Multivitamin"]'::jsonb ELSE '["Multivitamin", "Vitamin D"]'::jsonb END)`)
    await db.run(`INSERT INTO conversations (patient_id, created_at) VALUES (?, now())`, [id])
    await db.run(
      `INSERT INTO messages (conversation_id, sender_id, sender_role, body, created_at)
       SELECT c.id, ?, 'patient', 'Bench message number ' || n, now() - n * interval '1 hour'
         FROM conversations c, generate_series(1, ${MESSAGES}) AS n WHERE c.patient_id = ?`,
      [id, id],
    )
    const counted = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM health_entries WHERE account_id = ?', [id])
    await db.run('VACUUM ANALYZE')
    return Number(counted?.n ?? 0)
  } finally {
    await db.close()
  }
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 1200 && child.exitCode === null; i++) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not come up`)
}

async function download(base: string, token: string, pid: number) {
  let peak = status(pid, 'VmRSS')
  const sampler = setInterval(() => {
    peak = Math.max(peak, status(pid, 'VmRSS'))
  }, 25)
  const started = performance.now()
  const response = await fetch(`${base}v1/auth/record-export/`, { headers: { Authorization: `Bearer ${token}` } })
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`)
  const firstByte = performance.now() - started
  const chunks: Uint8Array[] = []
  const reader = response.body.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value)
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  const zip = Buffer.concat(chunks)
  const files = unzipSync(new Uint8Array(zip))
  const unpacked = Object.values(files).reduce((total, file) => total + file.length, 0)
  return { seconds, firstByteMs: Math.round(firstByte), zipMb: zip.length / 1e6, unpackedMb: unpacked / 1e6, peakRssMb: peak, files: Object.keys(files).length }
}

async function main() {
  if (!existsSync(join(buildDir, 'api.js'))) throw new Error('No build found: run `npm run build` first.')
  const dataDir = mkdtempSync(join(tmpdir(), 'baricare-bench-export-'))
  let api: ChildProcess | null = null
  try {
    const seedStarted = performance.now()
    const entries = await seed(dataDir)
    const seedSeconds = (performance.now() - seedStarted) / 1000
    api = spawn(process.execPath, [join(buildDir, 'api.js')], {
      env: { ...process.env, NODE_ENV: 'development', PROVIDER_PORT: String(PORT), DATA_DIR: dataDir, ADMIN_MFA: 'super' },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const base = `http://127.0.0.1:${PORT}/`
    await waitFor(`${base}healthz`, api)
    const login = await fetch(`${base}v1/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(PATIENT),
    })
    const token = ((await login.json()) as { content?: { access_token?: string } }).content?.access_token
    if (!token) throw new Error(`login answered ${login.status}`)
    const pid = api.pid!
    const idle = status(pid, 'VmRSS')
    const first = await download(base, token, pid)
    const second = await download(base, token, pid)
    const result = {
      days: DAYS,
      entries,
      messages: MESSAGES,
      seed_seconds: Math.round(seedSeconds * 10) / 10,
      api_rss_idle_mb: idle,
      runs: [first, second].map((run) => ({
        seconds: Math.round(run.seconds * 100) / 100,
        first_byte_ms: run.firstByteMs,
        zip_mb: Math.round(run.zipMb * 100) / 100,
        unpacked_mb: Math.round(run.unpackedMb * 10) / 10,
        peak_rss_mb: run.peakRssMb,
        files: run.files,
      })),
      api_vm_hwm_mb: status(pid, 'VmHWM'),
    }
    console.log(`\nRecord export: ${DAYS} days, ${entries} entries, ${MESSAGES} messages (seeded in ${result.seed_seconds} s)`)
    console.log(`API resident memory idle: ${idle} MB; lifetime peak (VmHWM, includes start-up): ${result.api_vm_hwm_mb} MB`)
    console.log('| run | time (s) | first byte (ms) | ZIP (MB) | unpacked (MB) | peak RSS while exporting (MB) |')
    console.log('|---|---|---|---|---|---|')
    result.runs.forEach((run, i) =>
      console.log(`| ${i + 1} | ${run.seconds} | ${run.first_byte_ms} | ${run.zip_mb} | ${run.unpacked_mb} | ${run.peak_rss_mb} |`),
    )
    mkdirSync('bench-results', { recursive: true })
    writeFileSync('bench-results/bench-export.json', `${JSON.stringify(result, null, 2)}\n`)
  } finally {
    if (api && api.exitCode === null) {
      api.kill('SIGTERM')
      await new Promise((r) => api!.once('exit', r))
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
