// Writes one export's NDJSON files: one file per resource type, one resource per line, read a page
// at a time and written with the stream's backpressure, so memory stays bounded whatever the size.
// A run starts from nothing (a run cut short by a restart leaves files this one replaces), and
// stops as soon as its row says it is no longer the export's current run (cancelled, or taken over).
import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Resource } from '@medplum/fhirtypes'
import { FHIR_EXPORT_TTL_HOURS, findExportGroup, type FhirExportType } from '../../../common/fhir/bulk'
import { entryObservations, heightObservation, patientResource, surgeryProcedure } from '../../../common/fhir/record'
import type { FhirExportFile } from '../../db/schema.js'
import {
  completeFhirExport,
  exportEntryPage,
  exportPatientPage,
  fhirExportById,
  setFhirExportProgress,
  startFhirExportRun,
  type ExportPatientRow,
  type ExportScope,
} from '../../store/fhir-exports.js'
import type { Db } from '../../store/sql.js'
import { fhirPatientInput } from '../patient-input.js'

export interface ExportRunSettings {
  /** The directory every export's files go under (one sub-directory per export). */
  dir: string
  pageSize: number
}

/** Thrown inside a run when its row says stop: cancelled (deleted) or run again elsewhere. */
class RunSuperseded extends Error {}

export function exportDirectory(dir: string, exportId: string): string {
  return join(dir, exportId)
}

export function fileNameFor(type: FhirExportType, part = 1): string {
  return `${type}-${part}.ndjson`
}


async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain')
}

/**
 * Runs the export: 'done', or 'superseded' when it was cancelled or another run took it over
 * (nothing left to do here). Throws on a failure the job may retry.
 */
export async function runFhirExport(
  db: Db,
  settings: ExportRunSettings,
  exportId: string,
  now: () => Date = () => new Date(),
  signal?: AbortSignal,
): Promise<'done' | 'superseded'> {
  const row = await fhirExportById(db, exportId)
  if (!row || (row.status !== 'accepted' && row.status !== 'in-progress')) return 'superseded'
  const transactionTime = now().toISOString()
  if (!(await startFhirExportRun(db, exportId, transactionTime))) return 'superseded'
  const directory = exportDirectory(settings.dir, exportId)
  await rm(directory, { recursive: true, force: true })
  await mkdir(directory, { recursive: true })

  const group = row.group_id ? findExportGroup(row.group_id) : undefined
  const scope: ExportScope = { surgeryType: group?.surgeryType ?? null, since: row.since }
  const types = row.types as FhirExportType[]
  const today = transactionTime.slice(0, 10)
  const files: FhirExportFile[] = []

  const checkpoint = async (type: FhirExportType, count: number) => {
    if (signal?.aborted) throw new RunSuperseded('stopped')
    const progress = `${type}: ${count} resources written (${files.length} of ${types.length} types done)`
    if (!(await setFhirExportProgress(db, exportId, transactionTime, progress))) throw new RunSuperseded('superseded')
  }

  try {
    for (const type of types) {
      const name = fileNameFor(type)
      const path = join(directory, name)
      const out = createWriteStream(path)
      const failed = new Promise<never>((_, reject) => out.once('error', reject))
      failed.catch(() => {})
      let count = 0
      const emit = async (resources: Resource[]) => {
        if (resources.length === 0) return
        let text = ''
        for (const resource of resources) text += `${JSON.stringify(resource)}\n`
        count += resources.length
        await Promise.race([write(out, text), failed])
      }
      const eachPatientPage = async (changed: 'patient' | 'profile', map: (row: ExportPatientRow) => Resource | null) => {
        let afterId = 0
        for (;;) {
          const page = await exportPatientPage(db, scope, changed, afterId, settings.pageSize)
          const resources: Resource[] = []
          for (const patient of page) {
            const resource = map(patient)
            if (resource) resources.push(resource)
          }
          await emit(resources)
          await checkpoint(type, count)
          if (page.length < settings.pageSize) return
          afterId = page[page.length - 1].id
        }
      }
      if (type === 'Patient') await eachPatientPage('patient', (patient) => patientResource(fhirPatientInput(patient)))
      if (type === 'Procedure') await eachPatientPage('profile', (patient) => surgeryProcedure(fhirPatientInput(patient), today))
      if (type === 'Observation') {
        await eachPatientPage('profile', (patient) => heightObservation(fhirPatientInput(patient)))
        let afterId = 0
        for (;;) {
          const page = await exportEntryPage(db, scope, afterId, settings.pageSize)
          const resources: Resource[] = []
          for (const entry of page) {
            const observations = entryObservations(
              {
                id: entry.id,
                kind: entry.kind,
                date: entry.day,
                fields: entry.fields,
                source: entry.source,
                importedFrom: entry.imported_from,
              },
              { baseUrl: '', patientId: entry.account_id, heightCm: entry.height_cm },
            )
            resources.push(...observations)
          }
          await emit(resources)
          await checkpoint(type, count)
          if (page.length < settings.pageSize) break
          afterId = page[page.length - 1].id
        }
      }
      out.end()
      await Promise.race([once(out, 'finish'), failed])
      // The IG lists only files with resources in them; an empty type has no file.
      if (count > 0) files.push({ type, name, count })
      else await rm(path, { force: true })
    }
  } catch (error) {
    if (error instanceof RunSuperseded) {
      // A cancelled export's files go with it; a run taken over leaves the directory to its successor.
      if (!(await fhirExportById(db, exportId).catch(() => undefined))) await rm(directory, { recursive: true, force: true })
      return 'superseded'
    }
    throw error
  }
  const completedAt = now()
  const expiresAt = new Date(completedAt.getTime() + FHIR_EXPORT_TTL_HOURS * 3600_000).toISOString()
  if (!(await completeFhirExport(db, exportId, transactionTime, files, completedAt.toISOString(), expiresAt))) {
    if (!(await fhirExportById(db, exportId))) await rm(directory, { recursive: true, force: true })
    return 'superseded'
  }
  return 'done'
}
