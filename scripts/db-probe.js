// `npm run db:probe`: bundles scripts/db-probe.ts (TypeScript; plain `node` runs JavaScript) and
// runs it once per engine in a fresh process: PGlite, then a throwaway PostgreSQL server when its
// binaries are installed. Prints one JSON line per engine. Figures for
// docs/decisions/107-pglite-embedded-default.md.
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

// Inside build/, so that its packages (kysely, pg, PGlite) resolve from node_modules.
const outfile = 'build/db-probe.mjs'
await build({
  entryPoints: ['scripts/db-probe.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  outfile,
  logLevel: 'warning',
})
const engines = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['pglite', 'postgres']
const probe = (...args) => {
  const run = spawnSync(process.execPath, ['--expose-gc', outfile, ...args], { stdio: 'inherit' })
  if (run.status !== 0) process.exitCode = 1
}
for (const engine of engines) {
  if (engine === 'pglite') {
    // Two processes: one creates the data directory (initdb), the next opens it as a restart would.
    const dir = mkdtempSync(path.join(tmpdir(), 'baricare-probe-'))
    probe('pglite-init', dir)
    probe('pglite', dir)
  } else probe(engine)
}
