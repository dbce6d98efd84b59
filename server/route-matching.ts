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
// The app has one route table; Remix hands over copies of it and, for the route manifest, of its
// branches. A table of a shape not seen before is compared with the ones known; past the cap the
// known shapes and their answers are forgotten together, so the comparing stays short too.
export const MAX_SHAPES = 16

/** What matching reads of a table, copied: the known shape, kept without the table's modules. */
function skeletonOf(routes: readonly RouteLike[]): RouteLike[] {
  return routes.map((route) => ({
    path: route.path,
    index: route.index,
    caseSensitive: route.caseSensitive,
    children: route.children ? skeletonOf(route.children) : undefined,
  }))
}

/** Whether two tables have the same shape, compared in place: no string built per request. */
function sameShape(routes: readonly RouteLike[], known: readonly RouteLike[]): boolean {
  if (routes.length !== known.length) return false
  for (let i = 0; i < routes.length; i++) {
    const route = routes[i] as RouteLike
    const other = known[i] as RouteLike
    if ((route.path ?? null) !== (other.path ?? null)) return false
    if (Boolean(route.index) !== Boolean(other.index) || Boolean(route.caseSensitive) !== Boolean(other.caseSensitive)) return false
    const children = route.children?.length ? route.children : undefined
    const knownChildren = other.children?.length ? other.children : undefined
    if (children === undefined || knownChildren === undefined) {
      if (children !== knownChildren) return false
    } else if (!sameShape(children, knownChildren)) return false
  }
  return true
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
  // A table's shape is a small number: the keys stay short, whatever the table's size.
  const shapeIds = new WeakMap<object, number>()
  const shapes: { id: number; skeleton: RouteLike[] }[] = []
  let nextShapeId = 0
  const remembered = new Map<string, Remembrance>()
  const shapeIdOf = (routes: readonly RouteLike[]) => {
    let id = shapeIds.get(routes)
    if (id !== undefined) return id
    id = shapes.find((shape) => sameShape(routes, shape.skeleton))?.id
    if (id === undefined) {
      if (shapes.length >= MAX_SHAPES) {
        shapes.length = 0
        remembered.clear()
      }
      id = nextShapeId++
      shapes.push({ id, skeleton: skeletonOf(routes) })
    }
    shapeIds.set(routes, id)
    return id
  }

  return function matchRoutes<R extends RouteLike>(routes: R[], location: string | { pathname?: string }, basename = '/') {
    if (!Array.isArray(routes) || (typeof location !== 'string' && (typeof location !== 'object' || location === null))) {
      return original(routes, location, basename)
    }
    const key = `${shapeIdOf(routes)}\u0000${basename}\u0000${pathnameOf(location)}`
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
