// The job runner inside the API: the time-based alert rules are scheduled hourly and run
// once at start, as jobs stored in the API's own database.
import { expect, test } from 'vitest'
import { useTestProvider } from './helpers'

const provider = useTestProvider({ jobs: true }, { timeout: 60_000 })

test('the time-based alert rules are scheduled hourly and have run once since start', async () => {
  const schedules = await provider.db.all<{ name: string; cron: string }>(
    "SELECT name, cron FROM pgboss.schedule WHERE name = 'alerts.time-based'",
  )
  expect(schedules).toEqual([{ name: 'alerts.time-based', cron: '5 * * * *' }])
  const deadline = Date.now() + 20_000
  let states: string[] = []
  while (Date.now() < deadline) {
    states = (
      await provider.db.all<{ state: string }>("SELECT state FROM pgboss.job WHERE name = 'alerts.time-based'")
    ).map((row) => row.state)
    if (states.includes('completed')) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  expect(states).toContain('completed')
  expect(provider.logged.filter((line) => line.startsWith('jobs:') && !line.includes('evaluated'))).toEqual([])
}, 30_000)
