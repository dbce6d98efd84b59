import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}', 'provider/**/*.test.ts'],
    environment: 'node',
    // Contract tests start real HTTP servers on SQLite files; keep the 2-core machine unsaturated.
    maxWorkers: 2,
    testTimeout: 15_000,
  },
})
