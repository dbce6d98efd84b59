// The app's layering as a lint rule (docs/layout.md; decision 165):
// - a feature imports another feature only through the modules that feature lists as public in
//   app/features/public-modules.json (routes too: they are the features' users);
// - app/platform/ and app/components/ui/ sit below the features and never import them.
// Tests may reach into any module (they test the private ones too).
// The list is read per lint run, not a barrel file: esbuild's code splitting puts a shared barrel's
// every re-export into each route chunk that imports it (decision 165 measures it), so there is
// no index.ts to import through.
import fs from 'node:fs'
import path from 'node:path'

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))
const appDir = path.join(root, 'app')
const listPath = path.join(appDir, 'features', 'public-modules.json')

function readPublicModules() {
  return JSON.parse(fs.readFileSync(listPath, 'utf8'))
}

/** The app-relative path a specifier points at, without extension; null for packages. */
function appTarget(specifier, filename) {
  let abs
  if (specifier.startsWith('~/')) abs = path.join(appDir, specifier.slice(2))
  else if (specifier.startsWith('./') || specifier.startsWith('../')) abs = path.resolve(path.dirname(filename), specifier)
  else return null
  const rel = path.relative(appDir, abs)
  if (rel.startsWith('..')) return null
  return rel.split(path.sep).join('/').replace(/\.(tsx?|jsx?)$/, '')
}

function layerOf(appRelative) {
  const parts = appRelative.split('/')
  if (parts[0] === 'features' && parts.length > 2) return { kind: 'feature', feature: parts[1], module: parts.slice(2).join('/') }
  if (parts[0] === 'platform') return { kind: 'platform' }
  if (parts[0] === 'components' && parts[1] === 'ui') return { kind: 'ui' }
  return { kind: 'other' }
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import each other only through their public modules; platform and ui never import features.' },
    schema: [],
    messages: {
      private:
        "'{{module}}' is private to the {{feature}} feature. Import one of its public modules, or make this one public in app/features/public-modules.json.",
      upward: '{{layer}} sits below the features and must not import them (here: the {{feature}} feature).',
      unknownFeature: "The {{feature}} feature has no entry in app/features/public-modules.json.",
    },
  },
  create(context) {
    const filename = context.filename
    const own = appTarget('./' + path.basename(filename), filename)
    if (own === null || /\.test\.tsx?$/.test(filename)) return {}
    const from = layerOf(own)
    const publicModules = readPublicModules()
    function check(node) {
      if (!node || typeof node.value !== 'string') return
      const target = appTarget(node.value, filename)
      if (target === null) return
      const to = layerOf(target)
      if (to.kind !== 'feature') return
      if (from.kind === 'platform' || from.kind === 'ui') {
        context.report({ node, messageId: 'upward', data: { layer: from.kind === 'platform' ? 'app/platform' : 'app/components/ui', feature: to.feature } })
        return
      }
      if (from.kind === 'feature' && from.feature === to.feature) return
      const list = publicModules[to.feature]
      if (!list) {
        context.report({ node, messageId: 'unknownFeature', data: { feature: to.feature } })
        return
      }
      if (!list.includes(to.module)) context.report({ node, messageId: 'private', data: { module: to.module, feature: to.feature } })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

export default { rules: { 'feature-boundaries': featureBoundaries } }
