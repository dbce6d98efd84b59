import { describe, expect, test } from 'vitest'
import { backgroundHref, isBackgroundRequest, isPrefetch } from './background'
import { currentPath } from './portal'

const request = (url: string, headers: Record<string, string> = {}) => new Request(`http://app.test${url}`, { headers })

describe('background requests', () => {
  test('a prefetch is not a read, in any browser’s spelling', () => {
    expect(isPrefetch(request('/', { 'Sec-Purpose': 'prefetch' }))).toBe(true)
    expect(isPrefetch(request('/', { Purpose: 'prefetch' }))).toBe(true)
    expect(isPrefetch(request('/', { 'X-Moz': 'prefetch' }))).toBe(true)
    expect(isPrefetch(request('/'))).toBe(false)
  })

  test('a poll is the page’s URL with background=1; a document navigation never is one', () => {
    const poll = backgroundHref('/admin/patient/5', '?tab=messages')
    expect(poll).toBe('/admin/patient/5?tab=messages&background=1')
    expect(isBackgroundRequest(request(poll))).toBe(true)
    expect(isBackgroundRequest(request('/admin/patient/5?tab=messages'))).toBe(false)
    expect(isBackgroundRequest(request(poll, { 'Sec-Fetch-Mode': 'navigate' }))).toBe(false)
    expect(isBackgroundRequest(request('/x', { 'Sec-Purpose': 'prefetch' }))).toBe(true)
  })

  test('the way back after signing in again drops the marker', () => {
    expect(currentPath(request('/admin/patient/5?tab=messages&background=1&_routes=x'))).toBe('/admin/patient/5?tab=messages')
  })
})
