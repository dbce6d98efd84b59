// Runs a TypeScript script that imports the provider's modules: bundled by esbuild into build/ (so
// that its packages, kysely, pg and PGlite, resolve from node_modules), then run with this Node and
// the caller's arguments; the caller's exit code is the script's.
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'

export async function runBundled(entry, outfile) {
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', outfile, logLevel: 'warning' })
  const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit' })
  process.exitCode = run.status ?? 1
}
