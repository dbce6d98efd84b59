// The extension routes (health log, trends, devices, messages, reminders, the care team's patients,
// alerts, dashboard, admins, audit log, reports and exports) each name the contract schema their
// answer is checked against (common/contract/); see answer-check.test.ts for the mechanism.
import { describe, expect, test } from 'vitest'
import type { ProviderContext } from './context.js'

describe('every extension route names its answer', () => {
  test('none is left unchecked', async () => {
    const { apiRouter } = await import('./index.js')
    // The route tables only keep the context for their handlers; none runs here.
    const unchecked = apiRouter({ secret: 'test-secret', withings: null } as unknown as ProviderContext).unchecked()
    const extensions =
      /v1\/(auth\/(entries|trends|devices|messages|reminders)|devices|reminders|admin\/(patients|alerts|dashboard|messages|admins|audit-events|reports|exports))/
    // An item route is listed by its pattern's source (`v1\/admin\/patients\/…`).
    expect(unchecked.filter((route) => extensions.test(route.replaceAll('\\', '')))).toEqual([])
  })
})
