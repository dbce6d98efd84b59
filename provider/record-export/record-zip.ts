// The record download's ZIP, written to a stream: README.txt, record.fhir.json (a FHIR R4 Bundle
// of type collection), one CSV per kind of entry, messages.csv, reminders.csv, profile.csv and
// summary.html (docs/provider-api.md, "Record export"). Entries and messages are read a page at a time; each file
// is compressed and sent as it is written.
import type { Writable } from 'node:stream'
import type { Resource } from '@medplum/fhirtypes'
import { csvLine } from '../../common/csv'
import {
  bundleEntry,
  bundleOpen,
  BUNDLE_CLOSE,
  entryObservations,
  heightObservation,
  LBS_PER_KG,
  patientResource,
  surgeryProcedure,
  type FhirContext,
  type FhirPatientInput,
} from '../../common/fhir/record'
import { roundTo } from '../../common/rounding'
import type { StoredTargets } from '../../common/daily-targets'
import type { ReminderSettings } from '../reminders-schedule.js'
import { entriesOf, messagesOf, type ExportPatient } from '../store/record-export.js'
import type { Db } from '../store/sql.js'
import { ENTRY_FILE_ORDER, ENTRY_FILES, entryCsvLine, MESSAGES_HEADER, messageCsvLine, waterUnitFor } from './csv-files.js'
import { readmeText } from './readme.js'
import { summaryHtml } from './summary.js'
import { ZipWriter } from './zip-writer.js'

export interface RecordZipInput {
  db: Db
  patient: ExportPatient
  latest: { day: string; kg: number } | null
  targets: StoredTargets
  reminders: ReminderSettings
  counts: Record<string, number>
  /** Base of the FHIR resources' full URLs, ends with '/'. */
  fhirBase: string
  today: string
  now: Date
}

/** What was written, for the audit row and the tests. */
export interface RecordZipTotals {
  observations: number
  rows: Record<string, number>
}

export async function writeRecordZip(out: Writable, input: RecordZipInput): Promise<RecordZipTotals> {
  const { db, patient } = input
  const zip = new ZipWriter(out, input.now)
  const generatedAt = input.now.toISOString()
  const weightUnit = patient.personal?.weight_unit ?? 'kg'
  const totals: RecordZipTotals = { observations: 0, rows: {} }

  await zip.file('README.txt', (file) => file.write(readmeText(input, generatedAt)))
  await zip.file('summary.html', (file) =>
    file.write(summaryHtml({ patient, latest: input.latest, targets: input.targets, today: input.today, generatedAt })),
  )

  const fhirPatient: FhirPatientInput = {
    id: patient.id,
    email: patient.email,
    personal: patient.personal,
    bariatric: patient.bariatric_surgery,
    profileUpdatedAt: patient.profile_updated_at,
  }
  const ctx: FhirContext = { baseUrl: input.fhirBase, patientId: patient.id, heightCm: patient.personal?.height ?? null }
  await zip.file('record.fhir.json', async (file) => {
    await file.write(bundleOpen(`record-${patient.id}-${input.today}`, generatedAt))
    let first = true
    const put = async (resource: Resource) => {
      await file.write(`${first ? '' : ','}\n${bundleEntry(resource, input.fhirBase)}`)
      first = false
      if (resource.resourceType === 'Observation') totals.observations++
    }
    await put(patientResource(fhirPatient))
    const surgery = surgeryProcedure(fhirPatient, input.today)
    if (surgery) await put(surgery)
    const height = heightObservation(fhirPatient)
    if (height) await put(height)
    for (const kind of ENTRY_FILE_ORDER) {
      for await (const row of entriesOf(db, patient.id, kind)) {
        const entry = { id: row.id, kind: row.kind, date: row.day, fields: row.fields, source: row.source, importedFrom: row.imported_from }
        for (const observation of entryObservations(entry, ctx)) await put(observation)
      }
    }
    await file.write(`\n${BUNDLE_CLOSE}\n`)
  })

  const waterUnit = waterUnitFor(weightUnit)
  for (const kind of ENTRY_FILE_ORDER) {
    const { name, header } = ENTRY_FILES[kind]
    let rows = 0
    await zip.file(name, async (file) => {
      await file.write(csvLine(header))
      for await (const row of entriesOf(db, patient.id, kind)) {
        await file.write(entryCsvLine(row, waterUnit))
        rows++
      }
    })
    totals.rows[name] = rows
  }

  let messages = 0
  await zip.file('messages.csv', async (file) => {
    await file.write(csvLine(MESSAGES_HEADER))
    for await (const row of messagesOf(db, patient.id)) {
      await file.write(messageCsvLine(row))
      messages++
    }
  })
  totals.rows['messages.csv'] = messages

  await zip.file('reminders.csv', async (file) => {
    const { kinds, time, days, time_zone } = input.reminders
    await file.write(csvLine(['reminder', 'on', 'time', 'days', 'time_zone']))
    for (const [kind, on] of Object.entries(kinds)) await file.write(csvLine([kind, on ? 'yes' : 'no', time, days.join(' '), time_zone]))
  })
  totals.rows['reminders.csv'] = Object.keys(input.reminders.kinds).length

  let profileRows = 0
  await zip.file('profile.csv', async (file) => {
    await file.write(csvLine(['section', 'field', 'value', 'unit']))
    for (const line of profileLines(patient, input.targets)) {
      await file.write(csvLine(line))
      profileRows++
    }
  })
  totals.rows['profile.csv'] = profileRows

  await zip.end()
  return totals
}

const KG_FIELDS = new Set(['initial_weight', 'pre_surgery_weight', 'goal_weight'])
const UNIT_OF: Record<string, string> = { height: 'cm' }

/**
 * The profile's sections as rows: every field of every section, lists joined with '; ', weights in
 * kg with a second row in lbs for a patient who uses lbs, then the units and daily targets.
 */
export function profileLines(patient: ExportPatient, targets: StoredTargets): (string | number | null)[][] {
  const lines: (string | number | null)[][] = [
    ['account', 'email', patient.email, ''],
    ['account', 'created_at', patient.created_at, ''],
  ]
  const sections = {
    personal: patient.personal,
    medical_history: patient.medical_history,
    bariatric_surgery: patient.bariatric_surgery,
    device_information: patient.device_information,
  }
  for (const [section, values] of Object.entries(sections)) {
    if (!values) continue
    for (const [field, value] of Object.entries(values as Record<string, unknown>)) {
      const text = Array.isArray(value) ? value.join('; ') : value === null || value === undefined ? '' : (value as string | number | boolean)
      const shown = typeof text === 'boolean' ? (text ? 'yes' : 'no') : text
      if (KG_FIELDS.has(field) && typeof value === 'number') {
        lines.push([section, field, roundTo(value, 3), 'kg'])
        const unit = (values as Record<string, unknown>)[field === 'initial_weight' ? 'weight_unit' : `${field}_unit`]
        if (unit === 'lbs') lines.push([section, field, roundTo(value * LBS_PER_KG, 1), 'lbs'])
      } else {
        lines.push([section, field, shown, UNIT_OF[field] ?? ''])
      }
    }
  }
  lines.push(
    ['preferences', 'protein_target', targets.protein_target_g, 'g'],
    ['preferences', 'water_target', targets.water_target_ml, 'ml'],
    ['preferences', 'sleep_target', targets.sleep_target_h, 'h'],
  )
  return lines
}
