// Prometheus metrics of the app server: requests by route and status, their timings, and the
// process metrics, at GET /metrics for this machine or a scraper holding METRICS_TOKEN. The
// registry helpers are the API's (provider/metrics.ts); an embedded API keeps its series in its own
// thread's registry, and they are added here (`more`), so one scrape still sees both.
import type { NextFunction, Request, Response } from 'express'
import {
  collectProcessMetrics,
  counter,
  histogram,
  isLoopbackAddress,
  mayReadMetrics,
  metricsText,
  REQUEST_BUCKETS,
} from '../provider/metrics'

const appRequests = counter('baricare_app_requests_total', 'App requests answered, by route and status', [
  'method',
  'route',
  'status',
])
const appDuration = histogram(
  'baricare_app_request_duration_seconds',
  'App request time until the answer is finished, by route (pages and their .data requests apart)',
  ['method', 'route'],
  REQUEST_BUCKETS,
)

/**
 * Counts and times every answer under `labelOf(path)`: a route pattern, never the path itself (see
 * route-label.ts), so random URLs cannot grow the label set, whatever the status.
 */
export function appMetrics(labelOf: (path: string) => string) {
  collectProcessMetrics()
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now()
    res.on('finish', () => {
      const route = labelOf(req.path)
      appRequests.inc({ method: req.method, route, status: String(res.statusCode) })
      appDuration.observe({ method: req.method, route }, (performance.now() - started) / 1000)
    })
    next()
  }
}

export async function metricsEndpoint(req: Request, res: Response, more?: () => Promise<string>): Promise<void> {
  if (!mayReadMetrics(isLoopbackAddress(req.socket.remoteAddress), req.get('authorization'), process.env.METRICS_TOKEN)) {
    res.status(404).type('text/plain').send('Not found')
    return
  }
  const [{ contentType, body }, extra] = await Promise.all([metricsText(), more?.() ?? ''])
  res.setHeader('Cache-Control', 'no-store')
  res.type(contentType).send(extra ? joinExpositions(body, extra) : body)
}

/**
 * The app's series and an embedded API's, as one exposition. The API's families (baricare_api_*,
 * baricare_db_*) are also declared, empty, in the app's registry, which loads the same module for
 * its helpers: the API's copy replaces them, as a family may appear only once.
 */
export function joinExpositions(app: string, api: string): string {
  const families = (text: string) => text.split(/\n(?=# HELP )/)
  const nameOf = (family: string) => /^# HELP (\S+)/.exec(family)?.[1]
  const apiNames = new Set(families(api).map(nameOf))
  const kept = families(app.trimEnd()).filter((family) => !apiNames.has(nameOf(family)))
  return `${kept.join('\n')}\n${api.trimEnd()}\n`
}
