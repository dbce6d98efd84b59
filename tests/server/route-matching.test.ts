import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { MAX_SHAPES, rememberingMatchRoutes, rememberRouteMatches, type MatchRoutes, type RouteLike } from '../../server/route-matching'

const require = createRequire(import.meta.url)
const router = require('@remix-run/router') as { matchRoutes: MatchRoutes }
const reactRouterMatch = router.matchRoutes

type Route = RouteLike & { id?: string; children?: Route[] }

/** A table like the app's: pathless layouts, index routes, params, optional segments, a splat. */
function table(): Route[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'home', index: true },
        {
          id: '_public',
          children: [
            { id: 'signin', path: 'customer/signin' },
            { id: 'admin-signin', path: 'admin/signin' },
            { id: 'reset', path: 'customer/reset-password' },
          ],
        },
        {
          id: '_patient',
          children: [
            { id: 'dashboard', path: 'customer/dashboard' },
            { id: 'trends', path: 'customer/health-trends' },
            { id: 'trends-csv', path: 'customer/health-trends.csv' },
          ],
        },
        {
          id: '_portal',
          children: [
            { id: 'patients', path: 'admin/patients' },
            { id: 'patient', path: 'admin/patients/:id' },
            { id: 'patient-tab', path: 'admin/patients/:id/:tab?' },
            { id: 'Exact', path: 'admin/Exact', caseSensitive: true },
          ],
        },
        { id: 'not-authorized', path: 'not-authorized' },
        { id: 'lang', path: ':lang?/about' },
        { id: 'catch-all', path: '*' },
      ],
    },
  ]
}

const PATHS = [
  '/',
  '/customer/signin',
  '/customer/signin?redirectTo=%2Fcustomer%2Fdashboard#top',
  '/customer/dashboard',
  '/customer/dashboard.data',
  '/customer/health-trends.csv',
  '/admin/patients',
  '/admin/patients/42',
  '/admin/patients/42/log',
  '/admin/patients/a%20b',
  '/admin/Exact',
  '/admin/exact',
  '/about',
  '/fr/about',
  '/customer',
  '/no/such/page',
]

describe('remembered route matches', () => {
  it('answers as React Router does, from a new copy of the same table too', () => {
    const remembering = rememberingMatchRoutes(reactRouterMatch)
    for (let round = 0; round < 3; round++) {
      // Each round a fresh table, as the render builds one per request.
      const routes = table()
      for (const path of PATHS) {
        for (const location of [path, { pathname: path.split(/[?#]/)[0] }]) {
          const expected = reactRouterMatch(routes, location)
          const actual = remembering(routes, location)
          expect(actual, `${path} (round ${round})`).toEqual(expected)
          // The routes are the table's own objects, not the first table's.
          expect(actual?.map((m) => m.route)).toEqual(expected?.map((m) => m.route))
          actual?.forEach((match, i) => expect(match.route).toBe(expected?.[i]?.route))
          // One params object for all matches of an answer, and a fresh one per answer.
          if (actual && actual.length > 1) expect(actual[0]?.params).toBe(actual[actual.length - 1]?.params)
        }
      }
    }
  })

  it('honours the basename', () => {
    const remembering = rememberingMatchRoutes(reactRouterMatch)
    const routes = table()
    for (const basename of ['/', '/app', '/app', '/']) {
      expect(remembering(routes, '/app/customer/signin', basename)).toEqual(reactRouterMatch(routes, '/app/customer/signin', basename))
    }
  })

  it('matches a path against a table of that shape once', () => {
    let real = 0
    const counting: MatchRoutes = (routes, location, basename) => {
      real++
      return reactRouterMatch(routes, location, basename)
    }
    const remembering = rememberingMatchRoutes(counting)
    for (let i = 0; i < 5; i++) remembering(table(), '/admin/patients/7/log')
    expect(real).toBe(1)
    // Another shape is another table.
    const other = table()
    other[0]?.children?.push({ path: 'extra' })
    remembering(other, '/admin/patients/7/log')
    expect(real).toBe(2)
  })

  it('knows a bounded number of table shapes: past the cap, the first is matched again', () => {
    let real = 0
    const counting: MatchRoutes = (routes, location, basename) => {
      real++
      return reactRouterMatch(routes, location, basename)
    }
    const remembering = rememberingMatchRoutes(counting)
    const shaped = (n: number) => {
      const routes = table()
      routes[0]?.children?.push({ path: `extra-${n}` })
      return routes
    }
    remembering(shaped(0), '/customer/signin')
    remembering(shaped(0), '/customer/signin')
    expect(real).toBe(1)
    for (let n = 1; n <= MAX_SHAPES; n++) remembering(shaped(n), '/customer/signin')
    expect(real).toBe(1 + MAX_SHAPES)
    // The first shape was forgotten with its answers when the cap was reached.
    remembering(shaped(0), '/customer/signin')
    expect(real).toBe(2 + MAX_SHAPES)
  })

  it('treats an empty list of children as none, as React Router does', () => {
    let real = 0
    const counting: MatchRoutes = (routes, location, basename) => {
      real++
      return reactRouterMatch(routes, location, basename)
    }
    const remembering = rememberingMatchRoutes(counting)
    const withEmpty = table()
    for (const child of withEmpty[0]?.children ?? []) if (!child.children) child.children = []
    remembering(table(), '/not-authorized')
    expect(remembering(withEmpty, '/not-authorized')?.at(-1)?.route).toMatchObject({ id: 'not-authorized' })
    expect(real).toBe(1)
  })

  it('does not let an answer be changed through another', () => {
    const remembering = rememberingMatchRoutes(reactRouterMatch)
    const first = remembering(table(), '/admin/patients/7')
    if (first?.[0]) first[0].params.id = 'changed'
    expect(remembering(table(), '/admin/patients/7')?.at(-1)?.params.id).toBe('7')
  })

  it('is installed in the router module Remix and React Router call', () => {
    const before = router.matchRoutes
    try {
      expect(rememberRouteMatches(import.meta.url)).toBe(true)
      expect(router.matchRoutes).not.toBe(before)
      expect(router.matchRoutes(table(), '/customer/signin')?.at(-1)?.route).toMatchObject({ id: 'signin' })
    } finally {
      router.matchRoutes = before
    }
  })
})
