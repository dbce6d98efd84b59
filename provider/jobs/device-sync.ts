// Syncs queued on the job runner — what a Withings notification asks for (new data for a user).
// Notifications are unsigned, so the queue bounds what they can cause: one sync per patient and
// service in each WITHINGS_NOTIFY_SYNC_MINUTES slot, the first at once and any later ones in the
// slot coalesced into one at the start of the next (pg-boss throttling with `singletonNextSlot`:
// a slot's job counts whatever its state, so a finished sync still holds its slot). A refusal is
// recorded on the connection like any sync's, so the job itself does not retry it.
import type { PgBoss } from 'pg-boss'
import type { ProviderContext } from '../context.js'
import { findService } from '../devices-catalogue.js'
import { syncConnection } from '../devices-run.js'
import { ApiError } from '../errors.js'
import { WITHINGS_NOTIFY_SYNC_MINUTES } from '../../common/contract/devices-values'

export const DEVICE_SYNC_QUEUE = 'devices.sync'

interface DeviceSyncJob {
  accountId: number
  service: string
}

export async function queueDeviceSync(boss: PgBoss, accountId: number, service: string): Promise<unknown> {
  return boss.send(DEVICE_SYNC_QUEUE, { accountId, service } satisfies DeviceSyncJob, {
    singletonKey: `${accountId}:${service}`,
    singletonSeconds: WITHINGS_NOTIFY_SYNC_MINUTES * 60,
    singletonNextSlot: true,
  })
}

export async function startDeviceSyncWorker(boss: PgBoss, ctx: ProviderContext): Promise<void> {
  await boss.createQueue(DEVICE_SYNC_QUEUE, { policy: 'short', retryLimit: 2, retryDelay: 120 })
  await boss.work<DeviceSyncJob>(DEVICE_SYNC_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) {
      const service = findService(job.data.service)
      if (!service) continue
      try {
        const result = await syncConnection(ctx, job.data.accountId, service, null)
        ctx.log(
          `jobs: ${service.service} synced for account ${job.data.accountId} (${result.imported.weight} weight, ${result.imported.sleep} sleep)`,
        )
      } catch (error) {
        // Recorded on the connection (Needs attention) or not connected any more: nothing to retry.
        if (error instanceof ApiError)
          ctx.log(`jobs: ${service.service} sync for account ${job.data.accountId}: ${error.message}`)
        else throw error
      }
    }
  })
}
