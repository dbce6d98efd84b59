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
      'app/platform/units.test.ts',
      'app/features/auth/password-rules.test.ts',
      'app/features/health-log/health-metrics.test.ts',
      'app/features/admin-patients/alerts.test.ts',
      'tests/unit/deidentify.test.ts',
      'app/features/onboarding/wizard-steps.test.ts',
      'common/clinical.test.ts',
      'common/password-rules.test.ts',
      'common/contract/message-body.test.ts',
    ],
    environment: 'node',
    maxWorkers: 1,
  },
})
