import { describe, expect, test } from 'vitest'
import { isLoopbackAddress, mayReadMetrics, routeLabel } from '../../provider/metrics'
import { appRouteLabeler, routePatterns } from '../../server/route-label'

describe('metric labels stay bounded', () => {
  test('API routes: ids become {id}; unmatched paths share one label', () => {
    expect(routeLabel('v1/admin/patients/123/', true)).toBe('/v1/admin/patients/{id}/')
    expect(routeLabel('v1/auth/entries/weight/98765/', true)).toBe('/v1/auth/entries/weight/{id}/')
    expect(routeLabel('v1/admin/patients/', true)).toBe('/v1/admin/patients/')
    expect(routeLabel('wp-login.php', false)).toBe('(unmatched)')
  })

  // The shape of the build's route table (ServerBuild['routes']), pathless layouts included.
  const routes = {
    root: { id: 'root', path: '' },
    'routes/_public': { id: 'routes/_public', parentId: 'root' },
    'routes/_public.customer.signin': { id: 'routes/_public.customer.signin', parentId: 'routes/_public', path: 'customer/signin' },
    'routes/_portal': { id: 'routes/_portal', parentId: 'root' },
    'routes/_portal.admin.patient.$id': { id: 'routes/_portal.admin.patient.$id', parentId: 'routes/_portal', path: 'admin/patient/:id' },
    'routes/_portal.admin.patients': { id: 'routes/_portal.admin.patients', parentId: 'routes/_portal', path: 'admin/patients' },
    'routes/_patient.customer.dashboard': { id: 'routes/_patient.customer.dashboard', parentId: 'root', path: 'customer/dashboard' },
    'routes/_index': { id: 'routes/_index', parentId: 'root', index: true },
    'routes/$': { id: 'routes/$', parentId: 'root', path: '*' },
  }
  const appRouteLabel = appRouteLabeler(routes, ['/healthz', '/favicon.ico'])

  test('app routes: the matched route pattern, .data requests apart, assets and unknown paths collapse', () => {
    expect(routePatterns(routes)).toContain('/admin/patient/:id')
    expect(appRouteLabel('/admin/patient/42')).toBe('/admin/patient/:id')
    expect(appRouteLabel('/admin/patient/42.data')).toBe('/admin/patient/:id.data')
    expect(appRouteLabel('/customer/dashboard')).toBe('/customer/dashboard')
    expect(appRouteLabel('/Customer/Dashboard/')).toBe('/customer/dashboard')
    expect(appRouteLabel('/admin/patients')).toBe('/admin/patients')
    expect(appRouteLabel('/build/_assets/root-ABC123.js')).toBe('/build/*')
    expect(appRouteLabel('/anything/at/all')).toBe('(unmatched)')
    expect(appRouteLabel('/')).toBe('/')
    expect(appRouteLabel('/_root.data')).toBe('/.data')
    expect(appRouteLabel('/healthz')).toBe('/healthz')
    expect(appRouteLabel('/favicon.ico')).toBe('/favicon.ico')
  })

  test('app routes: a path with letters where an id goes is the route pattern, not a new label', () => {
    // Signed out, /admin/patient/<anything> answers a redirect; the path must not become a label.
    expect(appRouteLabel(`/admin/patient/${'x'.repeat(2000)}`)).toBe('/admin/patient/:id')
    expect(appRouteLabel('/admin/patient/abc/def')).toBe('(unmatched)')
    const labels = new Set<string>()
    for (let i = 0; i < 1000; i++) {
      const random = Math.random().toString(36).slice(2).repeat(40)
      labels.add(appRouteLabel(`/admin/patient/${random}`))
      labels.add(appRouteLabel(`/admin/patient/${random}.data`))
      labels.add(appRouteLabel(`/${random}/${i}`))
      labels.add(appRouteLabel(`/customer/${random}`))
    }
    expect([...labels].sort()).toEqual(['(unmatched)', '/admin/patient/:id', '/admin/patient/:id.data'])
  })
})

describe('who may read /metrics', () => {
  test('this machine always; others only with the exact bearer token, when one is set', () => {
    expect(mayReadMetrics(true, undefined, undefined)).toBe(true)
    expect(mayReadMetrics(false, undefined, undefined)).toBe(false)
    expect(mayReadMetrics(false, 'Bearer s3cret-token', undefined)).toBe(false)
    expect(mayReadMetrics(false, 'Bearer s3cret-token', 's3cret-token')).toBe(true)
    expect(mayReadMetrics(false, 'Bearer s3cret-tokem', 's3cret-token')).toBe(false)
    expect(mayReadMetrics(false, 's3cret-token', 's3cret-token')).toBe(false)
  })

  test('loopback by the socket address only', () => {
    for (const address of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true)
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', undefined, '']) expect(isLoopbackAddress(address)).toBe(false)
  })
})
