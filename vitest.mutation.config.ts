// Only the unit tests of the pure rule modules that `npm run mutation` mutates (stryker.config.json):
// Stryker runs them once per mutant, so the rest of the suite would only cost time.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    include: [
      'tests/unit/units.test.ts',
      'tests/unit/password-rules.test.ts',
      'tests/unit/health-metrics.test.ts',
      'tests/unit/alerts.test.ts',
      'tests/unit/deidentify.test.ts',
      'tests/unit/wizard-steps.test.ts',
    ],
    environment: 'node',
    maxWorkers: 1,
  },
})
