import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import { findPostgresBin } from './tests/support/postgres'

// The provider's contract and store tests run twice: on the embedded default (PGlite) in `app`,
// and on a throwaway PostgreSQL server in `provider-pg`. Without PostgreSQL installed (a laptop)
// the second run is left out; in CI (`CI` set) its set-up fails instead, so it can never pass by
// not running.
const runOnPostgres = Boolean(process.env.CI) || findPostgresBin() !== undefined

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    environment: 'node',
    // Contract tests start real HTTP servers, each on its own database, and wait on them, so more
    // files run at once than there are cores. In worker threads rather than child processes: on
    // our 2-core machines, back to back, every test passing each time, the suite took 480 s in
    // three processes, 333–335 s in three threads (three runs) and 303 s in four
    // (docs/decisions/246-vitest-worker-threads.md).
    pool: 'threads',
    maxWorkers: 4,
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['tests/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}', 'provider/**/*.test.ts', 'common/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/db/**'],
          // Every test provider starts from a copy of one migrated PGlite directory.
          globalSetup: ['tests/support/pglite-template.ts'],
          hookTimeout: 30_000,
        },
      },
      ...(runOnPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'provider-pg',
                include: ['tests/provider/**/*.test.ts'],
                env: { TEST_PROVIDER_ENGINE: 'postgres' },
                globalSetup: ['tests/support/postgres-setup.ts', 'tests/support/pglite-template.ts'],
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
      {
        // Tests on both database engines. Its globalSetup starts a throwaway PostgreSQL server and
        // makes the PGlite template directories (once per run, shared with the projects above);
        // Vitest runs it only when a test of this project is queued, so other runs pay nothing.
        extends: true,
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['tests/support/postgres-setup.ts', 'tests/support/pglite-template.ts'],
          // Opening PGlite takes seconds on a busy 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
