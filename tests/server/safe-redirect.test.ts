import { describe, expect, it } from 'vitest'
import { isSafeRedirect, safeRedirect } from '~/platform/safe-redirect'

const FALLBACK = '/customer/dashboard'

describe('safeRedirect refuses anything that could leave the site', () => {
  it.each([
    ['absolute https URL', 'https://evil.example'],
    ['absolute http URL with path', 'http://evil.example/customer/dashboard'],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/customer/signin'],
    ['backslash after slash', '/\\evil.example'],
    ['backslash later in the path', '/customer\\..\\\\evil.example'],
    ['javascript: scheme', 'javascript:alert(1)'],
    ['javascript: scheme, odd case', 'JaVaScRiPt:alert(1)'],
    ['data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['no leading slash', 'evil.example'],
    ['relative path', 'customer/dashboard'],
    ['encoded double slash', '/%2F%2Fevil.example'],
    ['encoded double slash, lower case', '/%2f%2fevil.example'],
    ['encoded slash then slash', '/%2F/evil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded double slash without leading slash', '%2F%2Fevil'],
    ['double-encoded double slash', '/%252F%252Fevil.example'],
    ['triple-encoded backslash', '/%25255Cevil.example'],
    ['encoded more times than we decode', '/%2525252F%2525252Fevil.example'],
    ['tab that browsers drop', '/\t/evil.example'],
    ['newline that browsers drop', '/\n/evil.example'],
    ['encoded tab', '/%09/evil.example'],
    ['encoded newline (header splitting)', '/x%0d%0aSet-Cookie:%20a=b'],
    ['NUL byte', '/customer\u0000/dashboard'],
    ['leading space', ' /customer/dashboard'],
    ['empty string', ''],
  ])('%s: %j', (_label, to) => {
    expect(isSafeRedirect(to)).toBe(false)
    expect(safeRedirect(to, FALLBACK)).toBe(FALLBACK)
  })

  it.each([[null], [undefined], [new File(['x'], 'x.txt')]])('non-string %#', (to) => {
    expect(safeRedirect(to, FALLBACK)).toBe(FALLBACK)
  })
})

describe('safeRedirect keeps same-site paths as they are', () => {
  it.each([
    '/',
    '/customer/dashboard',
    '/customer/health-trends?range=30d',
    '/admin/patients?page=2&sort=name',
    '/admin/patient/42',
    '/customer/log-data?week=2026-11-16#sleep',
    '/customer/profile?email=pat%40example.com',
    '/search?q=100%25',
    '/customer/dashboard/',
  ])('%s', (to) => {
    expect(isSafeRedirect(to)).toBe(true)
    expect(safeRedirect(to, FALLBACK)).toBe(to)
  })

  it("defaults the fallback to '/'", () => {
    expect(safeRedirect('//evil.example')).toBe('/')
  })
})
