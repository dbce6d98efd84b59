// The record retention job: once a day, whichever API instance claims the run deletes the records
// of accounts closed more than RECORD_RETENTION_YEARS ago, each with an audit row
// (provider/account-closure.ts). Daily is plenty for a period counted in years; a run missed by a
// restart is caught up by the next.
import type { PgBoss } from 'pg-boss'
import type { ProviderContext } from '../context.js'
import { deleteExpiredRecords } from '../account-closure.js'

export const RETENTION_QUEUE = 'records.retention'
/** 03:17 UTC daily: away from the hour marks the other schedules use. */
const DAILY = '17 3 * * *'

export async function startRecordRetention(boss: PgBoss, ctx: ProviderContext): Promise<void> {
  await boss.createQueue(RETENTION_QUEUE, { policy: 'exclusive', retryLimit: 3, retryDelay: 600 })
  await boss.schedule(RETENTION_QUEUE, DAILY)
  await boss.work(RETENTION_QUEUE, async () => {
    const deleted = await deleteExpiredRecords(ctx, new Date())
    if (deleted > 0) ctx.log(`jobs: ${deleted} closed accounts' records deleted (retention period ended)`)
  })
}
