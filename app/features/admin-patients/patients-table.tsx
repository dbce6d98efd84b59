import { Link } from '@remix-run/react'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '~/platform/cn'
import {
  ariaSort,
  EMPTY_VALUE,
  formatDate,
  formatDateTime,
  formatDaysAgo,
  formatPercent,
  formatWeight,
  ONBOARDING_LABELS,
  patientPath,
  sortHref,
  type PatientSort,
  type PatientsQuery,
} from './admin-patients'
import type { PatientListItem } from './admin-patients.server'
import { AlertBadge } from './alert-badge'
import { formatDayIn } from '~/platform/formats'
import { useClinicTimeZone } from '~/platform/use-clinic-time-zone'

/** Beside a closed account's name: its record is kept, read-only, and nobody watches over it. */
function ClosedTag() {
  return (
    <span className="ml-1.5 inline-flex whitespace-nowrap rounded-full border border-border bg-muted px-2 py-0.5 align-middle text-xs font-medium text-foreground">
      Closed
    </span>
  )
}

const SORT_LABELS: Record<PatientSort, string> = {
  name: 'name',
  surgery_date: 'surgery date',
  last_data: 'last data',
  twl: '%TWL',
}

function SortableHeader({
  query,
  sort,
  children,
  numeric = false,
}: {
  query: PatientsQuery
  sort: PatientSort
  children: ReactNode
  /** Right-aligned, over a column of numbers. */
  numeric?: boolean
}) {
  const current = ariaSort(query, sort)
  const Icon = current === 'ascending' ? ArrowUp : current === 'descending' ? ArrowDown : ArrowUpDown
  return (
    <th
      scope="col"
      aria-sort={current}
      className={cn('px-2 py-2.5 font-medium', numeric ? 'text-right' : 'text-left')}
    >
      <Link
        to={sortHref(query, sort)}
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
        <Icon className="h-3.5 w-3.5" aria-hidden />
        <span className="sr-only">
          {current ? `, sorted ${current}. ` : ''}Sort by {SORT_LABELS[sort]}
        </span>
      </Link>
    </th>
  )
}

function PlainHeader({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={className ?? 'px-2 py-2.5 text-left font-medium'}>
      {children}
    </th>
  )
}

const daysPostOp = (days: number | null) => (days === null ? EMPTY_VALUE : String(days))
const procedureOf = (item: PatientListItem) =>
  item.surgery_type ??
  (item.onboarding === 'onboarded' ? 'No surgery recorded' : ONBOARDING_LABELS[item.onboarding])

/** At 1280 px: a real table with sortable headers. */
export function PatientsTable({
  items,
  query,
  caption,
}: {
  items: PatientListItem[]
  query: PatientsQuery
  caption: string
}) {
  const zone = useClinicTimeZone()
  return (
    <div
      className="hidden overflow-x-auto rounded-lg border border-border bg-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:block"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a keyboard-scrollable region (axe: scrollable-region-focusable)
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="w-full text-[0.8125rem] leading-snug">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-muted/50 text-muted-foreground">
          <tr>
            <SortableHeader query={query} sort="name">
              Name
            </SortableHeader>
            <PlainHeader>Procedure</PlainHeader>
            <SortableHeader query={query} sort="surgery_date">
              Surgery date
            </SortableHeader>
            <PlainHeader className="px-2 py-2.5 text-right font-medium">Days post-op</PlainHeader>
            <PlainHeader className="px-2 py-2.5 text-right font-medium">Last weight</PlainHeader>
            <SortableHeader query={query} sort="twl" numeric>
              %TWL
            </SortableHeader>
            <PlainHeader>Last sync</PlainHeader>
            <SortableHeader query={query} sort="last_data">
              Last data
            </SortableHeader>
            <PlainHeader>Alerts</PlainHeader>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-b border-border last:border-0 hover:bg-muted/30">
              <th scope="row" className="max-w-[13rem] px-2 py-2.5 text-left font-normal">
                <Link
                  to={`${patientPath(item.id)}${query.unit === 'lbs' ? '?unit=lbs' : ''}`}
                  className="font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
                >
                  {item.full_name || item.email}
                </Link>
                {item.closed ? <ClosedTag /> : null}
                {/* Truncated to keep the row tidy; the whole address is its title and the card's. */}
                <div className="truncate text-xs text-muted-foreground" title={item.email}>
                  {item.email}
                </div>
              </th>
              <td className="px-2 py-2.5">{procedureOf(item)}</td>
              <td className="whitespace-nowrap px-2 py-2.5">{formatDate(item.surgery_date)}</td>
              <td className="px-2 py-2.5 text-right tabular-nums">{daysPostOp(item.days_post_op)}</td>
              <td className="whitespace-nowrap px-2 py-2.5 text-right tabular-nums">
                {formatWeight(item.current_kg, query.unit)}
              </td>
              <td className="px-2 py-2.5 text-right tabular-nums">{formatPercent(item.twl_percent)}</td>
              <td className="whitespace-nowrap px-2 py-2.5 text-muted-foreground">
                {item.last_sync_at ? (
                  <time dateTime={item.last_sync_at} title={formatDateTime(item.last_sync_at, zone)}>
                    {formatDayIn(item.last_sync_at, zone)}
                  </time>
                ) : (
                  'Never'
                )}
              </td>
              <td className="whitespace-nowrap px-2 py-2.5">{formatDaysAgo(item.days_since_last_data)}</td>
              <td className="px-2 py-2.5">
                <AlertBadge tier={item.alert_tier} count={item.open_alerts} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate tabular-nums">{children}</dd>
    </div>
  )
}

/** Below 1024 px: one card per patient with the same facts, labelled. */
export function PatientsCards({
  items,
  query,
  caption,
}: {
  items: PatientListItem[]
  query: PatientsQuery
  caption: string
}) {
  const zone = useClinicTimeZone()
  return (
    <ul className="grid grid-cols-1 gap-3 lg:hidden" aria-label={caption}>
      {items.map((item) => (
        <li key={item.id} className="rounded-lg border border-border bg-card p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Link
                to={`${patientPath(item.id)}${query.unit === 'lbs' ? '?unit=lbs' : ''}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {item.full_name || item.email}
              </Link>
              {item.closed ? <ClosedTag /> : null}
              <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{item.email}</p>
            </div>
            <AlertBadge tier={item.alert_tier} count={item.open_alerts} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Fact label="Procedure">{procedureOf(item)}</Fact>
            <Fact label="Surgery date">{formatDate(item.surgery_date)}</Fact>
            <Fact label="Days post-op">{daysPostOp(item.days_post_op)}</Fact>
            <Fact label="Last weight">{formatWeight(item.current_kg, query.unit)}</Fact>
            <Fact label="%TWL">{formatPercent(item.twl_percent)}</Fact>
            <Fact label="Last data">{formatDaysAgo(item.days_since_last_data)}</Fact>
            <Fact label="Last sync">{formatDateTime(item.last_sync_at, zone)}</Fact>
          </dl>
        </li>
      ))}
    </ul>
  )
}
