// P19: a local stand-in for Withings' Public API (developer.withings.com), for the development
// server (WITHINGS_SIMULATOR=1) and the tests. It speaks their wire format, not ours:
// - GET  /oauth2_user/authorize2 — the consent page (Allow / Deny), redirecting back to the
//   registered redirect URI with `code` and `state`, or `error=access_denied` and `state`;
// - POST /v2/oauth2 action=requesttoken (authorization_code, refresh_token: short-lived access
//   tokens, rotating refresh tokens), action=revoke (signed with a nonce from /v2/signature);
// - POST /measure action=getmeas (meastype 1, category 1, lastupdate, offset; `more`/`offset`
//   paging; value × 10^unit; a timezone per measure group);
// - POST /v2/sleep action=getsummary (lastupdate, data_fields, paging);
// - POST /notify action=subscribe | revoke | list;
// - every answer HTTP 200 with `{ status, body }`, a non-zero status being the error (401 invalid
//   token, 503 invalid params, 601 too many requests, 2554 unknown action).
// Test controls live under /__sim/ (seed measures for a Withings user, expire or revoke tokens,
// make the next call fail, read what it received). Development only: nothing in production
// imports this file.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

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

interface MeasureGroup {
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

interface SleepSummary {
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

interface SimUser {
  userid: number
  email: string
  measuregrps: MeasureGroup[]
  sleep: SleepSummary[]
  seeded: boolean
}

interface Grant {
  clientId: string
  redirectUri: string
  userid: number
  scope: string
  expiresAt: number
  used: boolean
}

interface TokenPair {
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

const SECOND = 1000
const DAY_S = 86_400
const CODE_TTL_S = 30
const NONCE_TTL_S = 30 * 60
const WEIGHT = 1
const CATEGORY_REAL = 1

const now = () => Math.floor(Date.now() / SECOND)
const token = () => randomBytes(20).toString('hex')

const STATUS_TEXT: Record<number, string> = {
  401: 'XRequestID: Not provided invalid_token: The access token provided is invalid',
  503: 'Invalid Params',
  601: 'Too Many Requests',
  2554: 'Unknown action',
}

export async function startWithingsSimulator(options: WithingsSimulatorOptions): Promise<WithingsSimulator> {
  const log = options.log ?? (() => {})
  const accessTtl = options.accessTtlSeconds ?? 10_800
  const pageSize = options.pageSize ?? 5
  const users = new Map<string, SimUser>()
  const usersById = new Map<number, SimUser>()
  const grants = new Map<string, Grant>()
  const pairs: TokenPair[] = []
  const nonces = new Map<string, { clientId: string; expiresAt: number; used: boolean }>()
  const subscriptions: { userid: number; callbackurl: string; appli: number; comment: string }[] = []
  const received: ReceivedRequest[] = []
  /** Per user id (0: anyone): statuses the next data calls answer with instead of data. */
  const failNext = new Map<number, number[]>()
  let nextUserId = 31_000_000 + Math.floor(Math.random() * 1000) * 1000
  let nextGroupId = 1_000_000

  const clientById = (id: string) => options.clients.find((client) => client.clientId === id)

  function userFor(email: string): SimUser {
    const key = email.trim().toLowerCase()
    let user = users.get(key)
    if (!user) {
      user = { userid: nextUserId++, email: key, measuregrps: [], sleep: [], seeded: false }
      users.set(key, user)
      usersById.set(user.userid, user)
    }
    return user
  }

  function weightGroup(
    at: number,
    kg: number,
    unit: number,
    timezone: string,
    modified: number,
  ): MeasureGroup {
    const id = nextGroupId++
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

  function sleepSummary(
    start: number,
    end: number,
    timezone: string,
    modified: number,
    data: Record<string, number>,
  ) {
    return {
      id: nextGroupId++,
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
  function demoData(user: SimUser) {
    if (user.seeded) return
    user.seeded = true
    const today = Math.floor(now() / DAY_S) * DAY_S
    for (let day = 13; day >= 0; day--) {
      const morning = today - day * DAY_S + 7 * 3600
      user.measuregrps.push(
        weightGroup(morning, 92 - (13 - day) * 0.08 + (day % 3) * 0.1, -3, 'UTC', morning),
      )
      if (day > 0) {
        const bed = morning - 8 * 3600 - (day % 4) * 900
        user.sleep.push(sleepSummary(bed, morning, 'UTC', morning, { sleep_score: 60 + (day % 5) * 6 }))
      }
    }
  }

  function record(
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
    received.push({
      at: new Date().toISOString(),
      method: req.method ?? 'GET',
      path,
      action: params.get('action'),
      params: shown,
      userid,
      status,
    })
    if (received.length > 2000) received.splice(0, received.length - 2000)
  }

  function pairForAccess(authorization: string | undefined): TokenPair | null {
    const match = /^Bearer (\S+)$/.exec(authorization ?? '')
    return (match && pairs.find((pair) => pair.access === match[1])) || null
  }

  // ---- OAuth 2.0 --------------------------------------------------------------------------------

  function consentPage(res: ServerResponse, params: URLSearchParams) {
    const client = clientById(params.get('client_id') ?? '')
    const redirectUri = params.get('redirect_uri') ?? ''
    if (params.get('response_type') !== 'code' || !client || !client.redirectUris.includes(redirectUri)) {
      return html(
        res,
        400,
        page('Invalid request', '<p>The application or its redirect URI is not registered.</p>'),
      )
    }
    const hidden = ['client_id', 'redirect_uri', 'state', 'scope']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? '')}">`)
      .join('')
    const scopes = (params.get('scope') ?? '')
      .split(',')
      .filter(Boolean)
      .map((scope) => `<li>${escapeHtml(SCOPE_TEXT[scope] ?? scope)}</li>`)
      .join('')
    html(
      res,
      200,
      page(
        'Allow BariCare to access your Withings data?',
        `<p class="lead">BariCare asks to read:</p><ul>${scopes}</ul>
        <form method="post" action="/oauth2_user/authorize2">${hidden}
          <label for="email">Signed in to Withings as</label>
          <input id="email" name="email" type="email" autocomplete="email" value="demo@withings.test" required>
          <p class="hint">A simulated Withings account: any e-mail address works, and data seeded for it is what BariCare will read.</p>
          <div class="actions">
            <button type="submit" name="decision" value="allow">Allow</button>
            <button type="submit" name="decision" value="deny" class="secondary" formnovalidate>Deny</button>
          </div>
        </form>`,
      ),
    )
  }

  function decide(res: ServerResponse, params: URLSearchParams) {
    const client = clientById(params.get('client_id') ?? '')
    const redirectUri = params.get('redirect_uri') ?? ''
    if (!client || !client.redirectUris.includes(redirectUri)) {
      return html(
        res,
        400,
        page('Invalid request', '<p>The application or its redirect URI is not registered.</p>'),
      )
    }
    const target = new URL(redirectUri)
    if (params.get('decision') === 'allow') {
      const user = userFor(params.get('email') || 'demo@withings.test')
      demoData(user)
      const code = token()
      grants.set(code, {
        clientId: client.clientId,
        redirectUri,
        userid: user.userid,
        scope: params.get('scope') ?? '',
        expiresAt: now() + CODE_TTL_S,
        used: false,
      })
      target.searchParams.set('code', code)
    } else {
      target.searchParams.set('error', 'access_denied')
    }
    target.searchParams.set('state', params.get('state') ?? '')
    res.writeHead(302, { Location: target.toString() }).end()
  }

  function issue(userid: number, clientId: string, scope: string, previous: TokenPair | null) {
    const pair: TokenPair = {
      userid,
      clientId,
      scope,
      access: token(),
      accessExpiresAt: now() + accessTtl,
      refresh: token(),
      accessValid: true,
      refreshValid: true,
      previous,
    }
    pairs.push(pair)
    return {
      userid: String(userid),
      access_token: pair.access,
      refresh_token: pair.refresh,
      expires_in: accessTtl,
      scope,
      csrf_token: token(),
      token_type: 'Bearer',
    }
  }

  function oauth2(params: URLSearchParams): [number, unknown, string?] {
    const action = params.get('action')
    const client = clientById(params.get('client_id') ?? '')
    if (action === 'requesttoken') {
      if (!client || !safeEqual(client.clientSecret, params.get('client_secret') ?? '')) {
        return [503, {}, 'Invalid Params: invalid client_id or client_secret']
      }
      if (params.get('grant_type') === 'authorization_code') {
        const grant = grants.get(params.get('code') ?? '')
        if (!grant || grant.used || grant.expiresAt < now() || grant.clientId !== client.clientId) {
          return [503, {}, 'Invalid Params: invalid code']
        }
        if (grant.redirectUri !== params.get('redirect_uri'))
          return [503, {}, 'Invalid Params: invalid redirect_uri']
        grant.used = true
        return [0, issue(grant.userid, client.clientId, grant.scope, null)]
      }
      if (params.get('grant_type') === 'refresh_token') {
        const old = pairs.find(
          (pair) => pair.refresh === params.get('refresh_token') && pair.clientId === client.clientId,
        )
        if (!old || !old.refreshValid) return [503, {}, 'Invalid Params: invalid refresh_token']
        // Rotation: the old access token ends now; the old refresh token lasts until the new
        // access token is first used (Withings keeps it a few hours; "until used" is the stricter).
        old.accessValid = false
        return [0, issue(old.userid, client.clientId, old.scope, old)]
      }
      return [503, {}, 'Invalid Params: invalid grant_type']
    }
    if (action === 'revoke') {
      if (!client || !checkSignature(client, params, ['action', 'client_id', 'nonce'])) {
        return [503, {}, 'Invalid Params: invalid signature']
      }
      const nonce = nonces.get(params.get('nonce') ?? '')
      if (!nonce || nonce.used || nonce.expiresAt < now() || nonce.clientId !== client.clientId) {
        return [503, {}, 'Invalid Params: invalid nonce']
      }
      nonce.used = true
      const userid = Number(params.get('userid'))
      for (const pair of pairs) {
        if (pair.userid === userid && pair.clientId === client.clientId) {
          pair.accessValid = false
          pair.refreshValid = false
        }
      }
      return [0, {}]
    }
    return [2554, {}]
  }

  function signature(params: URLSearchParams): [number, unknown, string?] {
    const client = clientById(params.get('client_id') ?? '')
    if (params.get('action') !== 'getnonce') return [2554, {}]
    if (!client || !checkSignature(client, params, ['action', 'client_id', 'timestamp'])) {
      return [503, {}, 'Invalid Params: invalid signature']
    }
    if (Math.abs(Number(params.get('timestamp')) - now()) > 60)
      return [503, {}, 'Invalid Params: invalid timestamp']
    const nonce = token()
    nonces.set(nonce, { clientId: client.clientId, expiresAt: now() + NONCE_TTL_S, used: false })
    return [0, { nonce }]
  }

  function checkSignature(client: SimulatorClient, params: URLSearchParams, keys: string[]): boolean {
    const data = [...keys]
      .sort()
      .map((key) => params.get(key) ?? '')
      .join(',')
    const expected = createHmac('sha256', client.clientSecret).update(data).digest('hex')
    return safeEqual(expected, params.get('signature') ?? '')
  }

  // ---- Data ---------------------------------------------------------------------------------------

  /** The bearer's user, or the error status (401 for unknown, expired, revoked or superseded). */
  function authorized(authorization: string | undefined): SimUser | number {
    const pair = pairForAccess(authorization)
    if (!pair || !pair.accessValid || pair.accessExpiresAt <= now()) return 401
    // The first use of a refreshed access token retires the refresh token it replaced.
    if (pair.previous) pair.previous.refreshValid = false
    const user = usersById.get(pair.userid)
    if (!user) return 401
    const queued = failNext.get(user.userid) ?? failNext.get(0)
    if (queued && queued.length > 0) return queued.shift()!
    return user
  }

  function paged<T extends { modified: number }>(
    items: T[],
    params: URLSearchParams,
    sortKey: (item: T) => number,
  ) {
    const lastupdate = params.get('lastupdate')
    const since = lastupdate === null ? null : Number(lastupdate)
    const startdate = params.get('startdate') ?? params.get('startdateymd')
    const matching = items
      .filter((item) => since === null || item.modified >= since)
      .filter((item) => startdate === null || since !== null || sortKey(item) >= Number(startdate))
      .sort((a, b) => sortKey(a) - sortKey(b))
    const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0)
    const slice = matching.slice(offset, offset + pageSize)
    const more = offset + slice.length < matching.length
    return { slice, more, offset: more ? offset + slice.length : 0 }
  }

  function measure(params: URLSearchParams, user: SimUser): [number, unknown, string?] {
    if (params.get('action') !== 'getmeas') return [2554, {}]
    const types = (params.get('meastypes') ?? params.get('meastype') ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number)
    const category = Number(params.get('category') ?? CATEGORY_REAL)
    const groups = user.measuregrps
      .filter((group) => group.category === category)
      .map((group) => ({
        ...group,
        measures: group.measures.filter((m) => types.length === 0 || types.includes(m.type)),
      }))
      .filter((group) => group.measures.length > 0)
    const { slice, more, offset } = paged(groups, params, (group) => group.date)
    return [
      0,
      {
        updatetime: now(),
        timezone: slice[0]?.timezone ?? 'UTC',
        measuregrps: slice,
        more: more ? 1 : 0,
        offset,
      },
    ]
  }

  function sleep(params: URLSearchParams, user: SimUser): [number, unknown, string?] {
    if (params.get('action') !== 'getsummary') return [2554, {}]
    const fields = (params.get('data_fields') ?? '').split(',').filter(Boolean)
    const { slice, more, offset } = paged(user.sleep, params, (series) => series.startdate)
    const series = slice.map((item) => ({
      ...item,
      data: Object.fromEntries(Object.entries(item.data).filter(([key]) => fields.includes(key))),
    }))
    return [0, { series, more, offset }]
  }

  function notify(params: URLSearchParams, user: SimUser): [number, unknown, string?] {
    const action = params.get('action')
    const appli = Number(params.get('appli'))
    const callbackurl = params.get('callbackurl') ?? ''
    if (action === 'subscribe') {
      if (!/^https?:\/\//.test(callbackurl) || !Number.isInteger(appli)) return [503, {}, 'Invalid Params']
      if (
        !subscriptions.some(
          (s) => s.userid === user.userid && s.callbackurl === callbackurl && s.appli === appli,
        )
      ) {
        subscriptions.push({ userid: user.userid, callbackurl, appli, comment: params.get('comment') ?? '' })
      }
      return [0, {}]
    }
    if (action === 'revoke') {
      const index = subscriptions.findIndex(
        (s) =>
          s.userid === user.userid &&
          s.callbackurl === callbackurl &&
          (!params.get('appli') || s.appli === appli),
      )
      if (index < 0) return [294, {}, 'No such subscription']
      subscriptions.splice(index, 1)
      return [0, {}]
    }
    if (action === 'list') {
      return [
        0,
        {
          profiles: subscriptions
            .filter((s) => s.userid === user.userid)
            .map(({ userid: _, ...rest }) => rest),
        },
      ]
    }
    return [2554, {}]
  }

  // ---- Test controls ------------------------------------------------------------------------------

  interface WeightSeed {
    /** ISO time or Unix seconds. */
    at: string | number
    kg: number
    /** The power of ten the value travels with (default -3: grams). */
    unit?: number
    timezone?: string
  }
  interface SleepSeed {
    start: string | number
    end: string | number
    sleep_score?: number
    timezone?: string
  }

  async function control(path: string, body: Record<string, unknown>, query: URLSearchParams) {
    const email = typeof body.email === 'string' ? body.email : (query.get('email') ?? '')
    if (path === '/__sim/measures') {
      const user = userFor(email)
      if (body.replace === true || !user.seeded) {
        user.measuregrps = []
        user.sleep = []
      }
      user.seeded = true
      const modified = now()
      for (const seed of (body.weights as WeightSeed[] | undefined) ?? []) {
        user.measuregrps.push(
          weightGroup(unix(seed.at), seed.kg, seed.unit ?? -3, seed.timezone ?? 'UTC', modified),
        )
      }
      for (const seed of (body.sleep as SleepSeed[] | undefined) ?? []) {
        const extra: Record<string, number> =
          seed.sleep_score === undefined ? {} : { sleep_score: seed.sleep_score }
        user.sleep.push(
          sleepSummary(unix(seed.start), unix(seed.end), seed.timezone ?? 'UTC', modified, extra),
        )
      }
      return { userid: user.userid, measuregrps: user.measuregrps.length, sleep: user.sleep.length }
    }
    if (path === '/__sim/expire-access') {
      const user = userFor(email)
      for (const pair of pairs)
        if (pair.userid === user.userid) pair.accessExpiresAt = Math.min(pair.accessExpiresAt, now() - 1)
      return { userid: user.userid }
    }
    if (path === '/__sim/revoke') {
      const user = userFor(email)
      for (const pair of pairs) {
        if (pair.userid === user.userid) {
          pair.accessValid = false
          pair.refreshValid = false
        }
      }
      return { userid: user.userid }
    }
    if (path === '/__sim/fail-next') {
      const id = email ? userFor(email).userid : 0
      const status = Number(body.status ?? 601)
      const times = Math.max(1, Number(body.times ?? 1))
      failNext.set(id, [...(failNext.get(id) ?? []), ...Array.from({ length: times }, () => status)])
      return { userid: id || null }
    }
    if (path === '/__sim/requests') {
      const id = email ? users.get(email.trim().toLowerCase())?.userid : undefined
      return email ? received.filter((r) => id !== undefined && r.userid === id) : received
    }
    if (path === '/__sim/user') {
      const user = users.get(email.trim().toLowerCase())
      return user
        ? { userid: user.userid, subscriptions: subscriptions.filter((s) => s.userid === user.userid) }
        : null
    }
    if (path === '/__sim/notify') {
      // Sends the notification Withings would send to each of the user's subscriptions.
      const user = userFor(email)
      const sent: number[] = []
      for (const s of subscriptions.filter((sub) => sub.userid === user.userid)) {
        const form = new URLSearchParams({
          userid: String(user.userid),
          appli: String(s.appli),
          startdate: String(now() - DAY_S),
          enddate: String(now()),
        })
        const answer = await fetch(s.callbackurl, { method: 'POST', body: form }).catch(() => null)
        sent.push(answer?.status ?? 0)
      }
      return { sent }
    }
    return undefined
  }

  // ---- Server -------------------------------------------------------------------------------------

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://simulator.invalid')
    const text = await readText(req)
    const form = new URLSearchParams(req.method === 'POST' && !isJson(req) ? text : '')
    for (const [key, value] of url.searchParams) if (!form.has(key)) form.set(key, value)

    if (url.pathname.startsWith('/__sim/')) {
      let body: Record<string, unknown> = {}
      try {
        body = isJson(req) && text ? (JSON.parse(text) as Record<string, unknown>) : {}
      } catch {
        return json(res, 400, { error: 'invalid JSON' })
      }
      const answer = await control(url.pathname, body, url.searchParams)
      return answer === undefined ? json(res, 404, { error: 'unknown control' }) : json(res, 200, answer)
    }
    if (url.pathname === '/oauth2_user/authorize2') {
      record(req, url.pathname, form, null, 0)
      return req.method === 'POST' ? decide(res, form) : consentPage(res, form)
    }
    if (req.method !== 'POST' && req.method !== 'GET') return json(res, 405, { status: 2555, body: {} })

    let answer: [number, unknown, string?]
    let userid: number | null = null
    if (url.pathname === '/v2/oauth2') {
      answer = oauth2(form)
      // Whose request it was, for the controls' per-user view: the user a token was issued to, the
      // owner of the refresh token sent (even a refused one), or the user named in a revoke.
      const grantUser = answer[0] === 0 ? Number((answer[1] as { userid?: string }).userid) : NaN
      const refreshOwner = pairs.find((pair) => pair.refresh === form.get('refresh_token'))?.userid
      userid = Number.isFinite(grantUser)
        ? grantUser
        : (refreshOwner ?? (form.get('userid') ? Number(form.get('userid')) : null))
    } else if (url.pathname === '/v2/signature') {
      answer = signature(form)
    } else if (['/measure', '/v2/sleep', '/notify'].includes(url.pathname)) {
      const user = authorized(req.headers.authorization)
      const pair = pairForAccess(req.headers.authorization)
      userid = pair?.userid ?? null
      if (typeof user === 'number') answer = [user, {}]
      else if (url.pathname === '/measure') answer = measure(form, user)
      else if (url.pathname === '/v2/sleep') answer = sleep(form, user)
      else answer = notify(form, user)
    } else {
      return json(res, 404, { status: 2554, body: {}, error: 'Not found' })
    }
    const [status, body, error] = answer
    record(req, url.pathname, form, userid, status)
    const payload: Record<string, unknown> = { status, body }
    if (status !== 0) payload.error = error ?? STATUS_TEXT[status] ?? 'Error'
    json(res, 200, payload)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`withings simulator: ${error instanceof Error ? error.message : String(error)}`)
      if (!res.headersSent) json(res, 500, { status: 2555, body: {}, error: 'An unknown error occurred' })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

// ---- Helpers ---------------------------------------------------------------------------------------

const SCOPE_TEXT: Record<string, string> = {
  'user.metrics': 'Your measurements (weight)',
  'user.activity': 'Your activity and sleep',
  'user.info': 'Your profile',
}

function unix(value: string | number): number {
  return typeof value === 'number' ? value : Math.floor(Date.parse(value) / SECOND)
}

function localDate(unixSeconds: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(unixSeconds * SECOND))
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function isJson(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').includes('application/json')
}

function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify(body))
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(body)
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Withings (simulated)</title>
<style>
  :root { color-scheme: light dark; --bg: #f4f6f8; --card: #fff; --fg: #1b2430; --muted: #5b6675; --accent: #00829b; --border: #d5dbe2; }
  @media (prefers-color-scheme: dark) { :root { --bg: #0f151c; --card: #18212b; --fg: #e8edf2; --muted: #a7b2bf; --accent: #4cc3d9; --border: #334150; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: var(--bg); color: var(--fg); }
  header { padding: 12px 20px; border-bottom: 1px solid var(--border); background: var(--card); font-weight: 700; letter-spacing: .02em; }
  header span { color: var(--muted); font-weight: 400; }
  main { max-width: 480px; margin: 24px auto; padding: 24px; background: var(--card); border: 1px solid var(--border); border-radius: 12px; }
  h1 { font-size: 1.35rem; margin: 0 0 12px; overflow-wrap: anywhere; }
  label { display: block; font-weight: 600; margin-top: 16px; }
  input[type=email] { width: 100%; padding: 10px 12px; margin-top: 6px; border: 1px solid var(--border); border-radius: 8px; font: inherit; background: var(--bg); color: var(--fg); }
  .hint, .lead { color: var(--muted); font-size: .9rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 20px; }
  button { flex: 1 1 140px; padding: 10px 16px; border-radius: 8px; border: 1px solid var(--accent); background: var(--accent); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  @media (prefers-color-scheme: dark) { button { color: #06222a; } }
  button.secondary { background: transparent; color: var(--fg); border-color: var(--border); }
  @media (max-width: 520px) { main { margin: 0; border-radius: 0; border-width: 0 0 1px; } }
</style></head>
<body><header>Withings <span>· simulated for development</span></header>
<main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`
}
