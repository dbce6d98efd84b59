// Remix matches a page's URL against the route table four or five times per request (the server
// runtime, its static handler, the React render, and once more per parent path for the route
// manifest it sends), and React Router's matchRoutes starts each time from nothing: it flattens
// the whole table, scores and sorts every branch and compiles a regular expression per segment it
// tries. On the simplest page that was a fifth of the server's CPU, a quarter on sign-in.
//
// The answer depends only on the table's shape (each route's path, index and caseSensitive, and
// its children) and the pathname, so it is remembered by those: a later call with a table of the
// same shape (the render builds a new copy of the same table on every request) gets the routes of
// its own table at the remembered positions, with the remembered params. See
// docs/decisions/221-server-time-per-page.md.
import { createRequire } from 'node:module'

export interface RouteLike {
  path?: string
  index?: boolean
  caseSensitive?: boolean
  children?: RouteLike[]
}

export interface RouteMatchLike<R extends RouteLike = RouteLike> {
  params: Record<string, string | undefined>
  pathname: string
  pathnameBase: string
  route: R
}

export type MatchRoutes = <R extends RouteLike>(
  routes: R[],
  location: string | { pathname?: string },
  basename?: string,
) => RouteMatchLike<R>[] | null

type Remembered = { at: number[]; pathname: string; pathnameBase: string }[] | null
type Remembrance = { params: Record<string, string | undefined>; matches: Remembered }

// Paths with ids in them (/admin/patients/123) make one entry each; the cap bounds the memory
// whatever URLs arrive, and starting again costs one real match per path.
const MAX_REMEMBERED = 5_000

/** The table's shape: what matching reads of it, nothing else. */
function shapeOf(routes: readonly RouteLike[]): string {
  let shape = '['
  for (const route of routes) {
    shape += `${JSON.stringify(route.path ?? null)}${route.index ? 'i' : ''}${route.caseSensitive ? 'c' : ''}`
    if (route.children) shape += shapeOf(route.children)
    shape += ','
  }
  return `${shape}]`
}

/** Where each route sits in the table: the indexes down from the top. */
function positions(routes: readonly RouteLike[], above: number[] = [], found = new Map<RouteLike, number[]>()) {
  routes.forEach((route, index) => {
    const at = [...above, index]
    found.set(route, at)
    if (route.children) positions(route.children, at, found)
  })
  return found
}

function routeAt<R extends RouteLike>(routes: readonly R[], at: readonly number[]): R | undefined {
  let level: readonly RouteLike[] | undefined = routes
  let route: RouteLike | undefined
  for (const index of at) {
    route = level?.[index]
    level = route?.children
  }
  return route as R | undefined
}

/** The part of a location that matching reads (React Router's parsePath: before any ? or #). */
function pathnameOf(location: string | { pathname?: string }): string {
  if (typeof location !== 'string') return location.pathname || '/'
  const end = location.search(/[?#]/)
  return end === -1 ? location : location.slice(0, end)
}

/** `matchRoutes` with its answers remembered by the table's shape, the pathname and the basename. */
export function rememberingMatchRoutes(original: MatchRoutes): MatchRoutes {
  const shapes = new WeakMap<object, string>()
  const remembered = new Map<string, Remembrance>()
  const shapeKey = (routes: readonly RouteLike[]) => {
    let shape = shapes.get(routes)
    if (shape === undefined) {
      shape = shapeOf(routes)
      shapes.set(routes, shape)
    }
    return shape
  }

  return function matchRoutes<R extends RouteLike>(routes: R[], location: string | { pathname?: string }, basename = '/') {
    if (!Array.isArray(routes) || (typeof location !== 'string' && (typeof location !== 'object' || location === null))) {
      return original(routes, location, basename)
    }
    const key = `${basename}\u0000${pathnameOf(location)}\u0000${shapeKey(routes)}`
    const known = remembered.get(key)
    if (known) {
      if (known.matches === null) return null
      // One params object shared by every match of the answer, as React Router gives it.
      const params = { ...known.params }
      const matches: RouteMatchLike<R>[] = []
      for (const match of known.matches) {
        const route = routeAt(routes, match.at)
        if (!route) return original(routes, location, basename)
        matches.push({ params, pathname: match.pathname, pathnameBase: match.pathnameBase, route })
      }
      return matches
    }
    const matches = original(routes, location, basename)
    let entry: Remembrance = { params: {}, matches: null }
    if (matches) {
      const at = positions(routes)
      const found = matches.map((match) => ({ at: at.get(match.route), pathname: match.pathname, pathnameBase: match.pathnameBase }))
      // A match whose route is not in the table given (never seen) is not worth remembering.
      if (found.some((match) => match.at === undefined)) return matches
      entry = { params: { ...matches[0]?.params }, matches: found as { at: number[]; pathname: string; pathnameBase: string }[] }
    }
    if (remembered.size >= MAX_REMEMBERED) remembered.clear()
    remembered.set(key, entry)
    return matches
  }
}

/**
 * Puts the remembering matchRoutes in React Router's module, where Remix's server runtime, its
 * route-manifest code and React Router's render look it up on every call. Returns false (and
 * changes nothing) when the module does not offer a plain function to replace.
 */
export function rememberRouteMatches(from: string = import.meta.url): boolean {
  const router = createRequire(from)('@remix-run/router') as { matchRoutes?: unknown }
  const original = router.matchRoutes
  if (typeof original !== 'function') return false
  const descriptor = Object.getOwnPropertyDescriptor(router, 'matchRoutes')
  if (!descriptor?.writable) return false
  router.matchRoutes = rememberingMatchRoutes(original as MatchRoutes)
  return true
}
