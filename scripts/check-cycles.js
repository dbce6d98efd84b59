// Fails (exit 1) when the source has an import cycle: between files anywhere in app/, provider/,
// common/ and server/ (type-only imports count: they tie the modules' designs together too), or
// between two features of app/features/ (A imports B and B, through any of its files, imports A).
// Part of `npm run lint`. Tests are left out: a test may import what it likes.
//
//   node scripts/check-cycles.js            check the tree
//   node scripts/check-cycles.js --list     also print every edge count (for a clean-up)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ROOTS = ['app', 'provider', 'common', 'server', 'server.ts']
const SOURCE = /\.(ts|tsx|js|mjs)$/
const SKIP = /(\.test\.(ts|tsx)$|\.d\.ts$|(^|\/)(node_modules|build|tests?)\/)/

function walk(entry, out = []) {
  const full = path.join(root, entry)
  if (!existsSync(full)) return out
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full)) walk(path.join(entry, name), out)
  } else if (SOURCE.test(entry) && !SKIP.test(entry)) {
    out.push(entry.split(path.sep).join('/'))
  }
  return out
}

/** Comments out, so an import inside one is not read; strings stay (specifiers are strings). */
function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

const SPECIFIERS = [
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
]

function resolve(from, specifier) {
  let base
  if (specifier.startsWith('~/')) base = path.posix.join('app', specifier.slice(2))
  else if (specifier.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
  else return null
  const stem = base.replace(/\.js$/, '')
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.js`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile()) return candidate
  }
  return null
}

export function importGraph() {
  const files = ROOTS.flatMap((r) => walk(r))
  const known = new Set(files)
  const graph = new Map(files.map((f) => [f, new Set()]))
  for (const file of files) {
    const text = stripComments(readFileSync(path.join(root, file), 'utf8'))
    for (const pattern of SPECIFIERS) {
      for (const match of text.matchAll(pattern)) {
        const target = resolve(file, match[1])
        if (target && known.has(target) && target !== file) graph.get(file).add(target)
      }
    }
  }
  return graph
}

/** Strongly connected components with more than one node (Tarjan). */
export function cycles(graph) {
  let index = 0
  const stack = []
  const on = new Set()
  const idx = new Map()
  const low = new Map()
  const found = []
  function visit(v) {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)))
    }
    if (low.get(v) === idx.get(v)) {
      const component = []
      let w
      do {
        w = stack.pop()
        on.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!idx.has(v)) visit(v)
  return found
}

export function featureGraph(graph) {
  const featureOf = (file) => /^app\/features\/([^/]+)\//.exec(file)?.[1]
  const features = new Map()
  for (const [file, targets] of graph) {
    const from = featureOf(file)
    if (!from) continue
    if (!features.has(from)) features.set(from, new Set())
    for (const target of targets) {
      const to = featureOf(target)
      if (to && to !== from) features.get(from).add(to)
    }
  }
  return features
}

function edgesWithin(graph, component) {
  const inside = new Set(component)
  return component.flatMap((from) => [...(graph.get(from) ?? [])].filter((to) => inside.has(to)).map((to) => `  ${from} -> ${to}`))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = importGraph()
  const fileCycles = cycles(graph)
  const features = featureGraph(graph)
  const featureCycles = cycles(features)
  for (const component of fileCycles) console.error(`import cycle between files:\n${edgesWithin(graph, component).join('\n')}`)
  for (const component of featureCycles) {
    const detail = component.flatMap((from) =>
      [...graph.entries()]
        .filter(([file]) => file.startsWith(`app/features/${from}/`))
        .flatMap(([file, targets]) =>
          [...targets]
            .filter((t) => component.some((to) => to !== from && t.startsWith(`app/features/${to}/`)))
            .map((t) => `  ${file} -> ${t}`),
        ),
    )
    console.error(`import cycle between features ${component.join(', ')}:\n${detail.join('\n')}`)
  }
  if (fileCycles.length + featureCycles.length > 0) {
    console.error(`\n${fileCycles.length} file cycle(s), ${featureCycles.length} feature cycle(s): break each (move the shared piece down, or pass it in).`)
    process.exit(1)
  }
  console.log(`no import cycles (${graph.size} files, ${features.size} features)`)
}
