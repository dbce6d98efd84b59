// The time-based alert rules (no data for 7 days, the moving 7-day protein window) change with the
// calendar, not with a write: a scheduled job evaluates them hourly on whichever API instance
// claims it. Each patient is evaluated at most once a day (patient_summaries.alerts_evaluated_on),
// so the hourly runs after the first of a day are cheap; hourly rather than daily so a restart or a
// failed run is caught up within the hour.
import type { PgBoss } from 'pg-boss'
import type { Db } from '../store/sql.js'
import { evaluateTimeBasedAlerts } from '../patient-changes.js'

export const TIME_BASED_ALERTS_QUEUE = 'alerts.time-based'
/** Minute 5 of every hour, UTC (pg-boss evaluates cron in UTC). */
const HOURLY = '5 * * * *'

export async function startTimeBasedAlerts(boss: PgBoss, db: Db, log: (line: string) => void): Promise<void> {
  // One run at a time across every instance: a run queued while one is active waits for it.
  await boss.createQueue(TIME_BASED_ALERTS_QUEUE, { policy: 'exclusive', retryLimit: 3, retryDelay: 300 })
  await boss.schedule(TIME_BASED_ALERTS_QUEUE, HOURLY)
  await boss.work(TIME_BASED_ALERTS_QUEUE, async () => {
    const evaluated = await evaluateTimeBasedAlerts(db)
    if (evaluated > 0) log(`jobs: time-based alert rules evaluated for ${evaluated} patients`)
  })
  // At start too, without holding the start-up up: a new or restarted API catches up at once.
  await boss.send(TIME_BASED_ALERTS_QUEUE)
}
