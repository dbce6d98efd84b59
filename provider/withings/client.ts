// The calls BariCare makes to Withings' Public API, in their wire format: form-encoded POSTs,
// answers `{ status, body }` where a non-zero `status` inside an HTTP 200 is the error.
import { createHmac } from 'node:crypto'
import type { WithingsConfig } from './config.js'

const TIMEOUT_MS = 10_000

/** Why a call failed, in the terms the sync acts on. */
export type WithingsFailure =
  /** 401: the access token is unknown, expired or revoked. */
  | 'invalid_token'
  /** The token request refused the code or the refresh token (Withings answers 503 "Invalid Params"). */
  | 'invalid_grant'
  /** 601: too many requests; try later. */
  | 'rate_limited'
  /** Not reachable, not JSON, or an HTTP error. */
  | 'unavailable'
  /** Any other non-zero status. */
  | 'rejected'

export class WithingsError extends Error {
  constructor(
    readonly failure: WithingsFailure,
    /** Withings' `status`, or the HTTP status when the answer was not theirs. */
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export interface WithingsTokens {
  userid: string
  access_token: string
  refresh_token: string
  expires_in: number
  scope: string
}

export interface MeasureGroup {
  grpid: number
  date: number
  modified: number
  category: number
  timezone?: string
  measures: { value: number; type: number; unit: number }[]
}

export interface MeasurePage {
  timezone?: string
  measuregrps: MeasureGroup[]
  more: boolean
  offset: number
}

export interface SleepSeries {
  id?: number
  timezone?: string
  startdate: number
  enddate: number
  date?: string
  modified?: number
  data: { total_sleep_time?: number; sleep_score?: number }
}

export interface SleepPage {
  series: SleepSeries[]
  more: boolean
  offset: number
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

async function post(
  config: WithingsConfig,
  path: string,
  params: Record<string, string>,
  accessToken?: string,
): Promise<Record<string, unknown>> {
  let response: Response
  try {
    response = await fetch(new URL(path, config.apiUrl), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch {
    throw new WithingsError('unavailable', 0, 'Withings could not be reached')
  }
  let answer: unknown
  try {
    answer = await response.json()
  } catch {
    throw new WithingsError(
      'unavailable',
      response.status,
      `Withings answered HTTP ${response.status} without JSON`,
    )
  }
  if (!response.ok || !isObject(answer) || typeof answer.status !== 'number') {
    throw new WithingsError('unavailable', response.status, `Withings answered HTTP ${response.status}`)
  }
  const status = answer.status
  if (status === 0) return isObject(answer.body) ? answer.body : {}
  const error = typeof answer.error === 'string' ? answer.error : `status ${status}`
  if (status === 401) throw new WithingsError('invalid_token', status, error)
  if (status === 601) throw new WithingsError('rate_limited', status, error)
  if (path === 'v2/oauth2' && params.action === 'requesttoken' && (status === 503 || status === 400)) {
    throw new WithingsError('invalid_grant', status, error)
  }
  throw new WithingsError('rejected', status, error)
}

function tokensOf(body: Record<string, unknown>): WithingsTokens {
  const { userid, access_token, refresh_token, expires_in, scope } = body
  if (
    (typeof userid !== 'string' && typeof userid !== 'number') ||
    typeof access_token !== 'string' ||
    typeof refresh_token !== 'string' ||
    typeof expires_in !== 'number'
  ) {
    throw new WithingsError('unavailable', 0, 'Withings answered the token request without tokens')
  }
  return {
    userid: String(userid),
    access_token,
    refresh_token,
    expires_in,
    scope: typeof scope === 'string' ? scope : '',
  }
}

/** OAuth2 - Get your access token: the code from the redirect, for the first pair of tokens. */
export async function requestToken(config: WithingsConfig, code: string, redirectUri: string) {
  return tokensOf(
    await post(config, 'v2/oauth2', {
      action: 'requesttoken',
      grant_type: 'authorization_code',
      client_id: config.clientId,
      client_secret: config.clientSecret,
      code,
      redirect_uri: redirectUri,
    }),
  )
}

/** OAuth2 - Refresh your access token: a new access token and a new refresh token (rotation). */
export async function refreshToken(config: WithingsConfig, refresh: string) {
  return tokensOf(
    await post(config, 'v2/oauth2', {
      action: 'requesttoken',
      grant_type: 'refresh_token',
      client_id: config.clientId,
      client_secret: config.clientSecret,
      refresh_token: refresh,
    }),
  )
}

const num = (value: unknown, fallback = 0) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback

/** Measure - Getmeas: weight (meastype 1), real measures (category 1) changed since `lastupdate`. */
export async function getWeights(
  config: WithingsConfig,
  accessToken: string,
  lastupdate: number,
  offset: number,
): Promise<MeasurePage> {
  const body = await post(
    config,
    'measure',
    {
      action: 'getmeas',
      meastype: '1',
      category: '1',
      lastupdate: String(lastupdate),
      ...(offset > 0 ? { offset: String(offset) } : {}),
    },
    accessToken,
  )
  const groups = Array.isArray(body.measuregrps) ? body.measuregrps.filter(isObject) : []
  return {
    timezone: typeof body.timezone === 'string' ? body.timezone : undefined,
    measuregrps: groups.map((group) => ({
      grpid: num(group.grpid),
      date: num(group.date),
      modified: num(group.modified),
      category: num(group.category, 1),
      timezone: typeof group.timezone === 'string' ? group.timezone : undefined,
      measures: (Array.isArray(group.measures) ? group.measures.filter(isObject) : []).map((m) => ({
        value: num(m.value, NaN),
        type: num(m.type, -1),
        unit: num(m.unit, NaN),
      })),
    })),
    more: body.more === true || body.more === 1,
    offset: num(body.offset),
  }
}

/** Sleep v2 - Getsummary: nights changed since `lastupdate`, with their duration and score. */
export async function getSleepSummaries(
  config: WithingsConfig,
  accessToken: string,
  lastupdate: number,
  offset: number,
): Promise<SleepPage> {
  const body = await post(
    config,
    'v2/sleep',
    {
      action: 'getsummary',
      lastupdate: String(lastupdate),
      data_fields: 'total_sleep_time,sleep_score',
      ...(offset > 0 ? { offset: String(offset) } : {}),
    },
    accessToken,
  )
  const series = Array.isArray(body.series) ? body.series.filter(isObject) : []
  return {
    series: series.map((item) => {
      const data = isObject(item.data) ? item.data : {}
      return {
        id: typeof item.id === 'number' ? item.id : undefined,
        timezone: typeof item.timezone === 'string' ? item.timezone : undefined,
        startdate: num(item.startdate, NaN),
        enddate: num(item.enddate, NaN),
        date: typeof item.date === 'string' ? item.date : undefined,
        modified: typeof item.modified === 'number' ? item.modified : undefined,
        data: {
          total_sleep_time: typeof data.total_sleep_time === 'number' ? data.total_sleep_time : undefined,
          sleep_score: typeof data.sleep_score === 'number' ? data.sleep_score : undefined,
        },
      }
    }),
    more: body.more === true || body.more === 1,
    offset: num(body.offset),
  }
}

function sign(config: WithingsConfig, values: Record<string, string>): string {
  const data = Object.keys(values)
    .sort()
    .map((key) => values[key])
    .join(',')
  return createHmac('sha256', config.clientSecret).update(data).digest('hex')
}

/** Signature v2 - Getnonce, then OAuth2 revoke: Withings forgets this user's grant to our app. */
export async function revokeGrant(config: WithingsConfig, userid: string): Promise<void> {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonceBody = await post(config, 'v2/signature', {
    action: 'getnonce',
    client_id: config.clientId,
    timestamp,
    signature: sign(config, { action: 'getnonce', client_id: config.clientId, timestamp }),
  })
  const nonce = typeof nonceBody.nonce === 'string' ? nonceBody.nonce : ''
  await post(config, 'v2/oauth2', {
    action: 'revoke',
    client_id: config.clientId,
    nonce,
    signature: sign(config, { action: 'revoke', client_id: config.clientId, nonce }),
    userid,
  })
}

/** Notify - Subscribe: Withings posts to `callbackurl` when this user has new data of `appli`. */
export async function subscribe(
  config: WithingsConfig,
  accessToken: string,
  callbackurl: string,
  appli: number,
) {
  await post(
    config,
    'notify',
    { action: 'subscribe', callbackurl, appli: String(appli), comment: 'BariCare' },
    accessToken,
  )
}

/** Notify - Revoke. */
export async function unsubscribe(
  config: WithingsConfig,
  accessToken: string,
  callbackurl: string,
  appli: number,
) {
  await post(config, 'notify', { action: 'revoke', callbackurl, appli: String(appli) }, accessToken)
}
