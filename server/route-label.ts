// The app's metric label for a request: the pattern of the Remix route that answers it (from the
// build's route table), never the path itself, so the label set is the route table's size whatever
// URLs arrive. See docs/decisions/175-metric-labels-from-route-table.md.

/** What the label needs of a build route (`ServerBuild['routes']` values). */
export interface RouteShape {
  id: string
  parentId?: string
  path?: string
  index?: boolean
}

export const UNMATCHED = '(unmatched)'
const DATA_SUFFIX = '.data'
// app/routes/$.tsx: the not-found page for every path no other route takes.
const CATCH_ALL = '/*'
// Single fetch asks for the root route's data of `/` as `/_root.data`.
const ROOT_DATA = '/_root.data'

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '')
}

/** Every route's full URL pattern (parents' paths joined), `/` for the root and index routes. */
export function routePatterns(routes: Record<string, RouteShape | undefined>): string[] {
  const fullPath = (route: RouteShape): string[] => {
    const parent = route.parentId ? routes[route.parentId] : undefined
    return [...(parent ? fullPath(parent) : []), ...segmentsOf(route.path ?? '')]
  }
  const patterns = new Set<string>()
  for (const route of Object.values(routes)) {
    if (route) patterns.add(`/${fullPath(route).join('/')}`)
  }
  return [...patterns]
}

/**
 * How well a pattern fits, as React Router ranks them: a static segment beats a parameter, which
 * beats a splat; null when it does not match at all.
 */
function score(pattern: string[], path: string[]): number | null {
  let total = 0
  for (const [index, segment] of pattern.entries()) {
    if (segment === '*') return path.length >= index ? total - 2 : null
    const given = path[index]
    if (given === undefined) return null
    if (segment.startsWith(':')) total += 3
    else if (segment.toLowerCase() === given.toLowerCase()) total += 10
    else return null
  }
  return path.length === pattern.length ? total : null
}

/**
 * A labeller for the app's requests. `fixed` are the paths the server answers before Remix (health
 * check, metrics, public files); `/build/` assets are one label; a path only the catch-all splat
 * route matches is UNMATCHED, whatever its status (404 page, or a redirect to sign-in).
 */
export function appRouteLabeler(routes: Record<string, RouteShape | undefined>, fixed: readonly string[] = []) {
  const patterns = routePatterns(routes).map((pattern) => ({ pattern, segments: segmentsOf(pattern) }))
  const fixedPaths = new Set(fixed)
  return (path: string): string => {
    if (path.startsWith('/build/')) return '/build/*'
    if (fixedPaths.has(path)) return path
    const data = path.endsWith(DATA_SUFFIX)
    const pagePath = path === ROOT_DATA ? '/' : data ? path.slice(0, -DATA_SUFFIX.length) : path
    const segments = segmentsOf(pagePath)
    let best: { pattern: string; score: number } | null = null
    for (const candidate of patterns) {
      const fit = score(candidate.segments, segments)
      if (fit !== null && (best === null || fit > best.score)) best = { pattern: candidate.pattern, score: fit }
    }
    if (!best || best.pattern === CATCH_ALL) return UNMATCHED
    return data ? `${best.pattern}${DATA_SUFFIX}` : best.pattern
  }
}
