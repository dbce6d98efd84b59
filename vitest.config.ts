import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    environment: 'node',
    // Contract tests start real HTTP servers on SQLite files; keep the 2-core machine unsaturated.
    maxWorkers: 2,
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['tests/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}', 'provider/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/db/**'],
        },
      },
      {
        // Tests on both database engines. Its globalSetup starts a throwaway PostgreSQL server and
        // makes a PGlite template directory; Vitest runs it only when a test of this project is
        // queued, so other runs pay nothing.
        extends: true,
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['tests/support/postgres.ts', 'tests/support/pglite-template.ts'],
          // Opening PGlite takes seconds on a busy 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
