// The export jobs on the job runner (pg-boss, in the API's own database): a kick-off queues one job
// per export, which any API instance may work; a job cut short by a stop is failed by pg-boss and
// retried, and a retry starts the export again from nothing (run.ts). Hourly, the clean-up deletes
// expired exports with their files.
import { readdir, rm } from 'node:fs/promises'
import type { PgBoss } from 'pg-boss'
import { FHIR_EXPORT_TTL_HOURS } from '../../../common/fhir/bulk'
import { deleteExpiredFhirExports, failFhirExport, fhirExportIds } from '../../store/fhir-exports.js'
import type { Db } from '../../store/sql.js'
import { exportDirectory, runFhirExport, type ExportRunSettings } from './run.js'

export const FHIR_EXPORT_QUEUE = 'fhir.export'
export const FHIR_EXPORT_CLEANUP_QUEUE = 'fhir.export-cleanup'
/** Retries of a failed run (a stop or restart counts as a failure): then the export is failed. */
const RETRY_LIMIT = 3
/** A run that holds its job this long is taken for dead (the process crashed) and retried. */
const EXPIRE_IN_SECONDS = 2 * 60 * 60
/** 41 minutes past each hour: away from the other schedules' minutes. */
const HOURLY = '41 * * * *'

interface FhirExportJob {
  exportId: string
}

export async function queueFhirExport(boss: PgBoss, exportId: string): Promise<unknown> {
  return boss.send(FHIR_EXPORT_QUEUE, { exportId } satisfies FhirExportJob)
}

/** Deletes expired exports and their files, and directories no export row owns any more. */
export async function cleanUpFhirExports(db: Db, dir: string, now: Date): Promise<number> {
  const expired = await deleteExpiredFhirExports(db, now)
  for (const id of expired) await rm(exportDirectory(dir, id), { recursive: true, force: true })
  // A cancel racing its run, or a crash, can leave a directory behind its row.
  const known = await fhirExportIds(db)
  const present = await readdir(dir).catch(() => [] as string[])
  for (const name of present) if (/^[0-9a-f]{32}$/.test(name) && !known.has(name)) await rm(exportDirectory(dir, name), { recursive: true, force: true })
  return expired.length
}

export async function startFhirExportWorker(
  boss: PgBoss,
  db: Db,
  settings: ExportRunSettings,
  log: (line: string) => void,
): Promise<void> {
  await boss.createQueue(FHIR_EXPORT_QUEUE, { retryLimit: RETRY_LIMIT, retryDelay: 2, expireInSeconds: EXPIRE_IN_SECONDS })
  await boss.work<FhirExportJob>(FHIR_EXPORT_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    try {
      await runFhirExport(db, settings, job.data.exportId, () => new Date(), job.signal)
    } catch (error) {
      if (job.retryCount < RETRY_LIMIT) throw error
      // Logged without the error's text, which may quote data; the client sees a generic failure.
      log(`jobs: FHIR export ${job.data.exportId} failed after ${RETRY_LIMIT + 1} attempts`)
      const now = new Date()
      await failFhirExport(
        db,
        job.data.exportId,
        'The export could not be completed',
        now.toISOString(),
        new Date(now.getTime() + FHIR_EXPORT_TTL_HOURS * 3600_000).toISOString(),
      )
    }
  })
  await boss.createQueue(FHIR_EXPORT_CLEANUP_QUEUE, { policy: 'exclusive', retryLimit: 2, retryDelay: 300 })
  await boss.schedule(FHIR_EXPORT_CLEANUP_QUEUE, HOURLY)
  await boss.work(FHIR_EXPORT_CLEANUP_QUEUE, async () => {
    const deleted = await cleanUpFhirExports(db, settings.dir, new Date())
    if (deleted > 0) log(`jobs: ${deleted} expired FHIR exports deleted`)
  })
}
