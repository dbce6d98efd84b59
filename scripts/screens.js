// `npm run screens`: every screen and its main states at 375 and 1280 px (the chart screens at
// 768 px too), light and dark, as PNG
// files, so anyone can look at the whole product in a minute. Runs the existing build (building it
// first when there is none) with the embedded provider on its own ports and a throw-away DATA_DIR,
// seeds the demo content, signs in through the real screens and captures.
//
//   SCREENS_DIR (default ./screens)  SCREENS_PORT (default 4700; the provider gets the next port)
//   SCREENS_ONLY=admin  captures only the shots whose name contains that text
import { chromium } from '@playwright/test'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { KIM, LEO, NORA, PATIENT_PASSWORD, seedEdgeCases, SUPER } from './screens-seed.js'

const root = resolve(new URL('..', import.meta.url).pathname)
const buildDir = resolve(root, process.env.BUILD_DIR || 'build')
const outDir = resolve(root, process.env.SCREENS_DIR || 'screens')
const port = Number(process.env.SCREENS_PORT || 4700)
const providerPort = port + 1
const base = `http://localhost:${port}`
const providerBase = `http://localhost:${providerPort}/`
const only = process.env.SCREENS_ONLY || ''
const started = Date.now()

const WIDTHS = [375, 768, 1280]
// At 768 px (a tablet, where charts and two-column cards change layout) only the chart screens.
const TABLET_ONLY =
  /^(patient-dashboard|patient-health-trends|patient-log-data|patient-connect-devices|admin-dashboard|admin-patient-record|admin-users)/
const SCHEMES = ['light', 'dark']

if (!existsSync(join(buildDir, 'server.js')) || !existsSync(join(buildDir, 'provider-seed.js'))) {
  console.log('No build found: running npm run build first.')
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const dataDir = mkdtempSync(join(tmpdir(), 'baricare-screens-'))
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(port),
  PROVIDER_PORT: String(providerPort),
  PROVIDER_API_URL: '',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'screens-only-secret',
  APP_URL: base,
  RATE_LIMITS: 'off',
  // The demo Super Admin is photographed on every admin screen, not sent to set up two-factor
  // sign-in first (tests/e2e/admin-mfa.spec.ts covers those screens).
  ADMIN_MFA: 'off',
}

const seeded = spawnSync(process.execPath, [join(buildDir, 'provider-seed.js')], { cwd: root, env, encoding: 'utf8' })
if (seeded.status !== 0) {
  console.error(seeded.stderr || seeded.stdout)
  process.exit(1)
}

const server = spawn(process.execPath, [join(buildDir, 'server.js')], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
})
let serverLog = ''
server.stdout.on('data', (chunk) => (serverLog += chunk))
server.stderr.on('data', (chunk) => (serverLog += chunk))

function stop() {
  if (server.exitCode === null) server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
process.on('SIGINT', () => {
  stop()
  process.exit(130)
})

async function waitForServer() {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped:\n${serverLog}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`The server did not answer within 30 s:\n${serverLog}`)
}

async function signIn(browser, portal, email, password) {
  const context = await browser.newContext({ baseURL: base })
  const page = await context.newPage()
  await page.goto(portal === 'admin' ? '/admin/signin' : '/customer/signin')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page
    .getByRole('button', { name: portal === 'admin' ? 'Access Admin Portal' : 'Sign In', exact: true })
    .click()
  await page.waitForURL((url) => !url.pathname.endsWith('/signin'))
  const state = await context.storageState()
  await context.close()
  return state
}

/** A shot: a name, a path, who is signed in, and what to do on the page before capturing. */
function shots({ longPatientId, leoId, fhirClientId }) {
  const anon = null
  return [
    // Public screens
    { name: 'public-customer-signin', path: '/customer/signin', as: anon },
    { name: 'public-customer-signin-error', path: '/customer/signin', as: anon, act: badSignIn },
    { name: 'public-customer-signup', path: '/customer/signup', as: anon },
    { name: 'public-customer-signup-mismatch', path: '/customer/signup', as: anon, act: signUpMismatch },
    { name: 'public-customer-forgot-password', path: '/customer/forgot-password', as: anon },
    { name: 'public-customer-forgot-password-sent', path: '/customer/forgot-password?sent=1', as: anon },
    { name: 'public-customer-reset-password', path: '/customer/reset-password?token=x', as: anon },
    {
      name: 'public-customer-create-password',
      path: '/customer/reset-password?token=x&createPassword=true',
      as: anon,
    },
    {
      name: 'public-customer-verify-email-failed',
      path: '/customer/verify-email?token=bad&email=a%40b.co',
      as: anon,
    },
    { name: 'public-admin-signin', path: '/admin/signin', as: anon },
    { name: 'public-admin-forgot-password', path: '/admin/forgot-password', as: anon },
    { name: 'public-terms', path: '/terms', as: anon },
    { name: 'public-privacy', path: '/privacy', as: anon },
    { name: 'error-404', path: '/no-such-page', as: anon },
    { name: 'error-not-authorized', path: '/not-authorized', as: anon },
    // Wizard (a verified patient who has not started it)
    { name: 'wizard-step-1', path: '/customer/profile-setup?step=1', as: 'nora' },
    {
      name: 'wizard-step-1-invalid',
      path: '/customer/profile-setup?step=1',
      as: 'nora',
      act: submitEmptyWizard,
    },
    // Patient with months of data (tour not seen yet: the dashboard opens it)
    { name: 'patient-dashboard-tour', path: '/customer/dashboard', as: 'leo', act: waitForTour },
    { name: 'patient-dashboard-months', path: '/customer/dashboard', as: 'leo', before: tourSeen },
    { name: 'patient-dashboard', path: '/customer/dashboard', as: 'kim' },
    { name: 'patient-log-data', path: '/customer/log-data', as: 'leo' },
    { name: 'patient-log-data-invalid', path: '/customer/log-data', as: 'leo', act: saveEmptyWeight },
    { name: 'patient-health-trends-30d', path: '/customer/health-trends', as: 'leo' },
    { name: 'patient-health-trends-1y', path: '/customer/health-trends?range=1y', as: 'leo' },
    // Tooltips at the plot's right edge and beside the sync time: are they on screen?
    // (The viewport only: a full-page capture resizes the page, which drops the hover.)
    {
      name: 'patient-health-trends-tooltip',
      path: '/customer/health-trends',
      as: 'leo',
      act: hoverChartEdge,
      viewport: true,
    },
    {
      name: 'patient-dashboard-sync-tooltip',
      path: '/customer/dashboard',
      as: 'leo',
      before: tourSeen,
      act: focusSyncTime,
      viewport: true,
    },
    { name: 'patient-connect-devices', path: '/customer/connect-devices', as: 'leo' },
    { name: 'patient-profile-personal', path: '/customer/profile?tab=personal', as: 'leo' },
    { name: 'patient-profile-medical', path: '/customer/profile?tab=medical', as: 'leo' },
    { name: 'patient-profile-preferences', path: '/customer/profile?tab=preferences', as: 'leo' },
    { name: 'patient-profile-connected', path: '/customer/profile?tab=connected', as: 'leo' },
    { name: 'patient-change-password', path: '/customer/change-password', as: 'leo' },
    { name: 'patient-your-data', path: '/customer/your-data', as: 'leo' },
    { name: 'patient-close-account', path: '/customer/close-account', as: 'leo' },
    { name: 'patient-messages', path: '/customer/messages', as: 'leo' },
    { name: 'patient-messages-empty', path: '/customer/messages', as: 'kim' },
    // Admin portal as Super Admin
    { name: 'admin-dashboard', path: '/admin/dashboard', as: 'super' },
    { name: 'admin-patients', path: '/admin/patients', as: 'super' },
    { name: 'admin-patients-unverified', path: '/admin/patients?onboarding=unverified', as: 'super' },
    { name: 'admin-patient-record', path: `/admin/patient/${longPatientId}`, as: 'super' },
    { name: 'admin-patient-record-months', path: `/admin/patient/${leoId}?range=90d`, as: 'super' },
    { name: 'admin-patient-not-found', path: '/admin/patient/999999', as: 'super' },
    { name: 'admin-messages', path: '/admin/messages', as: 'super' },
    { name: 'admin-patient-record-messages', path: `/admin/patient/${leoId}?tab=messages`, as: 'super' },
    { name: 'admin-users', path: '/admin/users', as: 'super' },
    { name: 'admin-users-invite-invalid', path: '/admin/users', as: 'super', act: sendEmptyInvitation },
    { name: 'admin-users-audit', path: '/admin/users?tab=audit', as: 'super' },
    { name: 'admin-fhir-clients', path: '/admin/fhir-clients', as: 'super' },
    { name: 'admin-fhir-clients-registered', path: `/admin/fhir-clients?registered=${fhirClientId}`, as: 'super' },
    { name: 'admin-fhir-clients-confirm-disable', path: `/admin/fhir-clients?confirmDisable=${fhirClientId}`, as: 'super' },
    { name: 'admin-fhir-clients-new', path: '/admin/fhir-clients/new', as: 'super' },
    { name: 'admin-fhir-clients-new-invalid', path: '/admin/fhir-clients/new', as: 'super', act: sendBadFhirClient },
    { name: 'admin-reports', path: '/admin/reports', as: 'super' },
    { name: 'admin-profile', path: '/admin/profile', as: 'super' },
    { name: 'admin-change-password', path: '/admin/change-password', as: 'super' },
    { name: 'admin-404', path: '/admin/no-such-page', as: 'super' },
  ]
}

async function badSignIn(page) {
  await page.getByLabel('Email', { exact: true }).fill('nobody@baricare.test')
  await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.waitForLoadState('networkidle')
}

async function signUpMismatch(page) {
  await page.getByLabel('Password', { exact: true }).fill('Patient#123')
  await page.getByLabel('Confirm Password', { exact: true }).fill('Patient#12')
  await page.getByLabel('Confirm Password', { exact: true }).blur()
}

// Error toasts beside the form they are about: where they sit against its primary button.
async function saveEmptyWeight(page) {
  await page.getByRole('button', { name: 'Save weight' }).click()
  await page.waitForLoadState('networkidle')
}

async function sendEmptyInvitation(page) {
  await page.getByRole('button', { name: 'Send invitation', exact: true }).click()
  await page.waitForLoadState('networkidle')
}

async function sendBadFhirClient(page) {
  await page.getByLabel('Name', { exact: true }).fill('x'.repeat(100))
  await page.getByLabel('Or paste the JWKS').fill('{ "keys": [ { "kty": "EC", "kid": "k", "d": "private" } ] }')
  await page.getByRole('button', { name: 'Register client', exact: true }).click()
  await page.waitForLoadState('networkidle')
}

async function hoverChartEdge(page) {
  const svg = page.getByTestId('weight-svg')
  await svg.scrollIntoViewIfNeeded()
  const box = await svg.boundingBox()
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2)
  await page.waitForTimeout(150)
}

async function focusSyncTime(page) {
  await page.getByTestId('last-synced').first().scrollIntoViewIfNeeded()
  await page.getByTestId('last-synced').first().focus()
  await page.waitForTimeout(150)
}

async function submitEmptyWizard(page) {
  await page.getByRole('button', { name: /Next Step/ }).click()
  await page.waitForLoadState('networkidle')
}

/** As if this browser had finished the tour (the profile still says not seen: the tour shot needs it). */
async function tourSeen(page) {
  await page.addInitScript(() => window.localStorage.setItem('has_seen_tour', 'true'))
}

async function waitForTour(page) {
  await page
    .getByRole('button', { name: 'Start Guided Tour' })
    .waitFor({ timeout: 5_000 })
    .catch(() => {})
}

async function main() {
  mkdirSync(outDir, { recursive: true })
  for (const file of readdirSync(outDir)) if (file.endsWith('.png')) rmSync(join(outDir, file))
  await waitForServer()
  const edge = await seedEdgeCases(providerBase)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  const states = {
    super: await signIn(browser, 'admin', SUPER.email, SUPER.password),
    leo: await signIn(browser, 'customer', LEO, PATIENT_PASSWORD),
    kim: await signIn(browser, 'customer', KIM, PATIENT_PASSWORD),
    nora: await signIn(browser, 'customer', NORA, PATIENT_PASSWORD),
  }
  let count = 0
  const failures = []
  const list = shots(edge).filter((shot) => shot.name.includes(only))
  // One pass per width, all in parallel; each page is captured light, then switched to dark in
  // place (what the theme boot script does for a dark system preference), which halves the loads.
  const pass = async (width) => {
    const contexts = {}
    const contextFor = async (who) => {
      const key = who ?? 'anon'
      contexts[key] ??= await browser.newContext({
        baseURL: base,
        viewport: { width, height: width < 768 ? 812 : 800 },
        colorScheme: 'light',
        reducedMotion: 'reduce',
        storageState: who ? states[who] : undefined,
      })
      return contexts[key]
    }
    for (const shot of list) {
      if (width === 768 && !TABLET_ONLY.test(shot.name)) continue
      const context = await contextFor(shot.as)
      const page = await context.newPage()
      try {
        if (shot.before) await shot.before(page)
        await page.goto(shot.path, { waitUntil: 'load' })
        if (shot.act) await shot.act(page)
        for (const scheme of SCHEMES) {
          if (scheme === 'dark') {
            await page.emulateMedia({ colorScheme: 'dark' })
            await page.evaluate(() => {
              const root = document.documentElement
              root.classList.add('dark')
              root.classList.remove('light')
              root.style.colorScheme = 'dark'
            })
          }
          await page.waitForTimeout(100)
          await page.screenshot({
            path: join(outDir, `${shot.name}-${width}-${scheme}.png`),
            fullPage: !shot.viewport,
          })
          count++
        }
        if (process.env.SCREENS_VERBOSE) console.log(`${shot.name} ${width} ${Date.now() - started} ms`)
      } catch (error) {
        failures.push(`${shot.name} ${width}: ${String(error).split('\n')[0]}`)
      } finally {
        await page.close()
      }
    }
    for (const context of Object.values(contexts)) await context.close()
  }
  await Promise.all(WIDTHS.map(pass))
  await browser.close()
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  console.log(`${count} screenshots in ${outDir} (${seconds} s)`)
  if (failures.length) {
    console.error(`${failures.length} failed:\n  ${failures.join('\n  ')}`)
    process.exitCode = 1
  }
}

try {
  await main()
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  stop()
}
