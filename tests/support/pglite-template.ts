// Vitest globalSetup: the two PGlite data directories tests copy (39 MB, milliseconds) instead of
// building their own:
// - `pgliteTemplate`: just initdb'd (~5 s of CPU, measured on our 2-core machines), for the tests
//   of the database layer, which watch the migrations run on an empty database;
// - `pgliteMigratedTemplate`: the same with every migration applied, for the API's tests, which
//   would otherwise run all of them again for every provider they start (~1.5 s of CPU each).
// They are kept between runs, and the end-to-end server copies the migrated one too
// (scripts/pglite-template-cache.js). Several projects list this file; the first makes them.
import { cpSync } from 'node:fs'
import { dirname } from 'node:path'
import type { TestProject } from 'vitest/node'
import { initPGliteDataDir, openEngine } from '../../provider/db/engine.js'
import { ensureTemplate, templatePath } from '../../scripts/pglite-template-cache.js'
import { acquireForRun } from './run-shared.js'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    pgliteMigratedTemplate: string
  }
}

interface Templates {
  initialised: string
  migrated: string
}

async function makeTemplates(): Promise<Templates> {
  const initialised = await ensureTemplate(templatePath('initdb'), (dir: string) => initPGliteDataDir(dir))
  const migrated = await ensureTemplate(templatePath('migrated'), async (dir: string) => {
    cpSync(initialised, dir, { recursive: true })
    // Opening applies every migration; closing shuts PGlite down cleanly, so the copies start
    // from a consistent directory.
    const engine = await openEngine({ dataDir: dirname(dir) })
    await engine.close()
  })
  return { initialised, migrated }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Kept for the next run, so nothing to remove at the end.
  const { value, release } = await acquireForRun('pglite-templates', makeTemplates, () => undefined)
  project.provide('pgliteTemplate', value.initialised)
  project.provide('pgliteMigratedTemplate', value.migrated)
  return release
}
