import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { expect, test } from '@playwright/test'
import { findPostgresBin, startPostgresServer, type PostgresServer } from '../support/postgres'
import { expectToast, fillSignUp, submitSignIn } from './support/auth'
import { specPort } from './support/constants'
import { STRONG_PASSWORD, uniqueEmail } from './support/provider'

// Two API processes and two app processes on one PostgreSQL database, as behind a load
// balancer. Each app talks to its own API; the browser's requests alternate between the apps
// (cookies on localhost are shared across ports, as one site's are behind a balancer).

const postgresBin = findPostgresBin()
test.skip(
  !postgresBin && !process.env.CI,
  'PostgreSQL server binaries are not installed (apt-get install postgresql); CI always runs this',
)
test.describe.configure({ mode: 'serial' })

const APP_PORTS = [specPort('two-instances'), specPort('two-instances', 1)] as const
const API_PORTS = [specPort('two-instances', 2), specPort('two-instances', 3)] as const
const apps = APP_PORTS.map((port) => `http://localhost:${port}`)
const apis = API_PORTS.map((port) => `http://127.0.0.1:${port}/`)
const SHARED = { NODE_ENV: 'test' as const, SESSION_SECRET: 'two-instances-secret', RATE_LIMITS: 'off' }

let server: PostgresServer
const children: ChildProcess[] = []
const dataDirs: string[] = []

function start(script: 'api.js' | 'server.js', env: Record<string, string>): ChildProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baricare-two-'))
  dataDirs.push(dataDir)
  const child = spawn(process.execPath, [path.join(process.env.BUILD_DIR || 'build', script)], {
    env: { ...process.env, ...SHARED, DATA_DIR: dataDir, ...env },
    stdio: 'ignore',
  })
  children.push(child)
  return child
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300 && child.exitCode === null; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not become healthy (exit code ${child.exitCode})`)
}

async function api<T = unknown>(which: 0 | 1, method: string, route: string, body?: unknown) {
  const response = await fetch(new URL(route, apis[which]), {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as { message: string; content: T } }
}

async function mailTo(which: 0 | 1, email: string) {
  const { json } = await api<{ to: string; links: string[] }[]>(which, 'GET', '__dev/outbox/')
  return json.content.find((mail) => mail.to === email)
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  server = await startPostgresServer(postgresBin!)
  const admin = new pg.Client({ connectionString: `${server.baseUrl}/postgres` })
  await admin.connect()
  await admin.query('create database baricare_two')
  await admin.end()
  const databaseUrl = `${server.baseUrl}/baricare_two`
  // Both APIs start at once on the new database: the migrator's lock lets one migrate it.
  const started = API_PORTS.map((port) =>
    start('api.js', { DATABASE_URL: databaseUrl, PROVIDER_PORT: String(port), APP_URL: apps[0] }),
  )
  await Promise.all(started.map((child, i) => waitUntilHealthy(`${apis[i]}healthz`, child)))
  const appChildren = APP_PORTS.map((port, i) =>
    start('server.js', { PORT: String(port), PROVIDER_API_URL: apis[i], APP_URL: apps[i] }),
  )
  await Promise.all(appChildren.map((child, i) => waitUntilHealthy(`${apps[i]}/healthz`, child)))
})

test.afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(null)
          child.once('exit', resolve)
          child.kill('SIGTERM')
        }),
    ),
  )
  server?.stop()
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

test('each API reports its database healthy', async () => {
  for (const which of [0, 1] as const) {
    const health = await api<{ status: string; database: string }>(which, 'GET', 'healthz')
    expect(health.status).toBe(200)
    expect(health.json.content).toMatchObject({ status: 'ok', database: 'ok' })
  }
})

test('a patient signs up on one app, verifies and signs in on the other, and stays signed in on both', async ({ page }) => {
  const email = uniqueEmail('two-instances')
  await page.goto(`${apps[0]}/customer/signup`)
  await fillSignUp(page, email, STRONG_PASSWORD)
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible()

  // Written by API 1, read through API 2: one database.
  const mail = await mailTo(1, email)
  expect(mail, 'the verification e-mail, read through the other API').toBeDefined()
  const link = new URL(mail!.links[0])
  await page.goto(`${apps[1]}${link.pathname}${link.search}`)
  await expect(page.getByRole('heading', { name: 'Email verified successfully.' })).toBeVisible()

  await page.goto(`${apps[0]}/customer/signin?email=${encodeURIComponent(email)}`)
  await submitSignIn(page, email, STRONG_PASSWORD)
  await expect(page).toHaveURL(/\/customer\/profile-setup/)
  await expectToast(page, 'Welcome back!', 'You have successfully signed in.')

  // The same session on the other app and its API: still signed in, still onboarding.
  await page.goto(`${apps[1]}/customer/dashboard`)
  await expect(page).toHaveURL(`${apps[1]}/customer/profile-setup`)
  await page.goto(`${apps[0]}/customer/dashboard`)
  await expect(page).toHaveURL(`${apps[0]}/customer/profile-setup`)
})

test('single-use links redeemed at once through both APIs: exactly one wins', async () => {
  for (let round = 0; round < 5; round++) {
    const email = uniqueEmail(`two-race-${round}`)
    const signup = await api(0, 'POST', 'v1/auth/signup/', {
      email,
      password: STRONG_PASSWORD,
      conf_password: STRONG_PASSWORD,
    })
    expect(signup.status).toBe(201)
    const link = new URL((await mailTo(1, email))!.links[0])
    const query = `v1/auth/verify-email-token/?${link.searchParams}`
    const both = await Promise.all([api(0, 'GET', query), api(1, 'GET', query)])
    expect(both.map((res) => res.status).sort()).toEqual([200, 400])

    await api(round % 2 === 0 ? 0 : 1, 'POST', 'v1/auth/forgot_password/', { email, portal: 'customer' })
    const reset = new URL(
      ((await api<{ to: string; subject: string; links: string[] }[]>(0, 'GET', '__dev/outbox/')).json.content.find(
        (m) => m.to === email && /reset/i.test(m.subject),
      ) ?? { links: ['http://x/'] }).links[0],
    )
    const submit = (which: 0 | 1, password: string) =>
      api(which, 'POST', 'v1/auth/reset_password/submit/', {
        token: reset.searchParams.get('token'),
        new_password: password,
        conf_password: password,
      })
    const resets = await Promise.all([submit(0, 'Racer#One1'), submit(1, 'Racer#Two2')])
    expect(resets.map((res) => res.status).sort()).toEqual([200, 400])
  }
})
