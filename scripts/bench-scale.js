// `npm run bench:scale` / `npm run bench:seed`: bundles scripts/bench-scale.ts (TypeScript, with
// the provider's modules) into build/ and runs it. BENCH_SCALE=1000,10000,100000 (PostgreSQL sizes),
// BENCH_PGLITE_SCALE=10000 (embedded sizes; empty to skip), BENCH_RUNS=21; `--seed` seeds
// BENCH_PATIENTS into DATABASE_URL (else DATA_DIR) and exits.
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'

// Inside build/, so that its packages (kysely, pg, PGlite) resolve from node_modules.
const outfile = 'build/bench-scale.mjs'
await build({
  entryPoints: ['scripts/bench-scale.ts'],
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
