import { expect, test } from '@playwright/test'
import { signInNewCustomer } from './support/sign-in'

// A POST whose body cannot be read as a form is answered like an empty submit, never a 500.

const BODIES: { name: string; headers: Record<string, string>; data?: string }[] = [
  { name: 'no body at all', headers: {} },
  { name: 'multipart without a boundary', headers: { 'Content-Type': 'multipart/form-data' }, data: 'email=a@b.co' },
  { name: 'a truncated multipart body', headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ' }, data: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nhalf' },
]

for (const body of BODIES) {
  test(`${body.name}: the signed-out forms answer 400 and show the form again`, async ({ page, baseURL }) => {
    for (const [path, button] of [
      ['/customer/signin', 'Sign In'],
      ['/customer/signup', 'Sign Up'],
      ['/customer/forgot-password', 'Send Reset Link'],
      ['/admin/signin', 'Access Admin Portal'],
    ] as const) {
      const response = await page.request.post(path, {
        headers: { Origin: baseURL!, ...body.headers },
        data: body.data,
        maxRedirects: 0,
      })
      expect(response.status(), `${path}`).toBe(400)
      const html = await response.text()
      expect(html, path).toContain(`>${button}<`)
      expect(html, path).not.toMatch(/TypeError|at .*\.js:\d+/)
    }
  })
}

test('the sidebar toggle and the health log survive a body that is no form', async ({ page, baseURL }) => {
  await signInNewCustomer(page)
  for (const body of BODIES) {
    const sidebar = await page.request.post('/resources/sidebar', { headers: { Origin: baseURL!, ...body.headers }, data: body.data, maxRedirects: 0 })
    expect(sidebar.status(), body.name).toBeLessThan(500)
    // The log answers a submit it cannot use by going back to the log with its toast.
    const log = await page.request.post('/customer/log-data', { headers: { Origin: baseURL!, ...body.headers }, data: body.data })
    expect(log.status(), body.name).toBe(200)
    expect(new URL(log.url()).pathname).toBe('/customer/log-data')
  }
})
