// JavaScript and CSS that each route makes the browser download (gzip), from the production build,
// checked against the budgets: the root ≤ 89 KB JS, public screens ≤ 100 KB, the app's screens
// ≤ 141 KB, CSS ≤ 9.5 KB — the levels reached, with a little headroom, so that they hold. React DOM
// with Remix and React Router are ~79 KB of every screen before any code of ours
// (docs/decisions/222-root-and-public-screen-weight.md, 233-signed-out-forms-without-conform.md,
// 235-shared-blocks-in-one-chunk.md, 241-signed-out-screens-fewer-files.md and
// 255-second-minification-pass.md say what the rest is).
// `node scripts/size.js` prints the table; `--check` also exits 1 when a budget is exceeded, or when
// the blocks of app/features/shell/screen-kit.ts are split over more chunks than they should be, or
// when the third-party license notices are not where the chunks say.
// Code a page fetches later with import() is not counted: Radix's toasts with the first toast, the
// app forms' zod schemas after hydration, the guided tour when it starts, the phone drawer when it
// first opens, the collapsed sidebar's tooltips (docs/decisions/181, 182). The page works, with or
// without JavaScript, before it.
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import remixConfig from '../remix.config.js'
import { ESBUILD_LEGAL_BLOCK, linkedNoticeFiles } from './license-notices.js'

const KB = 1024
export const BUDGETS = { rootJs: 89 * KB, publicJs: 100 * KB, appJs: 141 * KB, css: 9.5 * KB }

const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
const clientDir = path.join(buildDir, 'client')
if (!existsSync(path.join(buildDir, 'index.js'))) {
  console.error(`No build at ${buildDir}: run \`npm run build\` first.`)
  process.exit(1)
}
const { assets } = await import(pathToFileURL(path.join(buildDir, 'index.js')).href)

const gzipCache = new Map()
function gzipSize(publicUrl) {
  if (!gzipCache.has(publicUrl)) {
    const file = path.join(clientDir, publicUrl.replace(/^\/build\//, ''))
    gzipCache.set(publicUrl, gzipSync(readFileSync(file), { level: 9 }).length)
  }
  return gzipCache.get(publicUrl)
}

function ancestry(routeId) {
  const chain = []
  for (let id = routeId; id; id = assets.routes[id]?.parentId) chain.unshift(assets.routes[id])
  return chain
}

/** Screens a signed-out visitor can reach are "public"; everything behind a guard is "app". */
function isPublic(route) {
  const id = route.id
  return (
    id === 'root' ||
    id.startsWith('routes/_public') ||
    ['routes/$', 'routes/_index', 'routes/not-authorized', 'routes/signin', 'routes/signup'].includes(id)
  )
}

const rows = []
for (const route of Object.values(assets.routes)) {
  // Resource routes (no screen) ship no JavaScript of their own.
  if (/^routes\/(resources\.|customer\.signout|admin\.signout)/.test(route.id)) continue
  const files = new Set([assets.entry.module, ...assets.entry.imports])
  for (const r of ancestry(route.id)) {
    if (r.module) files.add(r.module)
    for (const i of r.imports ?? []) files.add(i)
  }
  const js = [...files].reduce((sum, f) => sum + gzipSize(f), 0)
  const pub = isPublic(route)
  const budget = route.id === 'root' ? BUDGETS.rootJs : pub ? BUDGETS.publicJs : BUDGETS.appJs
  rows.push({ route: route.id.replace(/^routes\//, ''), kind: pub ? 'public' : 'app', js, budget })
}

const cssFiles = readdirSync(path.join(clientDir, '_assets')).filter((f) => f.endsWith('.css'))
const css = cssFiles.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(clientDir, '_assets', f)), { level: 9 }).length, 0)

const fmt = (n) => `${(n / KB).toFixed(1)} KB`
rows.sort((a, b) => b.js - a.js)
const width = Math.max(...rows.map((r) => r.route.length), 5)
console.log(`${'route'.padEnd(width)}  kind    JS (gzip)   budget     ok`)
for (const r of rows) {
  console.log(`${r.route.padEnd(width)}  ${r.kind.padEnd(6)}  ${fmt(r.js).padStart(9)}  ${fmt(r.budget).padStart(9)}  ${r.js <= r.budget ? 'yes' : 'NO'}`)
}
console.log(`${'CSS (all)'.padEnd(width)}  ${''.padEnd(6)}  ${fmt(css).padStart(9)}  ${fmt(BUDGETS.css).padStart(9)}  ${css <= BUDGETS.css ? 'yes' : 'NO'}`)

// The blocks app/features/shell/screen-kit.ts re-exports are meant to travel in few chunks (decision
// 235): the root's blocks, `cn` with `Button` (which the tour reaches too), the form parts. A
// lazily loaded module that draws a block without re-exporting the kit splits one off again.
const KIT_CHUNKS = 3
const kitSource = readFileSync(path.resolve('app/features/shell/screen-kit.ts'), 'utf8')
const kitModules = [...kitSource.matchAll(/^export \* from '([^']+)'/gm)]
  .map(([, spec]) => spec.replace(/^~\/\.\.\//, '').replace(/^~\//, 'app/').replace(/^\.\//, 'app/features/shell/'))
  .filter((spec) => spec.startsWith('app/') || spec.startsWith('common/'))
const metafile = JSON.parse(readFileSync(path.join(buildDir, 'metafile.js.json'), 'utf8'))
const kitChunks = Object.entries(metafile.outputs).filter(([, output]) =>
  Object.entries(output.inputs).some(
    ([input, { bytesInOutput }]) => bytesInOutput > 0 && kitModules.includes(input.replace(/\.tsx?$/, '')),
  ),
)
const kitOk = kitChunks.length <= KIT_CHUNKS
console.log(`screen-kit.ts's blocks: ${kitChunks.length} chunks (at most ${KIT_CHUNKS})  ${kitOk ? 'yes' : 'NO'}`)

// The third-party license notices survive the second minification (scripts/minify-client.js,
// decision 255): no chunk keeps esbuild's inline block, and every link names a file that is there.
const jsFiles = readdirSync(clientDir, { recursive: true }).filter((f) => String(f).endsWith('.js'))
const linked = new Set()
let inlineBlocks = 0
for (const file of jsFiles) {
  const text = readFileSync(path.join(clientDir, String(file)), 'utf8')
  if (text.includes(ESBUILD_LEGAL_BLOCK)) inlineBlocks++
  for (const name of linkedNoticeFiles(text, remixConfig.publicPath)) linked.add(name)
}
const missingNotices = [...linked].filter((name) => !existsSync(path.join(clientDir, name)))
const noticesOk = inlineBlocks === 0 && linked.size > 0 && missingNotices.length === 0
console.log(`license notices: ${linked.size} linked file(s), ${missingNotices.length} missing, ${inlineBlocks} chunks with esbuild's inline block  ${noticesOk ? 'yes' : 'NO'}`)

const over = rows.filter((r) => r.js > r.budget)
if (process.argv.includes('--check') && (over.length > 0 || css > BUDGETS.css || !kitOk || !noticesOk)) {
  for (const r of over) console.error(`Budget exceeded: ${r.route} ships ${fmt(r.js)} of JavaScript (budget ${fmt(r.budget)})`)
  if (css > BUDGETS.css) console.error(`Budget exceeded: CSS is ${fmt(css)} (budget ${fmt(BUDGETS.css)})`)
  if (!kitOk) {
    const names = kitChunks.map(([file]) => path.basename(file)).join(', ')
    console.error(`screen-kit.ts's blocks are split over ${kitChunks.length} chunks (${names}): does a module loaded with import() draw a block without re-exporting the kit?`)
  }
  if (!noticesOk) console.error('License notices: the build was not minified by scripts/minify-client.js, or a chunk links a notices file that is not there')
  process.exit(1)
}
