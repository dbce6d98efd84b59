// The lint rule that keeps features apart (scripts/eslint-feature-boundaries.js), against the real
// list of public modules: if it let a private import through, the layout would erode unnoticed.
import path from 'node:path'
import { RuleTester } from 'eslint'
import { describe, it } from 'vitest'
import { featureBoundaries } from '../../scripts/eslint-feature-boundaries.js'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

const app = path.resolve(__dirname, '../../app')
const at = (file: string) => path.join(app, file)
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } })

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: at('features/trends/trends-days.ts'), code: "import { x } from './trends-format'" },
    { filename: at('features/trends/trends-days.ts'), code: "import { x } from '~/features/health-log/log-entries'" },
    { filename: at('routes/_patient.customer.dashboard.tsx'), code: "import { x } from '~/features/dashboard/dashboard-screen'" },
    { filename: at('platform/meta.ts'), code: "import { x } from './portal'" },
    { filename: at('features/trends/trends.test.ts'), code: "import { x } from '~/features/health-log/week-view'" },
  ],
  invalid: [
    {
      filename: at('features/trends/trends-days.ts'),
      code: "import { x } from '~/features/health-log/week-view'",
      errors: [{ messageId: 'private' }],
    },
    {
      filename: at('routes/_patient.customer.dashboard.tsx'),
      code: "import { x } from '~/features/dashboard/overview-card'",
      errors: [{ messageId: 'private' }],
    },
    {
      filename: at('features/dashboard/today-card.tsx'),
      code: "import { x } from '../health-log/week-view'",
      errors: [{ messageId: 'private' }],
    },
    { filename: at('platform/meta.ts'), code: "import { x } from '~/features/shell/brand'", errors: [{ messageId: 'upward' }] },
    {
      filename: at('components/ui/button.tsx'),
      code: "export { x } from '~/features/auth/auth-card'",
      errors: [{ messageId: 'upward' }],
    },
    { filename: at('routes/x.tsx'), code: "import { x } from '~/features/nowhere/a'", errors: [{ messageId: 'unknownFeature' }] },
  ],
})
