import { expect, test } from '@playwright/test'

test('a page carries the security headers and its inline scripts carry the CSP nonce', async ({
  request,
}) => {
  const response = await request.get('/customer/signin')
  const headers = response.headers()
  const csp = headers['content-security-policy']!
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toContain("object-src 'none'")
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  expect(nonce).toBeTruthy()
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
  expect(headers['x-powered-by']).toBeUndefined()
  expect(headers['x-request-id']).toMatch(/^[\w-]{8,}$/)

  const html = await response.text()
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1])
  expect(inlineScripts.length).toBeGreaterThan(0)
  for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`)
  // A new nonce every request.
  const again = (await request.get('/customer/signin')).headers()['content-security-policy']
  expect(again).not.toBe(csp)
})

test('no inline script is blocked by the CSP in a real browser', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.goto('/customer/signin')
  await page.waitForLoadState('networkidle')
  expect(violations).toEqual([])
})

test('a fingerprinted asset is cached for a year, immutable, with the security headers', async ({
  request,
}) => {
  const html = await (await request.get('/customer/signin')).text()
  const asset = /\/build\/[\w./-]+\.js/.exec(html)?.[0]
  expect(asset).toBeTruthy()
  const response = await request.get(asset!)
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(response.headers()['x-content-type-options']).toBe('nosniff')
  expect(response.headers()['content-security-policy']).toBeTruthy()
})

test('a cross-site POST is refused; a same-site one is not', async ({ request }) => {
  const refused = await request.post('/customer/signin', {
    form: { email: 'a@b.co', password: 'x' },
    headers: { Origin: 'https://evil.example' },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(403)
  expect(await refused.text()).toContain('This form was sent from another site')

  const fromFetchMetadata = await request.post('/customer/forgot-password', {
    form: { email: 'a@b.co' },
    headers: { 'Sec-Fetch-Site': 'cross-site' },
    maxRedirects: 0,
  })
  expect(fromFetchMetadata.status()).toBe(403)

  const sameSite = await request.post('/customer/signin', {
    form: { email: 'a@b.co', password: 'x' },
    headers: { Origin: new URL(refused.url()).origin },
    maxRedirects: 0,
  })
  expect(sameSite.status()).not.toBe(403)
})

test('a body over 256 KB is refused with 413, and the server stays up', async ({ request }) => {
  const response = await request.post('/customer/signin', {
    form: { email: 'a@b.co', password: 'x'.repeat(300 * 1024) },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(413)
  expect((await request.get('/healthz')).status()).toBe(200)
})
