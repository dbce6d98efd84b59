// README.txt of the record download: what each file is, in plain words.
import { BARICARE_CODES } from '../../common/fhir/codes'
import type { ExportPatient } from '../store/record-export.js'

export function readmeText(input: { patient: ExportPatient; counts: Record<string, number> }, generatedAt: string): string {
  const n = (kind: string) => input.counts[kind] ?? 0
  const name = input.patient.personal?.full_name || input.patient.full_name || input.patient.email
  const lines = [
    `Your BariCare health record`,
    `===========================`,
    ``,
    `For: ${name} (${input.patient.email})`,
    `Prepared: ${generatedAt}`,
    ``,
    `This ZIP holds everything BariCare keeps about you as a patient: your profile, every entry of`,
    `your health log, your messages with the care team and your reminder settings. Dates are written`,
    `YYYY-MM-DD; times of day are on your own clock; message times are UTC.`,
    ``,
    `summary.html       A one-page summary to print or show a doctor: name, date of birth, surgery,`,
    `                   baseline and current weight, %TWL, %EWL, BMI, follow-ups and daily targets.`,
    `                   Open it in any web browser; it needs no internet connection.`,
    `record.fhir.json   The whole record as a FHIR R4 Bundle (type "collection"), the format health`,
    `                   record systems exchange: a Patient, your surgery as a Procedure, your height,`,
    `                   and an Observation per measurement (body weight LOINC 29463-7 with a BMI`,
    `                   39156-5 beside each weight, height 8302-2, sleep duration 93832-4). Protein,`,
    `                   water and vitamins have no LOINC code we use; they carry codes of our own`,
    `                   system ${BARICARE_CODES}. A reading imported from a connected device names the`,
    `                   device (Observation.device) and the service (Observation.meta.source).`,
    `weight.csv         ${n('weight')} weigh-ins: the weight in the unit you typed it in, and in kg.`,
    `meals.csv          ${n('meal')} meals: time, type, protein (g), calories and description.`,
    `water.csv          ${n('water')} drinks: the amount in your unit, and in ml.`,
    `sleep.csv          ${n('sleep')} nights, dated the day you woke up: hours, quality (1-5), times.`,
    `vitamins.csv       ${n('vitamins')} days of vitamins: what you took, and yes/no per vitamin.`,
    `messages.csv       Your messages with the care team, oldest first.`,
    `reminders.csv      Your reminder e-mails: which are on, at what time, on which days.`,
    `profile.csv        Your profile: personal details, medical history, surgery, device, units`,
    `                   and daily targets (weights in kg, and in lbs if you use lbs).`,
    ``,
    `Every CSV file starts with a header row and opens in any spreadsheet program.`,
    ``,
  ]
  return lines.join('\r\n')
}
