// The end-to-end run's server (playwright.config.ts's webServer). Before starting the built server
// it makes sure the embedded database template is there: a PGlite directory initialised and
// migrated, at $E2E_PGLITE_TEMPLATE (by default kept between runs, scripts/pglite-template-cache.js).
// This server and every server a spec spawns (tests/e2e/support/spawn-server.ts) start from a copy
// of it: initdb and the migrations cost seconds of CPU per server on our two cores, a copy
// milliseconds. Each server then does at start what it would on a new database (the demo admins,
// its settings), so nothing a spec tests comes from the template but the schema.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ensureTemplate } from './pglite-template-cache.js'

const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
const template = process.env.E2E_PGLITE_TEMPLATE
const dataDir = process.env.DATA_DIR

if (template && dataDir) {
  // Made by the build's own migration command in a DATA_DIR of its own (PGlite's files are its
  // pglite/), unless this run's Vitest or an earlier run made it already.
  await ensureTemplate(template, (pgliteDir) => {
    execFileSync(process.execPath, [path.join(buildDir, 'db-migrate.js')], {
      env: { ...process.env, DATA_DIR: path.dirname(pgliteDir) },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  })
  const own = path.join(dataDir, 'pglite')
  if (!existsSync(own)) cpSync(template, own, { recursive: true })
}

await import(pathToFileURL(path.join(buildDir, 'server.js')).href)
