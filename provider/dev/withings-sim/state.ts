// The simulator's memory: its registered clients, Withings users with their readings, OAuth grants,
// token pairs, nonces, subscriptions, and what it received. One SimState per running simulator;
// the wire-format handlers (oauth.ts, data.ts) and the test controls (controls.ts) work on it.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { localDate, now } from './http.js'

export interface SimulatorClient {
  clientId: string
  clientSecret: string
  /** Registered redirect URIs (Withings compares the one sent with these). */
  redirectUris: string[]
}

export interface WithingsSimulatorOptions {
  clients: SimulatorClient[]
  port?: number
  host?: string
  /** Seconds an access token lives; Withings' is 3 hours. */
  accessTtlSeconds?: number
  /** Measure groups or sleep series per page before `more` (small, so paging is always exercised). */
  pageSize?: number
  log?: (line: string) => void
}

export interface ReceivedRequest {
  at: string
  method: string
  path: string
  action: string | null
  /** Form parameters as sent, client_secret and tokens masked. */
  params: Record<string, string>
  /** The Withings user the bearer token belonged to, when it was one of ours. */
  userid: number | null
  /** The `status` we answered with. */
  status: number
}

export interface MeasureGroup {
  grpid: number
  attrib: number
  date: number
  created: number
  modified: number
  category: number
  deviceid: string
  hash_deviceid: string
  timezone: string
  measures: { value: number; type: number; unit: number; algo: number; fm: number }[]
  comment: null
}

export interface SleepSummary {
  id: number
  timezone: string
  model: number
  model_id: number
  startdate: number
  enddate: number
  date: string
  created: number
  modified: number
  data: Record<string, number>
}

export interface SimUser {
  userid: number
  email: string
  measuregrps: MeasureGroup[]
  sleep: SleepSummary[]
  seeded: boolean
}

export interface Grant {
  clientId: string
  redirectUri: string
  userid: number
  scope: string
  expiresAt: number
  used: boolean
}

export interface TokenPair {
  userid: number
  clientId: string
  scope: string
  access: string
  accessExpiresAt: number
  refresh: string
  /** Access revoked or superseded (a refresh issued a new one). */
  accessValid: boolean
  refreshValid: boolean
  /** The pair this one replaced: its refresh token stays usable until our access token is used. */
  previous: TokenPair | null
}

export interface WithingsSimulator {
  /** Base URL, ending with '/'. */
  url: string
  close(): Promise<void>
}

export const DAY_S = 86_400
export const WEIGHT = 1
export const CATEGORY_REAL = 1

export const token = () => randomBytes(20).toString('hex')

export interface SimState {
  clients: SimulatorClient[]
  /** Seconds an access token lives. */
  accessTtl: number
  pageSize: number
  users: Map<string, SimUser>
  usersById: Map<number, SimUser>
  grants: Map<string, Grant>
  pairs: TokenPair[]
  nonces: Map<string, { clientId: string; expiresAt: number; used: boolean }>
  subscriptions: { userid: number; callbackurl: string; appli: number; comment: string }[]
  received: ReceivedRequest[]
  /**
   * Every grant an application revoked (signed action=revoke), kept apart from `received`, which
   * is trimmed: tests ask whether a user's grant was revoked however busy the simulator has been.
   */
  revocations: { userid: number; clientId: string; at: number }[]
  /** Per user id (0: anyone): statuses the next data calls answer with instead of data. */
  failNext: Map<number, number[]>
  nextUserId: number
  nextGroupId: number
}

export function newSimState(options: WithingsSimulatorOptions): SimState {
  return {
    clients: options.clients,
    accessTtl: options.accessTtlSeconds ?? 10_800,
    pageSize: options.pageSize ?? 5,
    users: new Map(),
    usersById: new Map(),
    grants: new Map(),
    pairs: [],
    nonces: new Map(),
    subscriptions: [],
    received: [],
    revocations: [],
    failNext: new Map(),
    // A random start, so a restarted simulator is unlikely to reuse an id a database already holds.
    nextUserId: 31_000_000 + Math.floor(Math.random() * 1000) * 1000,
    nextGroupId: 1_000_000,
  }
}

export const clientById = (sim: SimState, id: string) => sim.clients.find((client) => client.clientId === id)

export function userFor(sim: SimState, email: string): SimUser {
  const key = email.trim().toLowerCase()
  let user = sim.users.get(key)
  if (!user) {
    user = { userid: sim.nextUserId++, email: key, measuregrps: [], sleep: [], seeded: false }
    sim.users.set(key, user)
    sim.usersById.set(user.userid, user)
  }
  return user
}

export function weightGroup(
  sim: SimState,
  at: number,
  kg: number,
  unit: number,
  timezone: string,
  modified: number,
): MeasureGroup {
  const id = sim.nextGroupId++
  return {
    grpid: id,
    attrib: 0,
    date: at,
    created: modified,
    modified,
    category: CATEGORY_REAL,
    deviceid: 'sim-body-plus',
    hash_deviceid: 'sim-body-plus',
    timezone,
    // value × 10^unit = kg: with unit -3, 84.512 kg travels as 84512.
    measures: [{ value: Math.round(kg / 10 ** unit), type: WEIGHT, unit, algo: 0, fm: 5 }],
    comment: null,
  }
}

export function sleepSummary(
  sim: SimState,
  start: number,
  end: number,
  timezone: string,
  modified: number,
  data: Record<string, number>,
) {
  return {
    id: sim.nextGroupId++,
    timezone,
    model: 32,
    model_id: 63,
    startdate: start,
    enddate: end,
    date: localDate(end, timezone),
    created: modified,
    modified,
    data: { total_sleep_time: end - start, ...data },
  } satisfies SleepSummary
}

/** A user who walks the flow without seeding gets two weeks of plausible readings. */
export function demoData(sim: SimState, user: SimUser) {
  if (user.seeded) return
  user.seeded = true
  const today = Math.floor(now() / DAY_S) * DAY_S
  for (let day = 13; day >= 0; day--) {
    const morning = today - day * DAY_S + 7 * 3600
    user.measuregrps.push(
      weightGroup(sim, morning, 92 - (13 - day) * 0.08 + (day % 3) * 0.1, -3, 'UTC', morning),
    )
    if (day > 0) {
      const bed = morning - 8 * 3600 - (day % 4) * 900
      user.sleep.push(sleepSummary(sim, bed, morning, 'UTC', morning, { sleep_score: 60 + (day % 5) * 6 }))
    }
  }
}

export function record(
  sim: SimState,
  req: IncomingMessage,
  path: string,
  params: URLSearchParams,
  userid: number | null,
  status: number,
) {
  const shown: Record<string, string> = {}
  for (const [key, value] of params) {
    shown[key] = /secret|token|code|signature/.test(key) ? `${value.slice(0, 4)}…` : value
  }
  sim.received.push({
    at: new Date().toISOString(),
    method: req.method ?? 'GET',
    path,
    action: params.get('action'),
    params: shown,
    userid,
    status,
  })
  if (sim.received.length > 2000) sim.received.splice(0, sim.received.length - 2000)
}

export function pairForAccess(sim: SimState, authorization: string | undefined): TokenPair | null {
  const match = /^Bearer (\S+)$/.exec(authorization ?? '')
  return (match && sim.pairs.find((pair) => pair.access === match[1])) || null
}
