// Extension (docs/provider-api.md, "Record export"): a patient's whole record as a ZIP, for the
// patient (GET v1/auth/record-export/) and for any admin (GET v1/admin/patients/{id}/record-export/,
// audited as an export). One download of a patient's record at a time, a few an hour; the ZIP is
// streamed (record-zip.ts) and never cached.
import { API } from '../../common/contract/endpoints'
import { todayUtc } from '../admin-patients-metrics.js'
import type { ProviderContext } from '../context.js'
import { serve, type Served } from '../endpoint-router.js'
import { ApiError } from '../errors.js'
import type { StreamedFile } from '../http.js'
import { recordAuditEvent } from '../store/audit.js'
import { readTargets } from '../store/entries.js'
import { entryCounts, latestWeight, readExportPatient, type ExportPatient } from '../store/record-export.js'
import { readReminderSettings } from '../store/reminders.js'
import {
  ADMIN_EXPORT_IN_PROGRESS,
  ADMIN_EXPORTS_PER_HOUR,
  EXPORT_IN_PROGRESS,
  EXPORT_TOO_MANY,
  PATIENT_EXPORTS_PER_HOUR,
  RECORD_ZIP_TYPE,
  recordZipName,
} from '../../common/contract/record-export-values'
import { ExportLimits } from './limits.js'
import { writeRecordZip } from './record-zip.js'

/** Either download's answer: a file, and nothing as `content` (the table's schema for both). */
interface FileReply {
  message: string
  content: null
  file: StreamedFile
}

export const PATIENT_NOT_FOUND = 'Patient not found.'

export function recordExportRoutes(ctx: ProviderContext, limits = new ExportLimits()): Served[] {
  return [
    serve(API.yourData.recordExport, async ({ caller: { account } }) => {
      const patient = await readExportPatient(ctx.db, account.id)
      if (!patient) throw new ApiError(404, PATIENT_NOT_FOUND)
      return exportReply(ctx, limits, patient, {
        busy: EXPORT_IN_PROGRESS,
        rateKey: `patient:${account.id}`,
        perHour: PATIENT_EXPORTS_PER_HOUR,
        forAdmin: false,
      })
    }),
    serve(API.yourData.adminRecordExport, async ({ caller: { account: actor }, params: { id } }) => {
      const patient = await readExportPatient(ctx.db, id)
      if (!patient) throw new ApiError(404, PATIENT_NOT_FOUND)
      return exportReply(ctx, limits, patient, {
        busy: ADMIN_EXPORT_IN_PROGRESS,
        rateKey: `admin:${actor.id}`,
        perHour: ADMIN_EXPORTS_PER_HOUR,
        forAdmin: true,
        // Written once the download is sure to start (not refused as busy or too many), before any of it is sent.
        beforeSend: (counts) =>
          recordAuditEvent(ctx.db, {
            actor,
            action: 'export',
            targetAccountId: patient.id,
            details: { dataset: 'record', mode: 'identified', row_count: Object.values(counts).reduce((a, b) => a + b, 0) },
          }),
      })
    }),
  ]
}

interface ExportOptions {
  /** The 409's sentence while another download of this record runs. */
  busy: string
  /** Whose hourly count this download adds to. */
  rateKey: string
  perHour: number
  forAdmin: boolean
  /** Runs after every check passed and before the first byte (the admin's audit row). */
  beforeSend?: (counts: Record<string, number>) => Promise<void>
}

/**
 * Takes the patient's one export slot (409 while another download of the record runs), counts the
 * download against the hourly limit (429), and reads what the files need before any byte is sent,
 * so a failure up to here is still a JSON error. The slot is freed when the file ends or fails.
 */
async function exportReply(ctx: ProviderContext, limits: ExportLimits, patient: ExportPatient, options: ExportOptions): Promise<FileReply> {
  const release = limits.begin(patient.id, options.busy)
  try {
    limits.count(options.rateKey, options.perHour, EXPORT_TOO_MANY)
    const now = new Date()
    const today = todayUtc(now)
    const [latest, targets, reminders, counts] = await Promise.all([
      latestWeight(ctx.db, patient.id),
      readTargets(ctx.db, patient.id),
      readReminderSettings(ctx.db, patient.id),
      entryCounts(ctx.db, patient.id),
    ])
    await options.beforeSend?.(counts)
    return {
      message: 'Record export.',
      content: null,
      file: {
        contentType: RECORD_ZIP_TYPE,
        filename: recordZipName(today, options.forAdmin ? patient.id : undefined),
        write: async (out) => {
          try {
            await writeRecordZip(out, {
              db: ctx.db,
              patient,
              latest: latest ?? null,
              targets,
              reminders,
              counts,
              fhirBase: `${ctx.appUrl}/fhir/`,
              today,
              now,
            })
          } finally {
            release()
          }
        },
      },
    }
  } catch (error) {
    release()
    throw error
  }
}
