// Bundles server.ts (and the reference provider it may start) for plain `node`, which runs
// JavaScript only. Packages stay external: node_modules provides them. The two entry points an
// operator starts by hand (server.js, api.js) are small guards that turn away an older Node in
// one line before loading the bundle beside them (scripts/node-guard.js).
import { build } from 'esbuild'
import { readFileSync, writeFileSync } from 'node:fs'
import { minimumNode, nodeGuardSource } from './node-guard.js'

const outDir = process.env.BUILD_DIR || 'build'
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const minimum = minimumNode(pkg.engines?.node)
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${minimum[0]}`,
  packages: 'external',
  logLevel: 'warning',
  define: { 'process.env.BARICARE_VERSION': JSON.stringify(pkg.version) },
}

await build({
  ...common,
  entryPoints: {
    'server.main': 'server.ts',
    // The BariCare API on its own: `npm run api` (`npm run provider` is its earlier name).
    'api.main': 'provider/main.ts',
    // The embedded API's worker thread, which server.main.js starts by this file's name.
    'embedded-api': 'provider/embedded-worker.ts',
    // Imported by scripts (bench, lighthouse) for their exports, so not behind a guard.
    'provider-seed': 'provider/dev/seed-demo.ts',
    'db-migrate': 'provider/store/migrate.ts',
  },
  outdir: outDir,
  // Code shared by the entry points goes into chunks/. The app (server.main.js) never imports the
  // API: its worker thread (embedded-api.js) loads it, and with it the database packages, only when
  // the app starts one, so the app image, which has no database packages, never imports them.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
})
for (const name of ['server', 'api']) {
  writeFileSync(`${outDir}/${name}.js`, nodeGuardSource(minimum, `${name}.main.js`))
}
