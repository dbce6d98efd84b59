/**
 * Health trends: ranges, daily and weekly series, the 7-day moving average, gaps, one-line
 * summaries and the data tables behind each chart. Pure and deterministic ("today" is a parameter),
 * shared by the patient's /customer/health-trends and the admin's patient detail page.
 *
 * The two stable entry points (docs/decisions/047-trends-svg-components.md):
 *
 *   const facts = trendsFacts(profile)            // from GET v1/auth/profile/ (or the admin's copy)
 *   const model = buildTrends({ entries, facts, range, today, firstEntryDate })
 *   // in a loader: return the model (JSON, small: at most ~130 points a series, all text formatted)
 *   <TrendsCharts model={model} logHref="/customer/log-data" />   (app/features/trends/trends-charts)
 *   <TrendRangeLinks baseHref="/admin/patient/7" current={model.range} />   (…/trends/range-links)
 *
 * Rules (also in docs/decisions/048-trends-ranges-buckets-gaps.md):
 * - A day's weight is its last entry; sleep, protein and water are the day's sums (naps add).
 * - A day without an entry is a gap: no bar, no point. Weight lines join logged days up to 7 days
 *   apart (weekly weigh-ins are the plan) and break across longer gaps; nothing is interpolated.
 * - The 7-day moving average at a logged day is the mean of the daily weights logged in the seven
 *   days ending that day; days without a weight do not count. Drawn only at logged days.
 * - Ranges over 120 days are drawn per week (Monday–Sunday; over three years, per month): a bucket's
 *   value is the mean of its logged days, and its table row says how many days it holds.
 * - Weights are kg in the API and shown in the patient's unit with one decimal (SPEC.md §9).
 *
 * This module assembles the model; each job has its own module beside it, so a client component
 * imports only what it draws (docs/decisions/119-trends-ts-split.md):
 * - trends-model: the model's types, all the chart components take from it (besides trends-range
 *   and trends-axis's lineSegments);
 * - trends-range: ranges, their labels and the page's links (also in the browser);
 * - trends-facts: the profile's facts; trends-days: daily values, the moving average, buckets;
 * - trends-frame: the range's days and buckets; trends-weight and trends-bars: the five charts;
 * - trends-format: how values and dates are written; trends-x-ticks and trends-axis: the axes;
 * - trends-csv: the download.
 */
import { ENTRY_KINDS } from '~/features/health-log/log-entries'
import { proteinChart, sleepChart, waterChart } from './trends-bars'
import { dailyValues } from './trends-days'
import { bucketLabel } from './trends-format'
import { frameFor, inFrame } from './trends-frame'
import type { TrendsInput, TrendsModel } from './trends-model'
import { rangePhrase, TREND_RANGE_LABELS } from './trends-range'
import { lossChart, weightChart } from './trends-weight'
import { xTicksFor } from './trends-x-ticks'

// The other entry point, and what the loaders (trends.server.ts, admin-patients.server.ts) import
// from here rather than from the module that holds it.
export { trendsFacts, type TrendsFacts } from './trends-facts'
export type { TrendsInput, TrendsModel } from './trends-model'
export {
  parseTrendRange,
  trendsHref,
  trendWindow,
  TRENDS_CSV_PATH,
  TRENDS_PATH,
  type TrendRange,
} from './trends-range'

export function buildTrends(input: TrendsInput): TrendsModel {
  const { entries, facts } = input
  // Only the five kinds: the provider's answer also carries from, to and first_date. Listed only
  // when the frame needs them (the "All" range starts at the first), not for every page.
  const frame = frameFor(input, () => ENTRY_KINDS.flatMap((kind) => entries[kind].map((entry) => entry.date)))
  const inRange = {
    weight: inFrame(entries.weight, frame),
    sleep: inFrame(entries.sleep, frame),
    meal: inFrame(entries.meal, frame),
    water: inFrame(entries.water, frame),
    vitamins: inFrame(entries.vitamins, frame),
  }
  const empty = Object.values(inRange).every((list) => list.length === 0)
  const labels = frame.starts.map((start) => bucketLabel(start, frame.bucket))
  const xTicks = xTicksFor(frame.starts, frame.bucket)
  const xTicksWide = xTicksFor(frame.starts, frame.bucket, true)
  const phrase = rangePhrase(input.range)
  const weights = dailyValues(inRange.weight, (entry) => entry.weight, 'last')

  return {
    range: input.range,
    rangeLabel: TREND_RANGE_LABELS[input.range],
    from: frame.from,
    to: frame.to,
    bucket: frame.bucket,
    labels,
    xTicks,
    xTicksWide,
    empty,
    neverLogged: empty && input.firstEntryDate === null,
    charts: [
      weightChart(weights, facts, frame, labels, phrase),
      lossChart(weights, facts, frame, labels, phrase),
      sleepChart(
        dailyValues(inRange.sleep, (e) => e.hours, 'sum'),
        facts,
        frame,
        labels,
        phrase,
      ),
      proteinChart(inRange.meal, facts, frame, labels, phrase),
      waterChart(
        dailyValues(inRange.water, (e) => e.ml, 'sum'),
        facts,
        frame,
        labels,
        phrase,
      ),
    ],
  }
}
