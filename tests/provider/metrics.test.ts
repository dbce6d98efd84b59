// GET /metrics on the API: Prometheus text with request and database series.
import { expect, test } from 'vitest'
import { useTestProvider } from './helpers'

const provider = useTestProvider()

test('counts requests by route template and times database statements', async () => {
  await provider.call('GET', 'v1/admin/patients/123/')
  await provider.call('GET', 'no/such/route/')
  await provider.call('POST', 'v1/auth/login/', { body: { email: 'nobody@example.com', password: 'Wrong#Pass1' } })
  const response = await fetch(new URL('metrics', provider.url))
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
  const text = await response.text()
  expect(text).toMatch(/baricare_api_requests_total\{method="GET",route="\/v1\/admin\/patients\/\{id\}\/",status="401"\} [1-9]/)
  expect(text).toMatch(/baricare_api_requests_total\{method="GET",route="\(unmatched\)",status="404"\} [1-9]/)
  expect(text).toMatch(/baricare_api_requests_total\{method="POST",route="\/v1\/auth\/login\/",status="401"\} [1-9]/)
  expect(text).toMatch(/baricare_db_query_duration_seconds_count\{engine="(pglite|postgres)",statement="select"\} [1-9]/)
  expect(text).toContain('process_resident_memory_bytes')
  // No path with an id, no e-mail address, nothing a patient typed.
  expect(text).not.toMatch(/route="[^"]*\/123\//)
  expect(text).not.toContain('nobody@example.com')
})

test('1,000 random paths add no series: labels are route templates or one "(unmatched)"', async () => {
  const random = () => `${Math.random().toString(36).slice(2)}${'x'.repeat(1500)}`
  const shapes = (i: number) => [
    `v1/admin/patients/${random()}/`,
    `v1/admin/patients/${String(i).padStart(15, '9')}/`,
    `v1/auth/entries/weight/${random()}/`,
    `${random()}/`,
  ][i % 4]
  const metrics = async () => {
    const text = await (await fetch(new URL('metrics', provider.url))).text()
    return { size: text.length, names: new Set(text.split('\n').filter((l) => l.startsWith('baricare_api_')).map((l) => l.replace(/ [^ ]+$/, ''))) }
  }
  const send = async (from: number, count: number) => {
    for (let i = from; i < from + count; i += 25) {
      await Promise.all(Array.from({ length: 25 }, (_, j) => provider.call('GET', shapes(i + j))))
    }
  }
  await send(0, 25)
  const before = await metrics()
  await send(25, 1000)
  const after = await metrics()
  // The runtime's GC histogram adds a series for a kind of collection the first time one runs;
  // those kinds are V8's few, whatever the requests were.
  const fromRequests = (name: string) => !name.includes('_nodejs_gc_duration_seconds')
  expect([...after.names].filter((name) => fromRequests(name) && !before.names.has(name))).toEqual([])
  expect(after.size - before.size).toBeLessThan(2_000)
})
