import { globSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import { findPostgresBin } from './tests/support/postgres'

// The provider's contract and store tests run twice: on the embedded default (PGlite) in `app`,
// and on a throwaway PostgreSQL server in `provider-pg`. Without PostgreSQL installed (a laptop)
// the second run is left out; in CI (`CI` set) its set-up fails instead, so it can never pass by
// not running.
const runOnPostgres = Boolean(process.env.CI) || findPostgresBin() !== undefined

const root = fileURLToPath(new URL('.', import.meta.url))
const APP_TESTS = ['tests/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}', 'provider/**/*.test.ts', 'common/**/*.test.ts']
// A worker runs file after file in one module graph (`isolate: false`): the modules a file
// imported are there for the next, so the suite pays for loading the provider, PGlite and Remix
// once per worker rather than once per file (307 s → 246–251 s, docs/decisions/248-vitest-shared-modules.md).
// A file that replaces a module with `vi.mock` cannot share: the modules that import the real one
// may already be loaded. Those files, found by their source, run in a project of their own with a
// fresh graph each. (Paths from the project's root, as Vitest matches them, wherever it was started.)
const MOCKING_TESTS = globSync(APP_TESTS, { cwd: root }).filter(
  (file) => !file.startsWith('tests/db/') && /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, file), 'utf8')),
)

export default defineConfig({
  resolve: {
    alias: { '~': path.join(root, 'app') },
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
    isolate: false,
    setupFiles: ['tests/support/password-hashing.ts'],
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: APP_TESTS,
          exclude: [...configDefaults.exclude, 'tests/db/**', ...MOCKING_TESTS],
          // Every test provider starts from a copy of one migrated PGlite directory.
          globalSetup: ['tests/support/pglite-template.ts'],
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app-mocks',
          include: MOCKING_TESTS,
          isolate: true,
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
                // The same rule as above: fresh modules per file as soon as one of these mocks a module.
                isolate: MOCKING_TESTS.some((file) => file.startsWith('tests/provider/')),
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
