// A local stand-in for Withings' Public API (developer.withings.com), for the development
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
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { control } from './withings-sim/controls.js'
import { authorized, measure, notify, sleep } from './withings-sim/data.js'
import { isJson, json, readText } from './withings-sim/http.js'
import { consentPage, decide, oauth2, signature } from './withings-sim/oauth.js'
import {
  newSimState,
  pairForAccess,
  record,
  type SimState,
  type WithingsSimulator,
  type WithingsSimulatorOptions,
} from './withings-sim/state.js'

export type {
  ReceivedRequest,
  SimulatorClient,
  WithingsSimulator,
  WithingsSimulatorOptions,
} from './withings-sim/state.js'

const STATUS_TEXT: Record<number, string> = {
  401: 'XRequestID: Not provided invalid_token: The access token provided is invalid',
  503: 'Invalid Params',
  601: 'Too Many Requests',
  2554: 'Unknown action',
}

export async function startWithingsSimulator(options: WithingsSimulatorOptions): Promise<WithingsSimulator> {
  const log = options.log ?? (() => {})
  const sim = newSimState(options)
  const server = createServer((req, res) => {
    handle(sim, req, res).catch((error: unknown) => {
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

async function handle(sim: SimState, req: IncomingMessage, res: ServerResponse) {
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
    const answer = await control(sim, url.pathname, body, url.searchParams)
    return answer === undefined ? json(res, 404, { error: 'unknown control' }) : json(res, 200, answer)
  }
  if (url.pathname === '/oauth2_user/authorize2') {
    record(sim, req, url.pathname, form, null, 0)
    return req.method === 'POST' ? decide(sim, res, form) : consentPage(sim, res, form)
  }
  if (req.method !== 'POST' && req.method !== 'GET') return json(res, 405, { status: 2555, body: {} })

  let answer: [number, unknown, string?]
  let userid: number | null = null
  if (url.pathname === '/v2/oauth2') {
    answer = oauth2(sim, form)
    // Whose request it was, for the controls' per-user view: the user a token was issued to, the
    // owner of the refresh token sent (even a refused one), or the user named in a revoke.
    const grantUser = answer[0] === 0 ? Number((answer[1] as { userid?: string }).userid) : NaN
    const refreshOwner = sim.pairs.find((pair) => pair.refresh === form.get('refresh_token'))?.userid
    userid = Number.isFinite(grantUser)
      ? grantUser
      : (refreshOwner ?? (form.get('userid') ? Number(form.get('userid')) : null))
  } else if (url.pathname === '/v2/signature') {
    answer = signature(sim, form)
  } else if (['/measure', '/v2/sleep', '/notify'].includes(url.pathname)) {
    const user = authorized(sim, req.headers.authorization)
    const pair = pairForAccess(sim, req.headers.authorization)
    userid = pair?.userid ?? null
    if (typeof user === 'number') answer = [user, {}]
    else if (url.pathname === '/measure') answer = measure(sim, form, user)
    else if (url.pathname === '/v2/sleep') answer = sleep(sim, form, user)
    else answer = notify(sim, form, user)
  } else {
    return json(res, 404, { status: 2554, body: {}, error: 'Not found' })
  }
  const [status, body, error] = answer
  record(sim, req, url.pathname, form, userid, status)
  const payload: Record<string, unknown> = { status, body }
  if (status !== 0) payload.error = error ?? STATUS_TEXT[status] ?? 'Error'
  json(res, 200, payload)
}
