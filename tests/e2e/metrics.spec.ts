import { expect, test } from '@playwright/test'

// P14 (operable): the app's /metrics, read from this machine, has its own request series and the
// embedded API's, in Prometheus' text format.
test('GET /metrics shows app requests by route and the embedded API and database series', async ({ page, request }) => {
  await page.goto('/customer/signin')
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
  const response = await request.get('/metrics')
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toBe('no-store')
  const text = await response.text()
  expect(text).toMatch(/baricare_app_requests_total\{method="GET",route="\/customer\/signin",status="200"\} [1-9]/)
  expect(text).toMatch(/baricare_app_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/customer\/signin"\}/)
  expect(text).toContain('baricare_api_requests_total')
  expect(text).toMatch(/baricare_db_query_duration_seconds_count\{engine="pglite",statement="select"\} [1-9]/)
})
