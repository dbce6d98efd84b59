import { beforeEach, describe, expect, it } from 'vitest'
import * as adminDashboard from '~/features/admin-dashboard/admin-dashboard.server'
import * as adminPatients from '~/features/admin-patients/admin-patients.server'
import { requireAdmin } from '~/platform/guards.server'
import { GENERIC_ERROR } from '~/platform/messages'
import { ADMIN_ROLES } from '~/platform/roles'
import { getToasts } from '~/platform/toast.server'
import { admin, cookiesFrom, location, pageRequest, sessionCookie, thrownResponse, useStubProvider } from './helpers'

// The admin patients loaders and action against a scripted provider: what they ask for, and that
// anything odd in the URL or from the provider becomes a page, never a 500.

const stub = useStubProvider({ timeoutMs: 2000 })
let cookie = ''

beforeEach(async () => {
  cookie = await sessionCookie({ admin: admin() })
})

// As the routes call them: the guard first, its context handed on.
const staff = (request: Request) => requireAdmin(request, { roles: ADMIN_ROLES })
const loadPatientsList = async (request: Request) => adminPatients.loadPatientsList(await staff(request))
const loadPatientPage = async (request: Request, id: string | undefined) =>
  adminPatients.loadPatientPage(await staff(request), id)
const acknowledgeAlertAction = async (request: Request, id: string | undefined) =>
  adminPatients.acknowledgeAlertAction(await staff(request), id)
const loadAdminDashboard = async (request: Request) => adminDashboard.loadAdminDashboard(await staff(request))

const EMPTY_PAGE = { items: [], page: 1, page_size: 20, total: 0, total_pages: 0 }
const body = async (response: unknown) => (response as { data: unknown }).data
/** The flash toasts a redirect carries to the next page, read back the way the root loader reads them. */
const toastsOf = async (response: Response) =>
  (await getToasts(pageRequest('/admin/patient/7', cookiesFrom(response)))).toasts

describe('patients list loader', () => {
  it('asks the provider for the URL’s state, with the admin token', async () => {
    stub.handle(() => ({ json: { message: 'Patients loaded.', content: EMPTY_PAGE } }))
    const page = await body(
      await loadPatientsList(pageRequest('/admin/patients?q=kim&alert=tier1&sort=twl&dir=desc', cookie)),
    )
    expect(page).toMatchObject({ items: [], total: 0, error: null })
    const [sent] = stub.requestsTo('/v1/admin/patients/')
    expect(Object.fromEntries(sent.query)).toEqual({
      q: 'kim',
      alert: 'tier1',
      sort: 'twl',
      dir: 'desc',
      page: '1',
      page_size: '20',
    })
    expect(sent.authorization).toBe('Bearer admin-access')
  })

  it('redirects odd or empty parameters to the one URL of that state, without calling the provider', async () => {
    const response = await thrownResponse(
      loadPatientsList(
        pageRequest('/admin/patients?q=kim&procedure=&onboarding=bogus&sort=age&page=0', cookie),
      ),
    )
    expect(location(response)).toBe('/admin/patients?q=kim')
    expect(stub.requests).toHaveLength(0)
  })

  it('sends a page past the end to the last page', async () => {
    stub.handle(() => ({
      json: { message: 'Patients loaded.', content: { ...EMPTY_PAGE, page: 9, total: 41, total_pages: 3 } },
    }))
    const response = await thrownResponse(loadPatientsList(pageRequest('/admin/patients?page=9', cookie)))
    expect(location(response)).toBe('/admin/patients?page=3')
  })

  it('shows the provider’s refusal or a malformed answer as a message', async () => {
    stub.handle(() => ({ status: 503, json: { message: 'Down for maintenance', data: {} } }))
    expect(await body(await loadPatientsList(pageRequest('/admin/patients', cookie)))).toMatchObject({
      error: 'Down for maintenance',
    })
    stub.handle(() => ({ json: { message: 'ok', content: { items: 'nope' } } }))
    expect(await body(await loadPatientsList(pageRequest('/admin/patients', cookie)))).toMatchObject({
      error: 'Something went wrong. Please try again.',
    })
  })

  it('sends a signed-out visitor to the admin sign-in', async () => {
    const response = await thrownResponse(loadPatientsList(pageRequest('/admin/patients')))
    expect(location(response)).toBe('/admin/signin?redirectTo=%2Fadmin%2Fpatients')
  })
})

describe('patient page', () => {
  // 'Patient not found' inside the portal: data with status 404, not a thrown response.
  it('is a 404 for ids that cannot be a patient’s, without calling the provider', async () => {
    for (const id of ['abc', '1e3', '../1', '9'.repeat(20)]) {
      const response = await loadPatientPage(pageRequest(`/admin/patient/${encodeURIComponent(id)}`, cookie), id)
      expect((response as { init: ResponseInit }).init.status, id).toBe(404)
      expect(await body(response)).toMatchObject({ page: null, notFound: true })
    }
    expect(stub.requests).toHaveLength(0)
  })

  it('is a 404 when the provider has no such patient, and a message when it fails', async () => {
    stub.handle(() => ({ status: 404, json: { message: 'Patient not found.', data: {} } }))
    const missing = await loadPatientPage(pageRequest('/admin/patient/7', cookie), '7')
    expect((missing as { init: ResponseInit }).init.status).toBe(404)
    expect(await body(missing)).toMatchObject({ page: null, notFound: true })
    stub.handle(() => ({ status: 500, json: { message: 'Internal error', data: {} } }))
    expect(await body(await loadPatientPage(pageRequest('/admin/patient/7', cookie), '7'))).toMatchObject({
      page: null,
      error: 'Internal error',
    })
  })
})

describe('acknowledge action', () => {
  const post = (form: Record<string, string>) =>
    acknowledgeAlertAction(
      pageRequest('/admin/patient/7', cookie, { method: 'POST', body: new URLSearchParams(form) }),
      '7',
    )

  it('refuses an empty note itself, without calling the provider', async () => {
    const response = await post({ intent: 'acknowledge', alertId: '3', note: '   ' })
    expect((response as { init: ResponseInit }).init.status).toBe(400)
    expect(await body(response)).toMatchObject({
      formId: 'acknowledge-3',
      result: { error: { note: ['Note is required'] } },
    })
    expect(stub.requests).toHaveLength(0)
  })

  it('sends the note and comes back to the alerts with a toast; a refusal comes back as a toast too', async () => {
    stub.handle(() => ({
      json: {
        message: 'Alert acknowledged.',
        content: {
          id: 3,
          patient_id: 7,
          kind: 'no_recent_data',
          tier: 2,
          title: 'No recent data',
          detail: '',
          status: 'acknowledged',
          opened_at: '2026-11-01T00:00:00Z',
        },
      },
    }))
    const done = await thrownResponse(
      Promise.reject(await post({ intent: 'acknowledge', alertId: '3', note: 'Called.' })),
    )
    expect(location(done)).toBe('/admin/patient/7#alerts')
    expect(await toastsOf(done)).toMatchObject([{ title: 'Alert acknowledged.', type: 'success' }])
    expect(stub.requestsTo('/v1/admin/alerts/3/acknowledge/')[0].body).toEqual({ note: 'Called.' })
    stub.handle(() => ({
      status: 409,
      json: { message: 'This alert has already been acknowledged.', data: {} },
    }))
    const refused = await thrownResponse(
      Promise.reject(await post({ intent: 'acknowledge', alertId: '3', note: 'Again.' })),
    )
    expect(location(refused)).toBe('/admin/patient/7#alerts')
    expect(await toastsOf(refused)).toMatchObject([
      { title: 'This alert has already been acknowledged.', type: 'destructive' },
    ])
  })
})

describe('dashboard loader', () => {
  it('shows a provider failure as a message', async () => {
    stub.handle(() => ({ status: 502, text: '<html>Bad gateway</html>', contentType: 'text/html' }))
    const page = await body(await loadAdminDashboard(pageRequest('/admin/dashboard', cookie)))
    // An HTML 502 (a proxy's page) carries no message of the provider's: SPEC §8's generic text.
    expect(page).toEqual({ dashboard: null, error: GENERIC_ERROR })
  })
})
