import { describe, expect, test } from 'vitest'
import { isLoopbackAddress, mayReadMetrics, routeLabel } from '../../provider/metrics'
import { appRouteLabel } from '../../server/metrics'

describe('metric labels stay bounded', () => {
  test('API routes: ids become {id}; unmatched paths share one label', () => {
    expect(routeLabel('v1/admin/patients/123/', true)).toBe('/v1/admin/patients/{id}/')
    expect(routeLabel('v1/auth/entries/weight/98765/', true)).toBe('/v1/auth/entries/weight/{id}/')
    expect(routeLabel('v1/admin/patients/', true)).toBe('/v1/admin/patients/')
    expect(routeLabel('wp-login.php', false)).toBe('(unmatched)')
  })

  test('app routes: ids become :id, .data requests stay apart, 404s and assets collapse', () => {
    expect(appRouteLabel('/admin/patient/42', 200)).toBe('/admin/patient/:id')
    expect(appRouteLabel('/admin/patient/42.data', 200)).toBe('/admin/patient/:id.data')
    expect(appRouteLabel('/customer/dashboard', 200)).toBe('/customer/dashboard')
    expect(appRouteLabel('/build/_assets/root-ABC123.js', 200)).toBe('/build/*')
    expect(appRouteLabel('/anything/at/all', 404)).toBe('(unmatched)')
    expect(appRouteLabel('/', 200)).toBe('/')
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
