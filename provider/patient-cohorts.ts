// Extension (docs/provider-api.md, "Extensions"): cohort outcomes for the dashboard and reports.
// A cohort counts onboarded patients whose surgery has happened; the means skip patients without the
// measure (no weight logged yet, or no height for %EWL), so `patients` can exceed the measured ones.
import { SURGERY_TYPES } from '../common/contract/profile-values'
import type { PatientSnapshot } from './patient-facts.js'
import type { CohortCell } from './store/patient-summary-reads.js'

export interface CohortRow {
  cohort: string
  patients: number
  mean_twl_percent: number | null
  mean_ewl_percent: number | null
}

export interface CohortSummary {
  by_procedure: CohortRow[]
  by_months_since_surgery: CohortRow[]
}

type CohortInput = Pick<
  PatientSnapshot,
  'is_onboarded' | 'surgery_type' | 'days_post_op' | 'twl_percent' | 'ewl_percent'
>

/** Months since surgery, as 30.44-day months (the average month), in these brackets. */
export const MONTH_BRACKETS: { cohort: string; fromMonths: number; toMonths: number }[] = [
  { cohort: '0–3 months', fromMonths: 0, toMonths: 3 },
  { cohort: '3–6 months', fromMonths: 3, toMonths: 6 },
  { cohort: '6–12 months', fromMonths: 6, toMonths: 12 },
  { cohort: '12–24 months', fromMonths: 12, toMonths: 24 },
  { cohort: '24+ months', fromMonths: 24, toMonths: Infinity },
]
const DAYS_PER_MONTH = 30.44

function mean(values: (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null)
  if (present.length === 0) return null
  return Math.round((present.reduce((sum, value) => sum + value, 0) / present.length) * 10) / 10
}

function row(cohort: string, members: CohortInput[]): CohortRow {
  return {
    cohort,
    patients: members.length,
    mean_twl_percent: mean(members.map((member) => member.twl_percent)),
    mean_ewl_percent: mean(members.map((member) => member.ewl_percent)),
  }
}

/** Every procedure and bracket is listed, empty ones with 0 patients, so tables keep their shape. */
export function cohortSummary(snapshots: readonly CohortInput[]): CohortSummary {
  const postOp = snapshots.filter((snapshot) => snapshot.is_onboarded && snapshot.days_post_op !== null)
  return {
    by_procedure: SURGERY_TYPES.map((procedure) =>
      row(
        procedure,
        postOp.filter((snapshot) => (snapshot.surgery_type ?? 'Other') === procedure),
      ),
    ),
    by_months_since_surgery: MONTH_BRACKETS.map((bracket) =>
      row(
        bracket.cohort,
        postOp.filter((snapshot) => {
          const months = snapshot.days_post_op! / DAYS_PER_MONTH
          return months >= bracket.fromMonths && months < bracket.toMonths
        }),
      ),
    ),
  }
}

/** The first whole day since surgery of each bracket after the first (days / 30.44 ≥ its months). */
export const BRACKET_START_DAYS: readonly number[] = MONTH_BRACKETS.slice(1).map((bracket) => {
  let day = Math.floor(bracket.fromMonths * DAYS_PER_MONTH)
  while (day / DAYS_PER_MONTH < bracket.fromMonths) day++
  return day
})

/** Sums and counts per (procedure, bracket), as the database groups them (cohortCells). */
export type CohortCellInput = CohortCell

function meanOf(sum: number, n: number): number | null {
  return n === 0 ? null : Math.round((sum / n) * 10) / 10
}

function rowOf(cohort: string, cells: readonly CohortCellInput[]): CohortRow {
  const total = (pick: (cell: CohortCellInput) => number | null) => cells.reduce((sum, cell) => sum + (pick(cell) ?? 0), 0)
  return {
    cohort,
    patients: total((cell) => cell.patients),
    mean_twl_percent: meanOf(total((cell) => cell.twl_sum), total((cell) => cell.twl_n)),
    mean_ewl_percent: meanOf(total((cell) => cell.ewl_sum), total((cell) => cell.ewl_n)),
  }
}

/** cohortSummary's answer from the database's grouped sums (the dashboard at any scale). */
export function cohortSummaryFromCells(cells: readonly CohortCellInput[]): CohortSummary {
  return {
    by_procedure: SURGERY_TYPES.map((procedure) =>
      rowOf(
        procedure,
        cells.filter((cell) => (cell.procedure ?? 'Other') === procedure),
      ),
    ),
    by_months_since_surgery: MONTH_BRACKETS.map((bracket, index) =>
      rowOf(
        bracket.cohort,
        cells.filter((cell) => cell.bracket === index),
      ),
    ),
  }
}
