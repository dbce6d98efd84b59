// The route table against the documentation and SPEC.md's calls: every endpoint in the table is
// documented in docs/provider-api.md, every endpoint documented there is in the table, and the
// SPEC.md §7 calls are the ones that carry a SPEC-level answer.
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { ENDPOINTS, matchPath, pathOf, type Endpoint } from './endpoints'
import { SPEC_CALLS } from './spec'

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const
const METHOD = METHODS.join('|')

interface Documented {
  method: string
  /** As documented: `{name}` marks a parameter, `{a,b}` two alternatives. */
  path: string
  line: number
}

/** `…/reactivate/` after `v1/admin/admins/{id}/deactivate/` is `v1/admin/admins/{id}/reactivate/`. */
function resolveShort(path: string, previous: string | undefined): string | null {
  if (!path.startsWith('…/')) return path
  if (!previous) return null
  return previous.replace(/[^/]+\/$/, '') + path.slice(2)
}

/**
 * What the doc names as endpoints: its headings (`### POST v1/auth/signup/`, `#### GET, PUT,
 * DELETE v1/auth/entries/{kind}/{id}/`, several joined by `·` or `and`) and the code spans that
 * start with a method (`GET v1/admin/audit-events/`, `` `GET`, `PUT v1/auth/reminders/` ``).
 * Development-only paths (`__dev/`) and the health probe are no endpoints of the contract.
 */
function documentedEndpoints(doc: string): Documented[] {
  const found: Documented[] = []
  const add = (methods: string, rawPath: string, line: number, previous?: string) => {
    const path = resolveShort(rawPath.replace(/^\//, '').replace(/[?{]?[?].*$/, '').split('?')[0], previous)
    if (path === null || !/^v1\//.test(path)) return path ?? undefined
    for (const method of methods.match(new RegExp(METHOD, 'g')) ?? []) found.push({ method, path, line })
    return path
  }
  doc.split('\n').forEach((text, index) => {
    const line = index + 1
    if (/^#{2,4} /.test(text)) {
      let previous: string | undefined
      let methods = ''
      const heading = text.replace(/^#+ /, '').replace(/ — .*$/, '')
      for (const part of heading.split(/ · | and /)) {
        const match = new RegExp(`^((?:(?:${METHOD}),? ?)+) (\\S+)`).exec(part.trim())
        // `… and …/reactivate/`: the same method(s) as the path before.
        const short = /^…\/\S+/.exec(part.trim())
        if (match) {
          methods = match[1]
          previous = add(methods, match[2], line, previous) ?? previous
        } else if (short && methods) previous = add(methods, short[0], line, previous) ?? previous
      }
    }
    // `GET v1/...` and `GET`, `PUT v1/...` in prose and tables.
    const spans = new RegExp(`((?:\`(?:${METHOD})\`, )*)\`((?:${METHOD})) ([^\`\\s]+)[^\`]*\``, 'g')
    for (const match of text.matchAll(spans)) add(`${match[1]} ${match[2]}`, match[3], line)
  })
  // `{patients,entries}` names two paths.
  return found.flatMap((entry) => {
    const alternatives = /\{([a-z_]+(?:,[a-z_]+)+)\}/.exec(entry.path)
    return alternatives
      ? alternatives[1].split(',').map((name) => ({ ...entry, path: entry.path.replace(alternatives[0], name) }))
      : [entry]
  })
}

/** Whether the documented path is the endpoint's: parameters align, a literal passes its schema. */
function documents(entry: Documented, endpoint: Endpoint): boolean {
  if (entry.method !== endpoint.method) return false
  const want = endpoint.path.split('/')
  const got = entry.path.split('/')
  if (want.length !== got.length) return false
  const literals: Record<string, string> = {}
  for (let index = 0; index < want.length; index++) {
    const [table, doc] = [want[index], got[index]]
    if (table.startsWith(':')) {
      if (/^\{[a-z_]+\}$/.test(doc)) continue
      literals[table.slice(1)] = doc
    } else if (table !== doc && !/^\{[a-z_]+\}$/.test(doc)) return false // `{kind}` covers `weight`
  }
  if (Object.keys(literals).length === 0 || !endpoint.params) return true
  // A documented literal in a parameter's place (`exports/patients/`) must be one the endpoint takes.
  const shape = (endpoint.params as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>
  return Object.entries(literals).every(([name, value]) => shape[name]?.safeParse(value).success === true)
}

const doc = readFileSync(new URL('../../docs/provider-api.md', import.meta.url), 'utf8')
const documented = documentedEndpoints(doc)
const name = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`

describe('the route table and docs/provider-api.md', () => {
  test('the doc is read: its headings and spans name endpoints', () => {
    expect(documented.length).toBeGreaterThan(50)
    expect(documented.map(name)).toEqual(
      expect.arrayContaining([
        'GET v1/auth/entries/{kind}/{id}/',
        'DELETE v1/auth/entries/{kind}/{id}/',
        'POST v1/admin/admins/{id}/reactivate/',
        'POST v1/admin/mfa/confirm/',
        'GET v1/auth/reminders/',
        'GET v1/admin/exports/entries/',
      ]),
    )
  })

  test('every endpoint in the table is documented', () => {
    const undocumented = ENDPOINTS.filter((endpoint) => !documented.some((entry) => documents(entry, endpoint)))
    expect(undocumented.map(name)).toEqual([])
  })

  test('every endpoint documented is in the table', () => {
    const invented = documented.filter((entry) => !ENDPOINTS.some((endpoint) => documents(entry, endpoint)))
    expect(invented.map((entry) => `${name(entry)} (line ${entry.line})`)).toEqual([])
  })
})

describe('the route table', () => {
  test('each endpoint once', () => {
    const names = ENDPOINTS.map(name)
    expect(names.filter((item, index) => names.indexOf(item) !== index)).toEqual([])
  })

  test('a path parameter is read by the params schema, and only then', () => {
    for (const endpoint of ENDPOINTS) {
      const inPath = [...endpoint.path.matchAll(/:([a-z_]+)\//g)].map((match) => match[1])
      const read = endpoint.params ? Object.keys((endpoint.params as z.AnyZodObject).shape as object) : []
      expect(read, name(endpoint)).toEqual(inPath)
    }
  })

  test('the SPEC.md §7 calls, and only they, carry a SPEC-level answer', () => {
    const specCalls = SPEC_CALLS.map(name).sort()
    expect(ENDPOINTS.filter((endpoint) => endpoint.spec).map(name).sort()).toEqual(specCalls)
  })

  test('pathOf fills in and encodes parameters; matchPath reads them back', () => {
    const endpoint = { ...ENDPOINTS.find((item) => item.path === 'v1/auth/entries/weight/:id/')!, path: 'v1/auth/entries/:kind/:id/' }
    expect(pathOf(endpoint, { kind: 'weight', id: 12 })).toBe('v1/auth/entries/weight/12/')
    expect(pathOf(endpoint, { kind: 'a/b', id: '1' })).toBe('v1/auth/entries/a%2Fb/1/')
    expect(() => pathOf(endpoint, { kind: 'weight' })).toThrow(':id')
    expect(matchPath(endpoint.path, 'v1/auth/entries/weight/12/')).toEqual({ kind: 'weight', id: '12' })
    expect(matchPath(endpoint.path, 'v1/auth/entries/weight//')).toBeNull()
    expect(matchPath(endpoint.path, 'v1/auth/entries/weight/')).toBeNull()
  })
})
