import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { defaultSeedAdmins, startProvider, type ProviderOptions } from '../../provider/index'
import type { ProviderContext } from '../../provider/context'
import { openStore, type StoreOptions } from '../../provider/store/open'
import type { Db, SqlParam, Store } from '../../provider/store/sql'
import { copyPGliteTemplate, createTestDatabase, type TestDatabase } from '../support/db-engines'
import { GOOD_PASSWORD, PROFILE_STEPS_IMPERIAL, type ProfileStep } from '../support/fixtures'

export const APP_URL = 'http://app.test:3000'

export interface ApiResponse {
  status: number
  headers: Headers
  text: string
  /** The parsed body; every answer of the provider is JSON. */
  json: {
    message: string
    content?: unknown
    data?: Record<string, string[]>
  }
}

export interface CallOptions {
  body?: unknown
  /** Sent as is, instead of JSON.stringify(body). */
  raw?: string
  token?: string
  headers?: Record<string, string>
}

export interface TestProvider {
  url: string
  dataDir: string
  call(method: string, path: string, options?: CallOptions): Promise<ApiResponse>
  /** Lines the provider logged (seeding, internal errors). */
  logged: string[]
  /** Stops the provider; fails the test if it logged an internal error. */
  close(): Promise<void>
  /**
   * A statement on the provider's own database (`?` placeholders), for what HTTP cannot do
   * (e.g. expiring a 24-hour token).
   */
  sql(statement: string, ...params: SqlParam[]): Promise<void>
  /** The provider's own store, for reads a test makes behind the API's back and for seeders. */
  db: Db
  /** What its routes are given, for tests that call a handler in-process (the FHIR API's). */
  ctx: ProviderContext
}

/**
 * Which engine the provider tests run on: the embedded PGlite by default; the `provider-pg` Vitest
 * project sets TEST_PROVIDER_ENGINE=postgres to run the same files against a PostgreSQL server.
 */
export const TEST_ENGINE = process.env.TEST_PROVIDER_ENGINE === 'postgres' ? 'postgres' : 'pglite'

/** On PostgreSQL, the database standing for each data directory, so a restart finds its data. */
const databasesByDataDir = new Map<string, TestDatabase>()

/** The database a test provider opens for a data directory: fresh the first time, then the same. */
async function databaseFor(dataDir: string): Promise<TestDatabase | undefined> {
  if (TEST_ENGINE === 'postgres') {
    let database = databasesByDataDir.get(dataDir)
    if (!database) {
      database = await createTestDatabase({ migrated: true })
      databasesByDataDir.set(dataDir, database)
    }
    return database
  }
  // A copy of the run's migrated template takes milliseconds; initdb and the migrations take
  // seconds. The migrations from an empty database run in the `db` project and in the templates.
  copyPGliteTemplate(dataDir, { migrated: true })
  return undefined
}

/** A provider on a fresh temporary database, in dev mode, with the demo admins seeded. */
export async function startTestProvider(options: Partial<ProviderOptions> = {}): Promise<TestProvider> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'baricare-provider-'))
  const database = options.database ? undefined : await databaseFor(dataDir)
  const logged: string[] = []
  const provider = await startProvider({
    appUrl: APP_URL,
    devMode: true,
    admins: defaultSeedAdmins({ NODE_ENV: 'test' }),
    log: (line) => logged.push(line),
    // Dozens of providers start per run; the job runner only where a test asks for it.
    jobs: false,
    // As in the e2e suite: the demo Super Admin signs in without a second factor; the tests of
    // the rule itself (admin-mfa-enforced.test.ts) ask for "super" or "required". Production
    // (devMode false) refuses "off", so there the default rule stands.
    adminMfa: options.devMode === false ? 'super' : 'off',
    // The cheaper hash cost the suites use (provider/passwords.ts); production mode keeps its own.
    passwordHashing: options.devMode === false ? 'standard' : 'test',
    ...options,
    database: options.database ?? (database ? { databaseUrl: database.url, poolMax: 4 } : undefined),
    dataDir,
  })
  return {
    url: provider.url,
    dataDir,
    call: (method, path, callOptions) => call(provider.url, method, path, callOptions),
    logged,
    async close() {
      await provider.close()
      // A test that passed its own dataDir restarts on it later; the server is thrown away anyway.
      if (!options.dataDir) {
        databasesByDataDir.delete(dataDir)
        await database?.drop()
      }
      // An internal error is logged even when a test did not look at that response's status.
      expect(logged.filter((line) => /internal error|request failed/i.test(line))).toEqual([])
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
    async sql(statement, ...params) {
      await provider.db.run(statement, params)
    },
    db: provider.db,
    ctx: provider.ctx,
  }
}

/**
 * A provider for the tests of this file (or of the describe block it is called in): started before
 * them, stopped after them. The handle stands for that provider once it has started, so hooks,
 * tests and the file's own helpers use it as they would the provider itself. `options` may be a
 * function, read when the provider starts (for values that a hook registered earlier sets).
 */
export function useTestProvider(
  options: Partial<ProviderOptions> | (() => Partial<ProviderOptions>) = {},
  { timeout }: { timeout?: number } = {},
): TestProvider {
  let started: TestProvider | undefined
  const current = (): TestProvider => {
    if (!started) throw new Error('the test provider starts in beforeAll: use it in a hook or a test')
    return started
  }
  beforeAll(async () => {
    started = await startTestProvider(typeof options === 'function' ? options() : options)
  }, timeout)
  afterAll(() => started?.close())
  return {
    get url() {
      return current().url
    },
    get dataDir() {
      return current().dataDir
    },
    get logged() {
      return current().logged
    },
    get db() {
      return current().db
    },
    get ctx() {
      return current().ctx
    },
    call: (method, path, callOptions) => current().call(method, path, callOptions),
    close: () => current().close(),
    sql: (statement, ...params) => current().sql(statement, ...params),
  }
}

/** A provider of its own for one test: started, handed to `run`, and stopped however `run` ends. */
export async function withTestProvider<T>(
  options: Partial<ProviderOptions>,
  run: (provider: TestProvider) => Promise<T>,
): Promise<T> {
  const provider = await startTestProvider(options)
  try {
    return await run(provider)
  } finally {
    await provider.close()
  }
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers }
  let body: string | undefined
  if (options.raw !== undefined) body = options.raw
  else if (options.body !== undefined) body = JSON.stringify(options.body)
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json'
  }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  const response = await fetch(new URL(path, base), { method, headers, body })
  const text = await response.text()
  let json: ApiResponse['json']
  try {
    json = JSON.parse(text) as ApiResponse['json']
  } catch {
    throw new Error(`non-JSON answer ${response.status} to ${method} ${path}: ${text.slice(0, 200)}`)
  }
  return { status: response.status, headers: response.headers, text, json }
}

let counter = 0
export function uniqueEmail(prefix = 'patient'): string {
  counter += 1
  return `${prefix}.${process.pid}.${Date.now()}.${counter}@example.com`
}

interface OutboxMail {
  to: string
  subject: string
  text: string
  links: string[]
}

/** The newest e-mail to `to`, from the dev outbox. */
export async function lastMailTo(provider: TestProvider, to: string): Promise<OutboxMail | undefined> {
  const outbox = await provider.call('GET', '__dev/outbox/')
  return (outbox.json.content as OutboxMail[]).find((mail) => mail.to === to)
}

export async function mailsTo(provider: TestProvider, to: string): Promise<OutboxMail[]> {
  const outbox = await provider.call('GET', '__dev/outbox/')
  return (outbox.json.content as OutboxMail[]).filter((mail) => mail.to === to)
}

export function linkParams(link: string): URLSearchParams {
  return new URL(link).searchParams
}

export async function signUp(provider: TestProvider, email: string, password = GOOD_PASSWORD): Promise<void> {
  const res = await provider.call('POST', 'v1/auth/signup/', {
    body: { email, password, conf_password: password },
  })
  expect(res.status, res.text).toBe(201)
}

/** Signs up, follows the e-mailed link, signs in; returns the tokens. */
export async function verifiedCustomer(
  provider: TestProvider,
  email = uniqueEmail(),
  password = GOOD_PASSWORD,
): Promise<{ email: string; password: string; access: string; refresh: string }> {
  await signUp(provider, email, password)
  const mail = await lastMailTo(provider, email)
  const params = linkParams(mail!.links[0])
  const verified = await provider.call('GET', `v1/auth/verify-email-token/?${params}`)
  expect(verified.status, verified.text).toBe(200)
  const tokens = await login(provider, 'customer', email, password)
  return { email, password, ...tokens }
}

export async function login(
  provider: TestProvider,
  portal: 'customer' | 'admin',
  email: string,
  password: string,
): Promise<{ access: string; refresh: string }> {
  const path = portal === 'customer' ? 'v1/auth/login/' : 'v1/admin/login/'
  const res = await provider.call('POST', path, { body: { email, password } })
  expect(res.status, res.text).toBe(200)
  const content = res.json.content as { access_token: string; refresh_token: string }
  return { access: content.access_token, refresh: content.refresh_token }
}

/** A demo admin (SUPER, STANDARD) signed in; the access token. */
export async function adminToken(provider: TestProvider, admin: { email: string; password: string }): Promise<string> {
  return (await login(provider, 'admin', admin.email, admin.password)).access
}

/**
 * Saves a signed-in customer's onboarding steps (all four by default: onboarded) with the imperial
 * fixture patient's sections, each changed by `overrides`; fails the test unless each is saved.
 */
export async function completeProfile(
  provider: TestProvider,
  token: string,
  {
    steps = ['personal', 'medical', 'bariatric', 'device'],
    overrides = {},
  }: { steps?: ProfileStep[]; overrides?: Partial<Record<ProfileStep, object>> } = {},
): Promise<void> {
  for (const step of steps) {
    const body = { ...PROFILE_STEPS_IMPERIAL[step], ...overrides[step] }
    const res = await provider.call('PUT', `v1/auth/profile/${step}/`, { token, body })
    expect(res.status, res.text).toBe(200)
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Asserts the contract's error shape and returns its field data. */
export function expectError(res: ApiResponse, status: number, message?: string): Record<string, string[]> {
  expect(res.status, res.text).toBe(status)
  expect(typeof res.json.message).toBe('string')
  expect(res.json.data).toBeTypeOf('object')
  expect(res.json).not.toHaveProperty('content')
  expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+/)
  if (message !== undefined) expect(res.json.message).toBe(message)
  return res.json.data ?? {}
}

/** A store of its own on the test engine (no HTTP server), for tests of the store itself. */
export async function openTestStore(): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'baricare-store-'))
  const database = await databaseFor(dataDir)
  const store = await openStore(dataDir, database ? { databaseUrl: database.url, poolMax: 4 } : {})
  return {
    ...bindStore(store),
    async close() {
      await store.close()
      databasesByDataDir.delete(dataDir)
      await database?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

function bindStore(store: Store): Db {
  return {
    get kysely() {
      return store.kysely
    },
    all: (sql, params) => store.all(sql, params),
    get: (sql, params) => store.get(sql, params),
    run: (sql, params) => store.run(sql, params),
    transaction: (fn) => store.transaction(fn),
  }
}

/** Store options for a data directory on the test engine, for seeders run before a provider starts. */
export async function testStoreOptions(dataDir: string): Promise<StoreOptions> {
  const database = await databaseFor(dataDir)
  return database ? { databaseUrl: database.url, poolMax: 4 } : {}
}
