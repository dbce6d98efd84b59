// Extension (docs/provider-api.md, "Connected devices"): one sync of one patient's connection, and
// the connection's state afterwards — shared by "Sync now", the first sync after connecting, and
// the job a Withings notification queues (provider/jobs/device-sync.ts).
import type { ProviderContext } from './context.js'
import type { DeviceService } from './devices-catalogue.js'
import { importReadings, syncFrom, syncThrough, type SyncResult } from './devices-sync.js'
import { ApiError } from './errors.js'
import { findConnection, markNeedsAttention, markSynced } from './store/devices.js'
import { syncWithings, WithingsSyncError } from './withings/sync.js'

/** Brings the connection's readings up to date, or records why the service refused (and throws). */
export async function syncConnection(
  ctx: ProviderContext,
  accountId: number,
  service: DeviceService,
  today: unknown,
): Promise<SyncResult> {
  const connection = await findConnection(ctx.db, accountId, service.service)
  if (!connection) throw new ApiError(409, `${service.service_name} is not connected.`)
  if (connection.fail_next_sync !== null) {
    await markNeedsAttention(ctx.db, accountId, service.service, connection.fail_next_sync)
    throw new ApiError(502, connection.fail_next_sync)
  }
  const now = Date.now()
  let result: SyncResult
  if (service.real) {
    if (service.service !== 'withings' || !ctx.withings) {
      throw new ApiError(
        409,
        `Your clinic hasn't set up ${service.service_name} yet. Ask your care team if you'd like to use it.`,
      )
    }
    try {
      result = await syncWithings(ctx.withings, ctx.db, accountId, now)
    } catch (error) {
      if (!(error instanceof WithingsSyncError)) throw error
      if (error.needsAttention) await markNeedsAttention(ctx.db, accountId, service.service, error.message)
      throw new ApiError(502, error.message)
    }
  } else {
    const through = syncThrough(today, now)
    result = await importReadings(
      ctx.db,
      accountId,
      service,
      syncFrom(connection.last_synced_at, through),
      through,
    )
  }
  await markSynced(ctx.db, accountId, service.service, new Date(now))
  return result
}
