// Where the patient stands: weight-loss measures, BMI, goal progress, follow-up milestones, today
// against the daily targets, and the "nothing logged lately" nudge. Pure and deterministic (today is
// a parameter). The formulas are common/clinical.ts (the API's too), on unrounded kg; only what is
// shown is rounded (1 decimal).
import { daysBetween, isIsoDate, lastNightDate, type LatestByKind, type EntriesByKind } from './log-entries'
import type { CustomerProfile } from '~/platform/provider-types'
import { oneDecimal } from '~/../common/rounding'
import { nextFollowUpAfter, type FollowUp } from '~/../common/follow-ups'
import {
  bodyMassIndex,
  goalProgress,
  idealBodyWeightKg,
  percentExcessWeightLoss,
  percentTotalWeightLoss,
  positiveOrNull as positive,
  type GoalProgress,
} from '~/../common/clinical'
import { dailyTargets } from '~/../common/daily-targets'

// ---- Surgery and follow-ups -----------------------------------------------------------------

export type { FollowUp }

/** The next follow-up on or after today (common/follow-ups.ts); null without a valid surgery date. */
export function nextFollowUp(surgeryIso: string | null | undefined, todayIso: string): FollowUp | null {
  return isIsoDate(surgeryIso) ? nextFollowUpAfter(surgeryIso, todayIso) : null
}

/** Whole days since the surgery (0 on the day); null before it or without a date. */
export function daysSinceSurgery(surgeryIso: string | null | undefined, todayIso: string): number | null {
  if (!isIsoDate(surgeryIso)) return null
  const days = daysBetween(surgeryIso, todayIso)
  return days >= 0 ? days : null
}

// ---- Daily targets --------------------------------------------------------------------------

// The targets and their defaults are common/daily-targets.ts (the API's too).

export type TargetProgress = {
  /** null when nothing was logged for it. */
  value: number | null
  target: number
  /** 0–100, for a progress bar. */
  percent: number
  met: boolean
}

export function targetProgress(value: number | null, target: number): TargetProgress {
  const amount = value ?? 0
  return { value, target, percent: Math.min(100, (amount / target) * 100), met: amount >= target }
}

// ---- Nudge ----------------------------------------------------------------------------------

export const NUDGE_AFTER_DAYS = 3

/** The newest date anything was logged for, or null. */
export function lastLoggedDate(latest: LatestByKind): string | null {
  const dates = Object.values(latest)
    .filter((entry): entry is NonNullable<typeof entry> => entry !== null)
    .map((entry) => entry.date)
  return dates.length === 0 ? null : dates.sort().at(-1)!
}

/**
 * A gentle reminder when nothing was logged for the last 3 days (today and the two before), or
 * ever. Entries count by the day they are for.
 */
export function loggingNudge(
  lastLogged: string | null,
  todayIso: string,
): { show: boolean; daysSince: number | null } {
  if (lastLogged === null) return { show: true, daysSince: null }
  const days = daysBetween(lastLogged, todayIso)
  return { show: days >= NUDGE_AFTER_DAYS, daysSince: days }
}

// ---- Everything the dashboard shows ---------------------------------------------------------

export type WeightPoint = { kg: number; source: 'logged' | 'initial'; date: string | null }
export type Baseline = { kg: number; source: 'pre-surgery' | 'initial' }

export type HealthMetrics = {
  current: WeightPoint | null
  baseline: Baseline | null
  /** current − baseline, kg (negative = lost). */
  changeKg: number | null
  twlPercent: number | null
  ewlPercent: number | null
  idealWeightKg: number | null
  bmi: number | null
  goalKg: number | null
  goal: GoalProgress | null
  surgery: { date: string; daysSince: number | null; daysUntil: number | null; next: FollowUp | null } | null
  today: { protein: TargetProgress; water: TargetProgress; sleep: TargetProgress }
  nudge: { show: boolean; daysSince: number | null; lastLogged: string | null }
}

export type MetricsInput = {
  profile: Pick<CustomerProfile, 'personal' | 'bariatric_surgery' | 'preferences'>
  /** Entries of at least yesterday and today (GET v1/auth/entries/?from=yesterday&to=today). */
  entries: EntriesByKind
  latest: LatestByKind
  today: string
}

const sumOf = (values: number[]) =>
  values.length === 0 ? null : values.reduce((total, value) => total + value, 0)

export function healthMetrics({ profile, entries, latest, today }: MetricsInput): HealthMetrics {
  const personal = profile.personal
  const heightCm = positive(personal?.height)
  const initialKg = positive(personal?.initial_weight)
  const bariatric = profile.bariatric_surgery?.bariatric_status === 'yes' ? profile.bariatric_surgery : null
  const preSurgeryKg = positive(bariatric?.pre_surgery_weight)

  const latestWeight = latest.weight
  const current: WeightPoint | null = latestWeight
    ? { kg: latestWeight.weight, source: 'logged', date: latestWeight.date }
    : initialKg !== null
      ? { kg: initialKg, source: 'initial', date: null }
      : null
  const baseline: Baseline | null =
    preSurgeryKg !== null
      ? { kg: preSurgeryKg, source: 'pre-surgery' }
      : initialKg !== null
        ? { kg: initialKg, source: 'initial' }
        : null
  const currentKg = current?.kg ?? null
  const baselineKg = baseline?.kg ?? null
  const goalKg = positive(bariatric?.goal_weight)

  const surgeryDate = isIsoDate(bariatric?.surgery_date) ? bariatric.surgery_date : null
  const targets = dailyTargets(profile.preferences)
  const lastLogged = lastLoggedDate(latest)

  return {
    current,
    baseline,
    changeKg: currentKg !== null && baselineKg !== null ? currentKg - baselineKg : null,
    twlPercent: percentTotalWeightLoss(baselineKg, currentKg),
    ewlPercent: percentExcessWeightLoss(baselineKg, currentKg, heightCm),
    idealWeightKg: idealBodyWeightKg(heightCm),
    bmi: bodyMassIndex(currentKg, heightCm),
    goalKg,
    goal: goalProgress(baselineKg, currentKg, goalKg),
    surgery: surgeryDate
      ? {
          date: surgeryDate,
          daysSince: daysSinceSurgery(surgeryDate, today),
          daysUntil: surgeryDate > today ? daysBetween(today, surgeryDate) : null,
          next: nextFollowUp(surgeryDate, today),
        }
      : null,
    today: {
      protein: targetProgress(
        sumOf(entries.meal.filter((e) => e.date === today).map((e) => e.protein_g)),
        targets.proteinG,
      ),
      water: targetProgress(
        sumOf(entries.water.filter((e) => e.date === today).map((e) => e.ml)),
        targets.waterMl,
      ),
      // A night counts for the date the patient woke up: last night's sleep is dated today.
      sleep: targetProgress(
        sumOf(entries.sleep.filter((e) => e.date === lastNightDate(today)).map((e) => e.hours)),
        targets.sleepH,
      ),
    },
    nudge: { ...loggingNudge(lastLogged, today), lastLogged },
  }
}

// ---- Display --------------------------------------------------------------------------------

export { oneDecimal }

/** '23.4%' */
export function formatPercent(value: number): string {
  return `${oneDecimal(value)}%`
}
