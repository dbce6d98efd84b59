// Prometheus metrics of the BariCare API (prom-client's default registry, which the app shares
// when the API runs embedded): request counts and timings by route, database statement timings,
// and Node's own process metrics. Served at GET /metrics (see provider/request-handler.ts).
import { timingSafeEqual } from 'node:crypto'
import { isMainThread } from 'node:worker_threads'
import client from 'prom-client'

const DEFAULT_METRICS = Symbol.for('baricare.metrics.default')

/** Worker-thread API's own process metrics (heap, event loop lag) beside the app's, which it joins. */
const API_THREAD_METRICS_PREFIX = 'baricare_api_thread_'

/**
 * Process metrics once per thread, however many modules ask. The embedded API runs in a worker
 * thread with a registry of its own, whose series the app's /metrics adds to its own: there they
 * carry a prefix, as the heap and the event loop they describe are the API thread's.
 */
export function collectProcessMetrics(): void {
  const flags = globalThis as { [DEFAULT_METRICS]?: boolean }
  if (flags[DEFAULT_METRICS]) return
  flags[DEFAULT_METRICS] = true
  client.collectDefaultMetrics(isMainThread ? {} : { prefix: API_THREAD_METRICS_PREFIX })
}

export function counter(name: string, help: string, labelNames: string[]): client.Counter {
  return (client.register.getSingleMetric(name) as client.Counter | undefined) ?? new client.Counter({ name, help, labelNames })
}

export function histogram(name: string, help: string, labelNames: string[], buckets: number[]): client.Histogram {
  return (
    (client.register.getSingleMetric(name) as client.Histogram | undefined) ??
    new client.Histogram({ name, help, labelNames, buckets })
  )
}

export const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

const apiRequests = counter('baricare_api_requests_total', 'API requests answered, by route and status', [
  'method',
  'route',
  'status',
])
const apiDuration = histogram(
  'baricare_api_request_duration_seconds',
  'API request time from first byte to answer, by route',
  ['method', 'route'],
  REQUEST_BUCKETS,
)
const dbDuration = histogram(
  'baricare_db_query_duration_seconds',
  'Database statement time as the API waits for it (queueing for a connection included), by engine and kind',
  ['engine', 'statement'],
  QUERY_BUCKETS,
)

/**
 * The route as a label: ids become `{id}` so one route is one series; paths no route matched are
 * one series too, so probing random URLs cannot grow the label set.
 */
export function routeLabel(path: string, matched: boolean): string {
  if (!matched) return '(unmatched)'
  return `/${path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`
}

export function recordApiRequest(method: string, route: string, status: number, seconds: number): void {
  apiRequests.inc({ method, route, status: String(status) })
  apiDuration.observe({ method, route }, seconds)
}

export function recordQuery(engine: string, sql: string, seconds: number): void {
  const statement = /^\s*(select|insert|update|delete|with|begin|commit|rollback|savepoint|release)\b/i.exec(sql)?.[1]
  dbDuration.observe({ engine, statement: statement?.toLowerCase() ?? 'other' }, seconds)
}

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: client.register.contentType, body: await client.register.metrics() }
}

/**
 * Who may read /metrics: anything on this machine, and others with `Authorization: Bearer
 * <METRICS_TOKEN>` when one is set. Route names and timings are not health data, but they map the
 * service for an attacker, so they are not public.
 */
export function mayReadMetrics(fromLoopback: boolean, authorization: string | undefined, token: string | undefined): boolean {
  if (fromLoopback) return true
  if (!token || !authorization?.startsWith('Bearer ')) return false
  const given = Buffer.from(authorization.slice('Bearer '.length))
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/** By the socket's own address, never a forwarded header. */
export function isLoopbackAddress(address: string | undefined): boolean {
  return LOOPBACK.test(address ?? '')
}
