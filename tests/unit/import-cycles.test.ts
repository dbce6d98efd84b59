// The import-cycle check that `npm run lint` runs (scripts/check-cycles.js).
import { describe, expect, it } from 'vitest'
import { cycles, featureGraph, importGraph } from '../../scripts/check-cycles.js'

type Graph = Map<string, Set<string>>
const graph = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]))

describe('import cycles', () => {
  it('finds a cycle between two files and a longer one, and nothing in a tree', () => {
    expect(cycles(graph({ a: ['b'], b: ['a'], c: [] }))).toEqual([['a', 'b']])
    expect(cycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']])
    expect(cycles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([])
  })

  it('finds a cycle between features even when no two files form one', () => {
    const files = graph({
      'app/features/one/a.ts': ['app/features/two/b.ts'],
      'app/features/two/b.ts': [],
      'app/features/two/c.ts': ['app/features/one/d.ts'],
      'app/features/one/d.ts': [],
    })
    expect(cycles(files)).toEqual([])
    expect(cycles(featureGraph(files))).toEqual([['one', 'two']])
  })

  it('the tree has none', () => {
    const tree = importGraph() as Graph
    expect(tree.size).toBeGreaterThan(300)
    expect(cycles(tree)).toEqual([])
    expect(cycles(featureGraph(tree))).toEqual([])
  })
})
