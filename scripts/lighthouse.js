// `npm run lighthouse` (installs lighthouse on demand, kept out of the lockfile: one of its
// dependencies asks for a "latest" tag, which would make `npm ci` brittle): Lighthouse (mobile emulation, the default config) with Debian's Chromium
// against the production build and its embedded reference provider, on sign-in, sign-up,
// profile-setup and the dashboard. Prints the scores and exits 1 under the targets:
// performance 95, accessibility 100, best practices 95.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 }
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3410)
const base = `http://localhost:${PORT}`
const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
const chromePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

if (!existsSync(path.join(buildDir, 'server.js'))) {
  console.error('No build found: run `npm run build` first.')
  process.exit(1)
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'baricare-lighthouse-'))
const { seedDemoPatients } = await import(pathToFileURL(path.join(buildDir, 'provider-seed.js')).href)
const patients = await seedDemoPatients(dataDir)

const server = spawn(process.execPath, [path.join(buildDir, 'server.js')], {
  env: { ...process.env, NODE_ENV: 'production', EMBEDDED_PROVIDER: '1', SESSION_SECRET: 'lighthouse-secret-0123456789abcdef0123456789', PORT: String(PORT), DATA_DIR: dataDir, PROVIDER_API_URL: '', RATE_LIMITS: 'off' },
  stdio: ['ignore', 'ignore', 'inherit'],
})

async function waitForHealth() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server did not start')
}

async function sessionCookie(email, password) {
  const response = await fetch(`${base}/customer/signin`, {
    method: 'POST',
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
    headers: { Origin: base },
  })
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

let chrome
let failed = false
try {
  await waitForHealth()
  const newPatient = patients.find((p) => p.state === 'verified')
  const onboarded = patients.find((p) => p.state === 'onboarded_kg')
  const pages = [
    { name: 'sign-in', url: `${base}/customer/signin` },
    { name: 'sign-up', url: `${base}/customer/signup` },
    { name: 'profile-setup', url: `${base}/customer/profile-setup`, cookie: await sessionCookie(newPatient.email, newPatient.password) },
    { name: 'dashboard', url: `${base}/customer/dashboard`, cookie: await sessionCookie(onboarded.email, onboarded.password) },
  ]
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  console.log(`${'page'.padEnd(16)}${'performance'.padStart(13)}${'accessibility'.padStart(15)}${'best practices'.padStart(16)}`)
  for (const page of pages) {
    const result = await lighthouse(
      page.url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
        extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
      },
    )
    const scores = Object.fromEntries(
      Object.keys(TARGETS).map((k) => [k, Math.round((result.lhr.categories[k]?.score ?? 0) * 100)]),
    )
    const low = Object.entries(TARGETS).filter(([k, min]) => scores[k] < min)
    if (low.length) failed = true
    console.log(
      `${page.name.padEnd(16)}${String(scores.performance).padStart(13)}${String(scores.accessibility).padStart(15)}${String(scores['best-practices']).padStart(16)}${low.length ? '   below target: ' + low.map(([k]) => k).join(', ') : ''}`,
    )
    for (const [category] of low) {
      const audits = result.lhr.categories[category].auditRefs
        .map((ref) => result.lhr.audits[ref.id])
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
        .slice(0, 6)
      for (const audit of audits) console.log(`    ${category}: ${audit.id} (${audit.displayValue ?? audit.score})`)
    }
  }
} finally {
  await chrome?.kill()
  server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(`targets: performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}`)
process.exit(failed ? 1 : 0)
