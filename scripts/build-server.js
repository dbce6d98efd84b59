// Bundles server.ts (and the reference provider it may start) for plain `node` on Node 20,
// which cannot run TypeScript itself. Packages stay external: node_modules provides them.
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'

const outDir = process.env.BUILD_DIR || 'build'
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  define: { 'process.env.BARICARE_VERSION': JSON.stringify(version) },
}

await build({ ...common, entryPoints: ['server.ts'], outfile: `${outDir}/server.js` })
await build({
  ...common,
  entryPoints: {
    // The BariCare API on its own: `npm run api` (`npm run provider` is its earlier name).
    api: 'provider/main.ts',
    'provider-seed': 'provider/dev/seed-demo.ts',
    'db-migrate': 'provider/store/migrate.ts',
  },
  outdir: outDir,
})
