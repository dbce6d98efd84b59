import { expect, test } from '@playwright/test'
import { specPort } from './support/constants'
import { spawnServer } from './support/spawn-server'

// The app's /metrics, read from this machine, has its own request series and the
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

// Route labels come from the route table, so a stream of random URLs (signed out, a patient's page
// answers a redirect; elsewhere the not-found page) adds no series: /metrics keeps its size. On a
// server of its own, so other tests' requests cannot add series meanwhile.
test.describe('random paths', () => {
  let server: Awaited<ReturnType<typeof spawnServer>>
  test.beforeAll(async () => {
    server = await spawnServer(specPort('metrics'))
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('1,000 random long paths do not grow /metrics', async () => {
    test.setTimeout(180_000)
    const random = () => `${Math.random().toString(36).slice(2)}${'x'.repeat(1500)}`
    const paths = (count: number) =>
      Array.from({ length: count }, (_, i) => {
        const shapes = [`/admin/patient/${random()}`, `/admin/patient/${random()}.data`, `/${random()}`, `/customer/${random()}/${i}`]
        return shapes[i % shapes.length]
      })
    const send = async (list: string[]) => {
      for (let i = 0; i < list.length; i += 20) {
        await Promise.all(list.slice(i, i + 20).map((path) => fetch(`${server.baseURL}${path}`, { redirect: 'manual' }).then((r) => r.arrayBuffer())))
      }
    }
    // Every series (name and labels, without its value) but the runtime's own: Node's GC histogram
    // gains a kind's series the first time that kind of collection runs, whatever the requests.
    const series = async () => {
      const text = await (await fetch(`${server.baseURL}/metrics`)).text()
      const lines = text.split('\n').filter((line) => line !== '' && !line.startsWith('#') && !/^(nodejs|process)_/.test(line))
      return { size: text.length, names: new Set(lines.map((line) => line.replace(/ [^ ]+$/, ''))) }
    }
    // Once each way first (and /metrics itself once), so every label exists before measuring.
    await send(paths(8))
    await series()
    const before = await series()
    await send(paths(1000))
    const after = await series()
    // Only counters and sums grow (a few digits each), never by a series: neither the app's, nor the
    // embedded API's or the database's.
    expect([...after.names].filter((name) => !before.names.has(name))).toEqual([])
    expect(after.names.size).toBeGreaterThan(50)
    console.log(`/metrics: ${before.names.size} series, ${before.size} bytes before, ${after.size} after 1,000 random paths`)
  })
})
