// SMART Backend Services: the token endpoint (`POST fhir/token`, a client's signed assertion for a
// short-lived access token) and the check of those tokens on every other FHIR request.
// Access tokens are our own HMAC-signed JWTs, checked against the client register on each use, so a
// disabled client's tokens stop at once (decision 201).
import { randomUUID } from 'node:crypto'
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose'
import {
  CLIENT_ASSERTION_TYPE,
  FHIR_ACCESS_TOKEN_TTL_SECONDS,
  FHIR_ASSERTION_CLOCK_SKEW_SECONDS,
  FHIR_ASSERTION_MAX_LIFETIME_SECONDS,
  FHIR_CLIENT_TOUCH_INTERVAL_MS,
  FHIR_JWKS_CACHE_SECONDS,
  FHIR_JWKS_FETCH_TIMEOUT_MS,
} from '../../common/fhir/smart'
import { FHIR_SIGNING_ALGS } from '../../common/fhir/scopes'
import type { ProviderContext } from '../context.js'
import { deriveKey } from '../crypto/token-box.js'
import { findFhirClientByClientId, touchFhirClient, useAssertionId, type FhirClient } from '../store/fhir-clients.js'
import { recordFhirEvent } from './audit.js'
import type { FhirGrant, FhirReply, FhirRequest, FhirRoute } from './types.js'

/** The token endpoint, relative to the FHIR base. */
export const TOKEN_PATH = 'token'
const ACCESS_TOKEN_TYPE = 'at+jwt'
const ACCESS_TOKEN_ALGORITHM = 'HS256'

export function tokenUrl(baseUrl: string): string {
  return `${baseUrl}${TOKEN_PATH}`
}

type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'invalid_scope' | 'unsupported_grant_type'

/** A refusal at the token endpoint, answered as RFC 6749 §5.2 JSON (not an OperationOutcome). */
export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description)
  }

  get status(): number {
    return this.code === 'invalid_client' ? 401 : 400
  }
}

const OAUTH_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Pragma: 'no-cache' }

function oauthReply(error: OAuthError): FhirReply {
  return { status: error.status, headers: OAUTH_HEADERS, body: { error: error.code, error_description: error.description } }
}

/** The key our access tokens are signed with: derived from the API's token secret, for this use only. */
function accessTokenKey(ctx: ProviderContext): Uint8Array {
  return new Uint8Array(deriveKey(ctx.secret, 'fhir-access-tokens', 1))
}

const remoteKeySets = new Map<string, JWTVerifyGetKey>()

/** The client's public keys: as pasted, or from its URL (fetched with a timeout, reused for a while). */
function keySetOf(client: FhirClient): JWTVerifyGetKey {
  if (client.jwks) return createLocalJWKSet({ keys: client.jwks.keys as JWK[] })
  const url = client.jwksUrl ?? ''
  let keySet = remoteKeySets.get(url)
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url), {
      timeoutDuration: FHIR_JWKS_FETCH_TIMEOUT_MS,
      cacheMaxAge: FHIR_JWKS_CACHE_SECONDS * 1000,
      // A kid not in the cached set is fetched again at most this often (a client rotating keys).
      cooldownDuration: 30_000,
    })
    remoteKeySets.set(url, keySet)
  }
  return keySet
}

/** The form of a token request: its body, form-encoded (never the URL, where a proxy would log it). */
function tokenForm(req: FhirRequest): URLSearchParams {
  const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded') {
    throw new OAuthError('invalid_request', 'The token request must be form-encoded (application/x-www-form-urlencoded).')
  }
  const form = new URLSearchParams(req.rawBody)
  for (const name of ['grant_type', 'scope', 'client_assertion_type', 'client_assertion']) {
    if (form.getAll(name).length > 1) throw new OAuthError('invalid_request', `${name} is given more than once.`)
  }
  return form
}

/** The claimed client id of an assertion, before anything is verified; null when it is not a JWT. */
function claimedClientId(assertion: string): string | null {
  try {
    const iss = decodeJwt(assertion).iss
    return typeof iss === 'string' && iss !== '' ? iss : null
  } catch {
    return null
  }
}

/**
 * Checks a client's assertion as SMART Backend Services asks: signed with a key of the client's
 * JWKS found by `kid`, RS384 or ES384, `iss` = `sub` = the client id, `aud` = our token URL, `exp`
 * present and at most five minutes ahead, a `jti` not used before.
 */
async function verifyAssertion(ctx: ProviderContext, assertion: string, now: Date): Promise<FhirClient> {
  let header: ReturnType<typeof decodeProtectedHeader>
  try {
    header = decodeProtectedHeader(assertion)
    decodeJwt(assertion)
  } catch {
    throw new OAuthError('invalid_request', 'client_assertion is not a signed JWT.')
  }
  if (!(FHIR_SIGNING_ALGS as readonly string[]).includes(String(header.alg))) {
    throw new OAuthError('invalid_client', `The assertion must be signed with ${FHIR_SIGNING_ALGS.join(' or ')}.`)
  }
  if (typeof header.kid !== 'string' || header.kid === '') throw new OAuthError('invalid_client', 'The assertion names no kid.')
  const clientId = claimedClientId(assertion)
  const client = clientId ? await findFhirClientByClientId(ctx.db, clientId) : null
  if (!client || client.disabledAt) throw new OAuthError('invalid_client', 'Unknown or disabled client.')
  let claims: Awaited<ReturnType<typeof jwtVerify>>['payload']
  try {
    ;({ payload: claims } = await jwtVerify(assertion, keySetOf(client), {
      algorithms: [...FHIR_SIGNING_ALGS],
      issuer: client.clientId,
      subject: client.clientId,
      audience: tokenUrl(ctx.fhir.baseUrl),
      requiredClaims: ['exp', 'jti'],
      clockTolerance: FHIR_ASSERTION_CLOCK_SKEW_SECONDS,
      currentDate: now,
    }))
  } catch (error) {
    throw new OAuthError('invalid_client', assertionProblem(error))
  }
  const exp = claims.exp as number
  const nowSeconds = Math.floor(now.getTime() / 1000)
  if (exp > nowSeconds + FHIR_ASSERTION_MAX_LIFETIME_SECONDS + FHIR_ASSERTION_CLOCK_SKEW_SECONDS) {
    throw new OAuthError('invalid_client', `The assertion's exp is more than ${FHIR_ASSERTION_MAX_LIFETIME_SECONDS / 60} minutes ahead.`)
  }
  const jti = claims.jti
  if (typeof jti !== 'string' || jti === '' || jti.length > 255) throw new OAuthError('invalid_client', 'The assertion has no usable jti.')
  const expiresAt = new Date((exp + FHIR_ASSERTION_CLOCK_SKEW_SECONDS) * 1000)
  if (!(await useAssertionId(ctx.db, client.clientId, jti, expiresAt, now))) {
    throw new OAuthError('invalid_client', 'This assertion (its jti) was used before.')
  }
  return client
}

/** What was wrong with a signed assertion, in words a client developer can act on (no secrets). */
function assertionProblem(error: unknown): string {
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "No key in the client's JWKS matches the assertion's kid."
  if (error instanceof joseErrors.JWKSTimeout) return "The client's JWKS URL did not answer in time."
  if (error instanceof joseErrors.JWTExpired) return 'The assertion has expired.'
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `The assertion's ${error.claim} claim is missing or wrong.`
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'The assertion signature does not verify.'
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return `The assertion must be signed with ${FHIR_SIGNING_ALGS.join(' or ')}.`
  if (error instanceof joseErrors.JOSEError) return "The assertion could not be verified with the client's keys."
  return "The client's keys could not be read."
}

/** The scopes a request asks for, each allowed to the client; anything else is `invalid_scope`. */
function grantedScopes(requested: string | null, client: FhirClient): string[] {
  const asked = (requested ?? '').split(' ').filter((scope) => scope !== '')
  if (asked.length === 0) throw new OAuthError('invalid_request', 'scope is required (e.g. system/Patient.rs).')
  const beyond = asked.filter((scope) => !client.scopes.includes(scope))
  if (beyond.length > 0) throw new OAuthError('invalid_scope', `Not granted to this client: ${beyond.join(' ')}.`)
  return [...new Set(asked)]
}

async function issueToken(req: FhirRequest): Promise<FhirReply> {
  const { ctx } = req
  const form = tokenForm(req)
  const grantType = form.get('grant_type')
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required (client_credentials).')
  if (grantType !== 'client_credentials') throw new OAuthError('unsupported_grant_type', 'Only grant_type client_credentials is supported.')
  if (form.get('client_assertion_type') !== CLIENT_ASSERTION_TYPE) {
    throw new OAuthError('invalid_request', `client_assertion_type must be ${CLIENT_ASSERTION_TYPE}.`)
  }
  const assertion = form.get('client_assertion')
  if (!assertion) throw new OAuthError('invalid_request', 'client_assertion is required.')
  // Counted by the client id the assertion claims, before the database is asked anything, so a
  // client retrying a broken assertion in a loop is slowed down with the rest.
  const claimed = claimedClientId(assertion)
  if (claimed) {
    const decision = ctx.fhir.tokens.take(claimed)
    if (!decision.ok) {
      return {
        status: 429,
        headers: { ...OAUTH_HEADERS, 'Retry-After': String(decision.retryAfterSeconds) },
        body: { error: 'invalid_request', error_description: 'Too many token requests for this client; try again later.' },
      }
    }
  }
  const now = new Date()
  const client = await verifyAssertion(ctx, assertion, now)
  const scopes = grantedScopes(form.get('scope'), client)
  const accessToken = await new SignJWT({ scope: scopes.join(' ') })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: ACCESS_TOKEN_TYPE })
    .setIssuer(ctx.fhir.baseUrl)
    .setAudience(ctx.fhir.baseUrl)
    .setSubject(client.clientId)
    .setJti(randomUUID())
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + FHIR_ACCESS_TOKEN_TTL_SECONDS)
    .sign(accessTokenKey(ctx))
  const grant: FhirGrant = { clientId: client.clientId, clientName: client.name, scopes }
  await recordFhirEvent(ctx.db, grant, 'fhir_token', { scopes })
  await touchFhirClient(ctx.db, client.clientId, now)
  ctx.fhir.touched.set(client.clientId, now.getTime())
  return {
    status: 200,
    headers: OAUTH_HEADERS,
    body: { access_token: accessToken, token_type: 'bearer', expires_in: FHIR_ACCESS_TOKEN_TTL_SECONDS, scope: scopes.join(' ') },
  }
}

export const tokenRoutes: readonly FhirRoute[] = [
  {
    method: 'POST',
    path: TOKEN_PATH,
    need: { kind: 'public' },
    async handle(req) {
      try {
        return await issueToken(req)
      } catch (error) {
        if (error instanceof OAuthError) return oauthReply(error)
        throw error
      }
    },
  },
]

/**
 * The grant an `Authorization: Bearer` access token carries, or null (none, malformed, expired,
 * forged, or its client disabled or gone). Scopes the client has lost since are dropped.
 */
export async function authenticateFhir(ctx: ProviderContext, authorization: string | undefined): Promise<FhirGrant | null> {
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization?.trim() ?? '')
  if (!match) return null
  let claims: Awaited<ReturnType<typeof jwtVerify>>['payload']
  try {
    ;({ payload: claims } = await jwtVerify(match[1], accessTokenKey(ctx), {
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      typ: ACCESS_TOKEN_TYPE,
      issuer: ctx.fhir.baseUrl,
      audience: ctx.fhir.baseUrl,
      requiredClaims: ['sub', 'exp'],
    }))
  } catch {
    return null
  }
  if (typeof claims.sub !== 'string' || typeof claims.scope !== 'string') return null
  const client = await findFhirClientByClientId(ctx.db, claims.sub)
  if (!client || client.disabledAt) return null
  const scopes = claims.scope.split(' ').filter((scope) => client.scopes.includes(scope))
  const now = Date.now()
  if (now - (ctx.fhir.touched.get(client.clientId) ?? 0) >= FHIR_CLIENT_TOUCH_INTERVAL_MS) {
    ctx.fhir.touched.set(client.clientId, now)
    await touchFhirClient(ctx.db, client.clientId, new Date(now))
  }
  return { clientId: client.clientId, clientName: client.name, scopes }
}
