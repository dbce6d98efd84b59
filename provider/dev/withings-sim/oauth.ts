// Withings' OAuth 2.0 as the simulator speaks it: the consent page (Allow / Deny), the token
// endpoint (authorization code, rotating refresh tokens), the signed revoke, and the nonce service
// that signing needs.
import { createHmac } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { escapeHtml, html, now, page, safeEqual } from './http.js'
import {
  clientById,
  demoData,
  type SimState,
  type SimulatorClient,
  token,
  type TokenPair,
  userFor,
} from './state.js'

const CODE_TTL_S = 30
const NONCE_TTL_S = 30 * 60

const SCOPE_TEXT: Record<string, string> = {
  'user.metrics': 'Your measurements (weight)',
  'user.activity': 'Your activity and sleep',
  'user.info': 'Your profile',
}

export function consentPage(sim: SimState, res: ServerResponse, params: URLSearchParams) {
  const client = clientById(sim, params.get('client_id') ?? '')
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

export function decide(sim: SimState, res: ServerResponse, params: URLSearchParams) {
  const client = clientById(sim, params.get('client_id') ?? '')
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
    const user = userFor(sim, params.get('email') || 'demo@withings.test')
    demoData(sim, user)
    const code = token()
    sim.grants.set(code, {
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

function issue(sim: SimState, userid: number, clientId: string, scope: string, previous: TokenPair | null) {
  const pair: TokenPair = {
    userid,
    clientId,
    scope,
    access: token(),
    accessExpiresAt: now() + sim.accessTtl,
    refresh: token(),
    accessValid: true,
    refreshValid: true,
    previous,
  }
  sim.pairs.push(pair)
  return {
    userid: String(userid),
    access_token: pair.access,
    refresh_token: pair.refresh,
    expires_in: sim.accessTtl,
    scope,
    csrf_token: token(),
    token_type: 'Bearer',
  }
}

export function oauth2(sim: SimState, params: URLSearchParams): [number, unknown, string?] {
  const action = params.get('action')
  const client = clientById(sim, params.get('client_id') ?? '')
  if (action === 'requesttoken') {
    if (!client || !safeEqual(client.clientSecret, params.get('client_secret') ?? '')) {
      return [503, {}, 'Invalid Params: invalid client_id or client_secret']
    }
    if (params.get('grant_type') === 'authorization_code') {
      const grant = sim.grants.get(params.get('code') ?? '')
      if (!grant || grant.used || grant.expiresAt < now() || grant.clientId !== client.clientId) {
        return [503, {}, 'Invalid Params: invalid code']
      }
      if (grant.redirectUri !== params.get('redirect_uri'))
        return [503, {}, 'Invalid Params: invalid redirect_uri']
      grant.used = true
      return [0, issue(sim, grant.userid, client.clientId, grant.scope, null)]
    }
    if (params.get('grant_type') === 'refresh_token') {
      const old = sim.pairs.find(
        (pair) => pair.refresh === params.get('refresh_token') && pair.clientId === client.clientId,
      )
      if (!old || !old.refreshValid) return [503, {}, 'Invalid Params: invalid refresh_token']
      // Rotation: the old access token ends now; the old refresh token lasts until the new
      // access token is first used (Withings keeps it a few hours; "until used" is the stricter).
      old.accessValid = false
      return [0, issue(sim, old.userid, client.clientId, old.scope, old)]
    }
    return [503, {}, 'Invalid Params: invalid grant_type']
  }
  if (action === 'revoke') {
    if (!client || !checkSignature(client, params, ['action', 'client_id', 'nonce'])) {
      return [503, {}, 'Invalid Params: invalid signature']
    }
    const nonce = sim.nonces.get(params.get('nonce') ?? '')
    if (!nonce || nonce.used || nonce.expiresAt < now() || nonce.clientId !== client.clientId) {
      return [503, {}, 'Invalid Params: invalid nonce']
    }
    nonce.used = true
    const userid = Number(params.get('userid'))
    sim.revocations.push({ userid, clientId: client.clientId, at: now() })
    for (const pair of sim.pairs) {
      if (pair.userid === userid && pair.clientId === client.clientId) {
        pair.accessValid = false
        pair.refreshValid = false
      }
    }
    return [0, {}]
  }
  return [2554, {}]
}

export function signature(sim: SimState, params: URLSearchParams): [number, unknown, string?] {
  const client = clientById(sim, params.get('client_id') ?? '')
  if (params.get('action') !== 'getnonce') return [2554, {}]
  if (!client || !checkSignature(client, params, ['action', 'client_id', 'timestamp'])) {
    return [503, {}, 'Invalid Params: invalid signature']
  }
  if (Math.abs(Number(params.get('timestamp')) - now()) > 60)
    return [503, {}, 'Invalid Params: invalid timestamp']
  const nonce = token()
  sim.nonces.set(nonce, { clientId: client.clientId, expiresAt: now() + NONCE_TTL_S, used: false })
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
