// A provider that implements SPEC.md §7 to the letter and sends only what SPEC.md §3 promises:
// minimal answers, `{}` for a profile section not saved yet, no ids or names, decimals as text
// (as Django REST sends them), no extension endpoints (404, Django's way). Not our API and not
// shaped like it: the app must work with it (tests/e2e/spec-only-provider.spec.ts), which is how a
// contract that grew past SPEC is noticed.
//
// `/__control/…` is for the tests: the mail it would have sent, the requests it received, and
// switches that expire every access token or refuse every refresh token.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

type Json = Record<string, unknown>
type Portal = 'customer' | 'admin'

export type SpecMail = { to: string; kind: 'verify' | 'reset'; token: string; portal: Portal }
export type SpecRequest = { method: string; path: string; body: unknown; authorization: string | undefined }

type Customer = {
  password: string
  verified: boolean
  sections: Record<'personal' | 'medical_history' | 'bariatric_surgery' | 'device_information', Json>
  flags: { is_onboarded: boolean; profile_completed: boolean; medical_completed: boolean; bariatric_completed: boolean }
}
type Admin = { password: string; roles: unknown[] }
type Grant = { email: string; portal: Portal }

export type SpecOnlyProvider = {
  /** Base URL ending with '/', as PROVIDER_API_URL wants it. */
  url: string
  mail: SpecMail[]
  requests: SpecRequest[]
  /** Every access token issued so far answers 401 from now on (a refresh gets a new one). */
  expireAccessTokens(): void
  /** Every refresh token issued so far is refused from now on. */
  revokeRefreshTokens(): void
  addAdmin(email: string, password: string, roles: unknown[]): void
  close(): Promise<void>
}

const SECTION_OF = {
  personal: ['personal', 'profile_completed'],
  medical: ['medical_history', 'medical_completed'],
  bariatric: ['bariatric_surgery', 'bariatric_completed'],
  device: ['device_information', 'is_onboarded'],
} as const

/** What each wizard step must carry (SPEC.md §5); the answer's `data` names what is missing. */
const REQUIRED: Record<keyof typeof SECTION_OF, string[]> = {
  personal: ['full_name', 'date_of_birth', 'gender', 'phone_number', 'height', 'initial_weight', 'address_line1', 'city', 'state', 'postal_code'],
  medical: ['pre_existing_conditions', 'previous_weight_loss_attempts'],
  bariatric: ['bariatric_status'],
  device: ['wearable_os'],
}

/** Numbers come back as decimal text, as a Django REST DecimalField answers them. */
const NUMERIC = new Set(['height', 'initial_weight', 'pre_surgery_weight', 'goal_weight'])

const newToken = () => randomBytes(18).toString('base64url')
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

export async function startSpecOnlyProvider(port = 0): Promise<SpecOnlyProvider> {
  const customers = new Map<string, Customer>()
  const admins = new Map<string, Admin>()
  let access = new Map<string, Grant>()
  let refresh = new Map<string, Grant>()
  const links = new Map<string, { email: string; kind: SpecMail['kind']; portal: Portal }>()
  const mail: SpecMail[] = []
  const requests: SpecRequest[] = []

  function send(res: ServerResponse, status: number, body?: Json) {
    if (body === undefined) {
      res.writeHead(status).end()
      return
    }
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
  }
  const error = (res: ServerResponse, status: number, message: string, data: Json = {}) => send(res, status, { message, data })

  function bearer(req: IncomingMessage, portal: Portal): Grant | null {
    const header = req.headers.authorization ?? ''
    const grant = access.get(header.replace(/^Bearer /, ''))
    return grant && grant.portal === portal ? grant : null
  }

  function tokens(email: string, portal: Portal) {
    const pair = { access_token: newToken(), refresh_token: newToken() }
    access.set(pair.access_token, { email, portal })
    refresh.set(pair.refresh_token, { email, portal })
    return pair
  }

  function profileOf(customer: Customer): Json {
    const display = (section: Json): Json =>
      Object.fromEntries(Object.entries(section).map(([k, v]) => [k, NUMERIC.has(k) && typeof v === 'number' ? v.toFixed(1) : v]))
    return {
      profile: { ...customer.flags },
      personal: display(customer.sections.personal),
      medical_history: display(customer.sections.medical_history),
      bariatric_surgery: display(customer.sections.bariatric_surgery),
      device_information: display(customer.sections.device_information),
      preferences: {},
    }
  }

  function route(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams, body: Json) {
    const method = req.method ?? 'GET'
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
    const key = `${method} ${path}`

    switch (key) {
      case 'POST v1/auth/signup/': {
        if (!email || typeof body.password !== 'string') return error(res, 400, 'Email and password are required.')
        if (body.password !== body.conf_password) return error(res, 400, 'Passwords do not match.', { conf_password: ['Passwords do not match.'] })
        if (customers.has(email)) return error(res, 400, 'A user with this email already exists.', { email: ['A user with this email already exists.'] })
        customers.set(email, {
          password: body.password,
          verified: false,
          sections: { personal: {}, medical_history: {}, bariatric_surgery: {}, device_information: {} },
          flags: { is_onboarded: false, profile_completed: false, medical_completed: false, bariatric_completed: false },
        })
        mailLink(email, 'verify', 'customer')
        return send(res, 201)
      }
      case 'POST v1/auth/resend-verify-email/': {
        const customer = customers.get(email)
        if (customer && !customer.verified) mailLink(email, 'verify', 'customer')
        return send(res, 200, { content: {} })
      }
      case 'GET v1/auth/verify-email-token/': {
        const link = links.get(query.get('token') ?? '')
        const customer = customers.get((query.get('email') ?? '').toLowerCase())
        if (!link || link.kind !== 'verify' || !customer || link.email !== query.get('email')?.toLowerCase()) {
          return error(res, 400, 'This verification link is invalid or has expired.')
        }
        customer.verified = true
        links.delete(query.get('token') ?? '')
        return send(res, 200, { message: 'Email verified.' })
      }
      case 'POST v1/auth/login/': {
        const customer = customers.get(email)
        if (!customer || customer.password !== body.password) return error(res, 400, 'Invalid email or password.')
        if (!customer.verified) return error(res, 403, 'Please verify your email address first.')
        return send(res, 200, { content: tokens(email, 'customer') })
      }
      case 'POST v1/admin/login/': {
        const admin = admins.get(email)
        if (!admin || admin.password !== body.password) return error(res, 400, 'Invalid email or password.')
        return send(res, 200, { content: { ...tokens(email, 'admin'), user: { roles: admin.roles } } })
      }
      case 'GET v1/admin/profile/': {
        if (!bearer(req, 'admin')) return error(res, 401, 'Authentication credentials were not provided.')
        return send(res, 200, { content: {} })
      }
      case 'GET v1/auth/profile/': {
        const grant = bearer(req, 'customer')
        if (!grant) return error(res, 401, 'Authentication credentials were not provided.')
        return send(res, 200, { content: profileOf(customers.get(grant.email) as Customer) })
      }
      case 'POST v1/auth/tour-completed/': {
        if (!bearer(req, 'customer')) return error(res, 401, 'Authentication credentials were not provided.')
        return send(res, 204)
      }
      case 'POST v1/auth/forgot_password/': {
        const portal: Portal = body.portal === 'admin' ? 'admin' : 'customer'
        if ((portal === 'admin' ? admins : customers).has(email)) mailLink(email, 'reset', portal)
        return send(res, 200, {})
      }
      case 'POST v1/auth/reset_password/submit/': {
        const link = links.get(typeof body.token === 'string' ? body.token : '')
        if (!link || link.kind !== 'reset') return error(res, 400, 'This reset link is invalid or has expired.')
        if (typeof body.new_password !== 'string' || body.new_password !== body.conf_password) {
          return error(res, 400, 'Passwords do not match.', { conf_password: ['Passwords do not match.'] })
        }
        const account = (link.portal === 'admin' ? admins : customers).get(link.email)
        if (account) account.password = body.new_password
        links.delete(body.token as string)
        return send(res, 200, { content: null })
      }
      case 'POST v1/auth/token/refresh/':
      case 'POST v1/admin/token/refresh/': {
        const portal: Portal = path.startsWith('v1/admin/') ? 'admin' : 'customer'
        const grant = refresh.get(typeof body.refresh === 'string' ? body.refresh : '')
        if (!grant || grant.portal !== portal) return error(res, 401, 'Token is invalid or expired')
        const token = newToken()
        access.set(token, grant)
        return send(res, 200, { content: { access: token } })
      }
    }

    const step = /^v1\/auth\/profile\/(personal|medical|bariatric|device)\/$/.exec(path)?.[1] as keyof typeof SECTION_OF | undefined
    if (method === 'PUT' && step) {
      const grant = bearer(req, 'customer')
      if (!grant) return error(res, 401, 'Authentication credentials were not provided.')
      const missing = REQUIRED[step].filter((field) => body[field] === undefined || body[field] === '' || body[field] === null)
      if (missing.length > 0) {
        return error(res, 400, 'Invalid input.', Object.fromEntries(missing.map((f) => [f, ['This field is required.']])))
      }
      const customer = customers.get(grant.email) as Customer
      const [section, flag] = SECTION_OF[step]
      customer.sections[section] = { ...body }
      customer.flags[flag] = true
      return send(res, 200, {})
    }

    // Django's answer to a path it does not route.
    return send(res, 404, { detail: 'Not found.' })
  }

  function mailLink(email: string, kind: SpecMail['kind'], portal: Portal) {
    const token = newToken()
    links.set(token, { email, kind, portal })
    mail.push({ to: email, kind, token, portal })
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://spec.invalid')
      const path = url.pathname.replace(/^\/+/, '')
      let body: unknown
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
      } catch {
        return error(res, 400, 'JSON parse error.')
      }
      requests.push({ method: req.method ?? 'GET', path, body, authorization: req.headers.authorization })
      if (path === '__control/mail') return send(res, 200, { mail })
      if (path === '__control/requests') return send(res, 200, { requests })
      if (path === '__control/expire-access' && req.method === 'POST') {
        access = new Map()
        return send(res, 204)
      }
      if (path === '__control/revoke-refresh' && req.method === 'POST') {
        refresh = new Map()
        return send(res, 204)
      }
      route(req, res, path, url.searchParams, isRecord(body) ? body : {})
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${bound}/`,
    mail,
    requests,
    expireAccessTokens: () => void (access = new Map()),
    revokeRefreshTokens: () => void (refresh = new Map()),
    addAdmin(email, password, roles) {
      admins.set(email.toLowerCase(), { password, roles })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
