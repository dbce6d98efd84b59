// `npm run bench:export` (and part of `npm run bench`): bundles scripts/bench-export.ts (TypeScript,
// with the provider's modules) into build/ and runs it: the record download of one patient with five
// years of daily data, its time and the API's memory. Needs `npm run build` first (it starts build/api.js).
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'

// Inside build/, so that its packages (kysely, pg, PGlite) resolve from node_modules.
const outfile = 'build/bench-export.mjs'
await build({
  entryPoints: ['scripts/bench-export.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  outfile,
  logLevel: 'warning',
})
const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit' })
process.exitCode = run.status ?? 1
