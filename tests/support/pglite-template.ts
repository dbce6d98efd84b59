// Vitest globalSetup: makes two PGlite data directories once per test run, which tests copy
// (39 MB, milliseconds) instead of building their own:
// - `pgliteTemplate`: just initdb'd (~5 s of CPU each, measured on our 2-core machines), for the
//   tests of the database layer, which watch the migrations run on an empty database;
// - `pgliteMigratedTemplate`: the same with every migration applied, for the API's tests, which
//   would otherwise run all of them again for every provider they start (~1.5 s of CPU each).
// Several projects list this file; the directories are made once for all of them (run-shared.ts).
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { initPGliteDataDir, openEngine } from '../../provider/db/engine.js'
import { acquireForRun } from './run-shared.js'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    pgliteMigratedTemplate: string
  }
}

interface Templates {
  base: string
  initialised: string
  migrated: string
}

async function makeTemplates(): Promise<Templates> {
  const base = mkdtempSync(join(tmpdir(), 'baricare-pglite-template-'))
  const initialised = join(base, 'pglite')
  const migratedDataDir = join(base, 'migrated')
  const migrated = join(migratedDataDir, 'pglite')
  try {
    await initPGliteDataDir(initialised)
    cpSync(initialised, migrated, { recursive: true })
    // Opening applies every migration; closing shuts PGlite down cleanly, so the copies start
    // from a consistent directory.
    const engine = await openEngine({ dataDir: migratedDataDir })
    await engine.close()
  } catch (error) {
    rmSync(base, { recursive: true, force: true })
    throw error
  }
  return { base, initialised, migrated }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { value, release } = await acquireForRun('pglite-templates', makeTemplates, ({ base }) =>
    rmSync(base, { recursive: true, force: true }),
  )
  project.provide('pgliteTemplate', value.initialised)
  project.provide('pgliteMigratedTemplate', value.migrated)
  return release
}
