// The weight chart (daily weights and their 7-day average, or weekly/monthly means, with the goal)
// and the %TWL/%EWL chart with the surgery and its follow-ups marked. Pure; runs on the server.
import { nextFollowUp } from '~/features/health-log/health-metrics'
import { percentExcessWeightLoss, percentTotalWeightLoss } from '~/../common/clinical'
import { addDaysIso, daysBetween } from '~/features/health-log/log-entries'
import {
  anchorFor,
  bucketCentre,
  fitAxis,
  FULL_PLOT_PX,
  labelWidth,
  MARKER_PAD_PX,
  markerLanes,
  placeOnAxis,
  WIDE_PLOT_PX,
  worthIncluding,
} from './trends-axis'
import { movingAverage, type DailyValue } from './trends-days'
import { whose, type TrendsFacts } from './trends-facts'
import {
  capitalised,
  grouped,
  percentText,
  plural,
  shortDate,
  sourcesText,
  weightText,
} from './trends-format'
import { toPoints, type Frame } from './trends-frame'
import type { ChartMarker, ReferenceLine, TrendChart, TrendSeries } from './trends-model'
import { LBS_PER_KG, roundForDisplay, weightFromKg, type WeightUnit } from '~/platform/units'

const WEIGHT_MAX_GAP_DAYS = 7

/** 'Down 12.4 lbs in 30 days', 'Up 0.6 kg in 7 days', 'No change in 14 days (99.8 kg)'. */
export function weightSummary(weights: DailyValue[], unit: WeightUnit, phrase: string): string {
  if (weights.length === 0) return `No weight logged in ${phrase}.`
  const first = weights[0]
  const last = weights[weights.length - 1]
  if (weights.length === 1)
    return `One weight logged in ${phrase}: ${weightText(last.value, unit)} on ${shortDate(last.date)}.`
  // From the shown (rounded) values, so the summary agrees with the table.
  const change = roundForDisplay(weightFromKg(last.value, unit) - weightFromKg(first.value, unit))
  const span = plural(daysBetween(first.date, last.date), 'day')
  if (change === 0) return `No change in ${span} (${weightText(last.value, unit)}).`
  return `${change < 0 ? 'Down' : 'Up'} ${Math.abs(change).toFixed(1)} ${unit} in ${span}.`
}

export function weightChart(
  weights: DailyValue[],
  facts: TrendsFacts,
  frame: Frame,
  labels: string[],
  phrase: string,
): TrendChart {
  const unit = facts.weightUnit
  // Points are drawn in the patient's unit (unrounded); their text is rounded from the kg.
  const inUnit = (kg: number) => (unit === 'lbs' ? kg * LBS_PER_KG : kg)
  const shown = (kg: number) => weightFromKg(kg, unit).toFixed(1)
  const daily = frame.bucket === 'day'
  const { buckets } = toPoints(weights, frame, String)
  const points = buckets.map((b) => ({ i: b.i, value: inUnit(b.value), text: weightText(b.value, unit) }))
  const average = daily ? movingAverage(weights) : []
  const averageKg = new Map(average.map((day) => [frame.dayOf(day.date), day.value]))
  const averagePoints = [...averageKg].map(([i, kg]) => ({
    i,
    value: inUnit(kg),
    text: weightText(kg, unit),
  }))
  const maxGap = daily ? WEIGHT_MAX_GAP_DAYS : 2
  const series: TrendSeries[] = daily
    ? [
        { key: 'weight', name: 'Daily weight', shape: 'line', emphasis: 'secondary', maxGap, points },
        {
          key: 'average',
          name: '7-day average',
          shape: 'line',
          emphasis: 'primary',
          maxGap,
          points: averagePoints,
        },
      ]
    : [
        {
          key: 'weight',
          name: frame.bucket === 'week' ? 'Weekly average' : 'Monthly average',
          shape: 'line',
          emphasis: 'primary',
          maxGap,
          points,
        },
      ]
  // The axis fits the weights; the goal stretches it only when near (trends-axis.ts worthIncluding),
  // else it is named at the plot's edge, so a 3 lb month does not look flat.
  const drawn = [...points, ...averagePoints].map((p) => p.value)
  const goal = facts.goalKg === null ? null : inUnit(facts.goalKg)
  const y = fitAxis(goal !== null && worthIncluding(goal, drawn) ? [...drawn, goal] : drawn, {
    text: (value) => grouped.format(value),
  })
  const references: ReferenceLine[] =
    facts.goalKg !== null && goal !== null
      ? [
          {
            name: 'Goal',
            value: goal,
            text: weightText(facts.goalKg, unit),
            label: `Goal ${weightText(facts.goalKg, unit)}`,
            placement: placeOnAxis(goal, y),
          },
        ]
      : []
  const hasSources = buckets.some((b) => b.sources.length > 0)
  const columns = daily
    ? ['Date', `Weight (${unit})`, `7-day average (${unit})`]
    : [capitalised(frame.bucket), `Average weight (${unit})`, 'Days weighed']
  return {
    id: 'weight',
    title: 'Weight',
    summary: weightSummary(weights, unit, phrase),
    empty: points.length === 0,
    series,
    references,
    markers: [],
    y,
    table: {
      caption: `Weight in ${phrase}, in ${unit}`,
      columns: hasSources ? [...columns, 'Source'] : columns,
      rows: buckets.map((b) => {
        const averageOfDay = averageKg.get(b.i)
        const cells = daily
          ? [labels[b.i], shown(b.value), averageOfDay === undefined ? '' : shown(averageOfDay)]
          : [labels[b.i], shown(b.value), String(b.days)]
        return { key: b.date, cells: hasSources ? [...cells, sourcesText(b.sources)] : cells }
      }),
    },
  }
}

// ---- %TWL and %EWL ----------------------------------------------------------------------------

/** Follow-up milestones (and the surgery itself) that fall in [from, to]. */
export function milestonesIn(
  surgeryDate: string | null,
  from: string,
  to: string,
): { date: string; label: string }[] {
  if (!surgeryDate) return []
  const found: { date: string; label: string }[] = []
  if (surgeryDate >= from && surgeryDate <= to) found.push({ date: surgeryDate, label: 'Surgery' })
  let day = surgeryDate > from ? addDaysIso(surgeryDate, 1) : from
  for (let guard = 0; guard < 60; guard++) {
    const next = nextFollowUp(surgeryDate, day)
    if (!next || next.date > to) break
    found.push({ date: next.date, label: next.label })
    day = addDaysIso(next.date, 1)
  }
  return found
}

/** 'Surgery', '2-week follow-up' → '2 wk', '3-month follow-up' → '3 mo', '2-year follow-up' → '2 yr'. */
export function shortMilestone(label: string): string {
  const match = /^(\d+)-(week|month|year) follow-up$/.exec(label)
  if (!match) return label
  return `${match[1]} ${{ week: 'wk', month: 'mo', year: 'yr' }[match[2] as 'week' | 'month' | 'year']}`
}

/** Markers inside the frame, each with the row its short label takes above the plot. */
function chartMarkers(found: { i: number; label: string; short: string }[], buckets: number): ChartMarker[] {
  const inside = found.filter((m) => m.i >= 0)
  const lanes = markerLanes(inside, buckets, FULL_PLOT_PX)
  const lanesWide = markerLanes(inside, buckets, WIDE_PLOT_PX)
  return inside.map((m, k) => ({
    ...m,
    lane: lanes[k],
    anchor: anchorFor(bucketCentre(m.i, buckets), labelWidth(m.short, MARKER_PAD_PX, FULL_PLOT_PX)),
    laneWide: lanesWide[k],
    anchorWide: anchorFor(bucketCentre(m.i, buckets), labelWidth(m.short, MARKER_PAD_PX, WIDE_PLOT_PX)),
  }))
}

export function lossChart(
  weights: DailyValue[],
  facts: TrendsFacts,
  frame: Frame,
  labels: string[],
  phrase: string,
): TrendChart {
  const baseline = facts.baselineKg
  const twlDays: DailyValue[] = []
  const ewlDays: DailyValue[] = []
  for (const day of weights) {
    const twl = percentTotalWeightLoss(baseline, day.value)
    const ewl = percentExcessWeightLoss(baseline, day.value, facts.heightCm)
    if (twl !== null) twlDays.push({ date: day.date, value: twl, sources: [] })
    if (ewl !== null) ewlDays.push({ date: day.date, value: ewl, sources: [] })
  }
  const twl = toPoints(twlDays, frame, percentText)
  const ewl = toPoints(ewlDays, frame, percentText)
  const maxGap = frame.bucket === 'day' ? WEIGHT_MAX_GAP_DAYS : 2
  const markers = chartMarkers(
    milestonesIn(facts.surgeryDate, frame.from, frame.to).map((m) => ({
      i: frame.bucketOf(m.date),
      label: `${m.label} (${shortDate(m.date)})`,
      short: shortMilestone(m.label),
    })),
    frame.starts.length,
  )
  let summary: string
  if (baseline === null)
    summary =
      facts.reader === 'clinician'
        ? "No starting weight in the patient's profile, so weight loss in percent cannot be shown."
        : 'Add your starting weight to your profile to see your weight loss in percent.'
  else if (twl.points.length === 0) summary = `No weight logged in ${phrase}.`
  else {
    const lastTwl = twlDays[twlDays.length - 1]
    const lastEwl = ewlDays[ewlDays.length - 1]
    const lost = lastTwl.value >= 0
    summary =
      `${percentText(Math.abs(lastTwl.value))} total weight ${lost ? 'lost' : 'gained'}` +
      (lastEwl ? ` and ${percentText(lastEwl.value)} excess weight loss` : '') +
      ` on ${shortDate(lastTwl.date)}, from ${whose(facts)} ${facts.baselineLabel}.`
  }
  const ewlAt = new Map(ewl.points.map((p) => [p.i, p.text]))
  const markerAt = new Map<number, string[]>()
  for (const marker of markers) markerAt.set(marker.i, [...(markerAt.get(marker.i) ?? []), marker.label])
  const columns = [
    frame.bucket === 'day' ? 'Date' : frame.bucket === 'week' ? 'Week' : 'Month',
    '%TWL',
    '%EWL',
  ]
  return {
    id: 'loss',
    title: 'Total and excess weight loss',
    summary,
    empty: twl.points.length === 0,
    series: [
      {
        key: 'twl',
        name: '%TWL (total weight loss)',
        shape: 'line',
        emphasis: 'secondary',
        maxGap,
        points: twl.points,
      },
      {
        key: 'ewl',
        name: '%EWL (excess weight loss)',
        shape: 'line',
        emphasis: 'primary',
        maxGap,
        points: ewl.points,
      },
    ],
    references: [],
    markers,
    y: fitAxis([...twl.points, ...ewl.points].map((p) => p.value).concat(0), {
      text: (value) => `${grouped.format(value)}%`,
    }),
    table: {
      caption: `Weight loss in ${phrase}, in percent of ${whose(facts)} ${facts.baselineLabel ?? 'starting weight'}${markers.length ? ', with follow-ups' : ''}`,
      columns: markers.length ? [...columns, 'Follow-up'] : columns,
      rows: twl.points.map((p) => {
        const cells = [labels[p.i], p.text, ewlAt.get(p.i) ?? '—']
        return {
          key: String(p.i),
          cells: markers.length ? [...cells, (markerAt.get(p.i) ?? []).join(', ')] : cells,
        }
      }),
    },
  }
}
