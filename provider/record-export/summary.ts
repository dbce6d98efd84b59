// summary.html of the record download: one printable page of where the patient stands. Offline
// (no script, no font, no image, styles inline), with print CSS. The measures use the dashboard's
// formulas (common/clinical.ts) and its rounding
// (common/rounding.ts), so the %TWL here reads as on the dashboard.
import { nextFollowUpAfter } from '../../common/follow-ups'
import { LBS_PER_KG } from '../../common/fhir/record'
import { oneDecimal } from '../../common/rounding'
import type { StoredTargets } from '../../common/daily-targets'
import { bodyMassIndex, percentExcessWeightLoss, percentTotalWeightLoss } from '../../common/clinical'
import { addDays } from '../admin-patients-metrics.js'
import type { ExportPatient } from '../store/record-export.js'

export interface SummaryInput {
  patient: ExportPatient
  /** The newest weight on record. */
  latest: { day: string; kg: number } | null
  targets: StoredTargets
  today: string
  generatedAt: string
}

export interface SummaryMeasures {
  baselineKg: number | null
  baselineSource: 'pre-surgery' | 'initial' | null
  currentKg: number | null
  currentSource: 'logged' | 'initial' | null
  twl: number | null
  ewl: number | null
  bmi: number | null
}

const positive = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null)

/** The dashboard's choices: baseline = pre-surgery weight (after surgery) else the sign-up weight; current = newest logged else sign-up. */
export function summaryMeasures(patient: ExportPatient, latest: SummaryInput['latest']): SummaryMeasures {
  const personal = patient.personal
  const heightCm = positive(personal?.height)
  const initialKg = positive(personal?.initial_weight)
  const surgery = patient.bariatric_surgery?.bariatric_status === 'yes' ? patient.bariatric_surgery : null
  const preSurgeryKg = positive(surgery?.pre_surgery_weight)
  const baselineKg = preSurgeryKg ?? initialKg
  const currentKg = latest ? latest.kg : initialKg
  return {
    baselineKg,
    baselineSource: preSurgeryKg !== null ? 'pre-surgery' : initialKg !== null ? 'initial' : null,
    currentKg,
    currentSource: latest ? 'logged' : initialKg !== null ? 'initial' : null,
    twl: percentTotalWeightLoss(baselineKg, currentKg),
    ewl: percentExcessWeightLoss(baselineKg, currentKg, heightCm),
    bmi: bodyMassIndex(currentKg, heightCm),
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** '304.2 lbs (138.0 kg)' or '138.0 kg'. */
export function weightText(kg: number | null, unit: unknown): string {
  if (kg === null) return 'Not recorded'
  return unit === 'lbs' ? `${oneDecimal(kg * LBS_PER_KG)} lbs (${oneDecimal(kg)} kg)` : `${oneDecimal(kg)} kg`
}

function usDate(iso: string | null | undefined): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return 'Not recorded'
  const [y, m, d] = iso.slice(0, 10).split('-')
  return `${m}/${d}/${y}`
}

/** The follow-ups from the surgery up to the next one due (the last rows of a long schedule). */
export function followUps(surgeryDate: string, today: string): { label: string; date: string; due: 'past' | 'next' }[] {
  const list: { label: string; date: string; due: 'past' | 'next' }[] = []
  let from = surgeryDate
  for (;;) {
    const next = nextFollowUpAfter(surgeryDate, from)
    if (next.date >= today) {
      list.push({ label: next.label, date: next.date, due: 'next' })
      return list.slice(-8)
    }
    list.push({ label: next.label, date: next.date, due: 'past' })
    from = addDays(next.date, 1)
  }
}

const row = (label: string, value: string, testId?: string) =>
  `<tr><th scope="row">${escapeHtml(label)}</th><td${testId ? ` data-testid="${testId}"` : ''}>${escapeHtml(value)}</td></tr>`

const STYLE = `
  :root { color-scheme: light; }
  body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111; margin: 2rem auto; max-width: 46rem; padding: 0 1rem; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.05rem; margin: 1.25rem 0 .4rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; }
  p.meta { color: #555; margin: 0 0 1rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .25rem .5rem .25rem 0; vertical-align: top; }
  th { font-weight: 600; width: 45%; }
  .columns { display: grid; grid-template-columns: 1fr 1fr; gap: 0 2rem; }
  footer { margin-top: 1.5rem; color: #555; font-size: .85rem; }
  @media (max-width: 600px) { .columns { grid-template-columns: 1fr; } }
  @media print {
    @page { size: letter portrait; margin: 12mm; }
    body { margin: 0; max-width: none; font-size: 11pt; }
    h2 { break-after: avoid; }
    table, tr { break-inside: avoid; }
  }
`

export function summaryHtml(input: SummaryInput): string {
  const { patient, targets, today } = input
  const personal = patient.personal
  const weightUnit = personal?.weight_unit ?? 'kg'
  const surgery = patient.bariatric_surgery
  const m = summaryMeasures(patient, input.latest)
  const name = personal?.full_name || patient.full_name || patient.email
  const percent = (value: number | null) => (value === null ? 'Not available' : `${oneDecimal(value)}%`)
  const surgeryRows =
    surgery?.bariatric_status === 'yes'
      ? [
          row('Procedure', surgery.surgery_type ?? 'Not recorded'),
          row('Date', usDate(surgery.surgery_date)),
          row('Hospital', surgery.hospital_name || 'Not recorded'),
          row('Goal weight', weightText(positive(surgery.goal_weight), surgery.goal_weight_unit ?? weightUnit)),
        ]
      : [row('Status', surgery?.bariatric_status === 'plan' ? 'Planning surgery' : 'No bariatric surgery')]
  const schedule = surgery?.bariatric_status === 'yes' && surgery.surgery_date ? followUps(surgery.surgery_date, today) : []
  const followUpRows =
    schedule.length === 0
      ? '<p>No follow-ups: no surgery date on record.</p>'
      : `<table>${schedule.map((f) => row(f.label, `${usDate(f.date)}${f.due === 'next' ? ' (next)' : ''}`)).join('')}</table>`
  const waterLbs = weightUnit === 'lbs'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Health record summary: ${escapeHtml(name)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Health record summary</h1>
<p class="meta">${escapeHtml(name)} · prepared ${escapeHtml(usDate(today))} from the BariCare record</p>
<div class="columns">
<section>
<h2>Patient</h2>
<table>
${row('Name', name)}
${row('Date of birth', usDate(personal?.date_of_birth))}
${row('E-mail', patient.email)}
${row('Height', personal ? `${oneDecimal(personal.height)} cm` : 'Not recorded')}
</table>
<h2>Surgery</h2>
<table>
${surgeryRows.join('\n')}
</table>
</section>
<section>
<h2>Weight</h2>
<table>
${row(m.baselineSource === 'pre-surgery' ? 'Baseline (pre-surgery)' : 'Baseline (at sign-up)', weightText(m.baselineKg, weightUnit), 'summary-baseline')}
${row(input.latest ? `Current (${usDate(input.latest.day)})` : 'Current (at sign-up)', weightText(m.currentKg, weightUnit), 'summary-current')}
${row('Total weight loss (%TWL)', percent(m.twl), 'summary-twl')}
${row('Excess weight loss (%EWL)', percent(m.ewl), 'summary-ewl')}
${row('BMI', m.bmi === null ? 'Not available' : `${oneDecimal(m.bmi)} kg/m²`, 'summary-bmi')}
</table>
<h2>Daily targets</h2>
<table>
${row('Protein', `${targets.protein_target_g} g`)}
${row('Water', waterLbs ? `${Math.round(targets.water_target_ml / 29.5735)} fl oz (${targets.water_target_ml} ml)` : `${targets.water_target_ml} ml`)}
${row('Sleep', `${targets.sleep_target_h} h`)}
</table>
</section>
</div>
<h2>Follow-ups</h2>
${followUpRows}
<footer>%TWL = (baseline − current) ÷ baseline. %EWL = (baseline − current) ÷ (baseline − ideal weight at BMI 25). Generated ${escapeHtml(input.generatedAt)}. The full record is in record.fhir.json and the CSV files beside this page.</footer>
</body>
</html>
`
}
