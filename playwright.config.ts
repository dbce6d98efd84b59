import { defineConfig, devices } from '@playwright/test'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { templatePath } from './scripts/pglite-template-cache.js'
import { E2E_PORT, E2E_PROVIDER_PORT, E2E_WITHINGS_PORT } from './tests/e2e/support/constants'

// Debian's headless shell where it exists (CI, our machines), then Debian's Chromium, then
// Playwright's own browser. The headless shell is the same Blink and V8 without the browser's UI
// processes: the same pages took 8–9 CPU-seconds in it against 20–22 in the full Chromium's
// headless mode (docs/decisions/243-e2e-headless-shell.md), on two cores the suite shares with
// the servers it tests.
const browserPaths = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium']
const executablePath = browserPaths.find((candidate) => candidate !== undefined && existsSync(candidate))

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'baricare-e2e-'))
process.env.E2E_DATA_DIR = dataDir
// The migrated embedded database, copied by the e2e server (scripts/e2e-server.js, which makes it
// when no run has yet) and by every server a spec spawns (support/spawn-server.ts).
const pgliteTemplate = process.env.E2E_PGLITE_TEMPLATE ?? templatePath('migrated')
process.env.E2E_PGLITE_TEMPLATE = pgliteTemplate

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three on CI's two cores: a worker keeps about 0.6 of a core busy (the rest of its time it waits
  // on the server and the browser); four saturated the machine and ran longer with more failures
  // (docs/decisions/214-e2e-run-time.md, 223-e2e-four-workers.md have the measurements).
  workers: process.env.CI ? 3 : undefined,
  // No retries anywhere, so a flaky test fails the run instead of passing on its second try.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // A worker keeps one browser context and page, and Playwright resets them between tests
    // (cookies, cache, every storage of the origins visited, pages, routes, init scripts, clock,
    // viewport, media): a test's first load then skips a new renderer's start, about half a
    // CPU-second each. What the reset does not undo (permissions, geolocation, offline, extra
    // headers set on the context) the lint refuses in tests/e2e; a test that needs them, or a
    // context of its own, calls browser.newContext(). E2E_FRESH_CONTEXTS=1 gives every test a new
    // context again, to rule reuse out when a test behaves oddly (decision 252).
    reuseContext: process.env.E2E_FRESH_CONTEXTS !== '1',
    // Locally a failed test keeps its trace: actions, network and DOM snapshots (not the
    // screencast: encoding frames for every test was a fifth of the suite's CPU, decision 244).
    // In CI nothing of a run survives but its log, so no trace is recorded: recording one for
    // every test, to throw it away, cost a sixth of the suite's CPU there (decision 245).
    // E2E_TRACE=on records them in CI too; E2E_TRACE_SCREENSHOTS=1 adds the film.
    trace:
      process.env.CI && process.env.E2E_TRACE !== 'on'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: process.env.E2E_TRACE_SCREENSHOTS === '1' },
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The built production bundle with the embedded reference provider on a known port,
    // so tests can read its dev outbox and request log. On the Node that runs Playwright (the
    // project's Node 24 under npm and npx), like the servers the specs spawn themselves.
    command: `"${process.execPath}" scripts/e2e-server.js`,
    url: `http://localhost:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    // It may make the embedded database template first (initdb and the migrations, kept for later
    // runs by scripts/pglite-template-cache.js): with other runs loading the machine (load
    // average 15) a new database took 81 s, and 60 s ran out twice.
    // About the bound spawnServer gives the servers specs start (support/spawn-server.ts).
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      PROVIDER_PORT: String(E2E_PROVIDER_PORT),
      DATA_DIR: dataDir,
      E2E_PGLITE_TEMPLATE: pgliteTemplate,
      APP_URL: `http://localhost:${E2E_PORT}`,
      SESSION_SECRET: 'e2e-secret',
      PROVIDER_API_URL: '',
      // The suite signs in hundreds of times from one address; tests/e2e/abuse-limits.spec.ts
      // starts its own server with the limits on.
      RATE_LIMITS: 'off',
      // Super Admins must set up two-factor sign-in, but the suite signs the demo Super Admin
      // in hundreds of times (a TOTP code works once per 30 s); tests/e2e/admin-mfa.spec.ts starts
      // its own server with the default ("super") and with "required" to test the rule itself.
      ADMIN_MFA: 'off',
      // The suite creates and signs in hundreds of accounts: new password hashes at the test
      // suites' cheaper cost (provider/passwords.ts; refused in production).
      PASSWORD_HASHING: 'test',
      // Withings against the local simulator (tests/e2e/withings.spec.ts reads what it received).
      WITHINGS_SIMULATOR: '1',
      WITHINGS_SIMULATOR_PORT: String(E2E_WITHINGS_PORT),
    },
  },
})
