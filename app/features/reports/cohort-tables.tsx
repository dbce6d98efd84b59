import { DataTable, Td, Th } from '~/components/ui/data-table'
import { formatPercent, type CohortRow, type ReportSummary } from './admin-reports'

function CohortTable({ caption, heading, rows }: { caption: string; heading: string; rows: CohortRow[] }) {
  return (
    <DataTable caption={caption} minWidth="min-w-0">
      <thead>
        <tr>
          <Th>{heading}</Th>
          <Th className="text-right">Patients</Th>
          <Th className="text-right">Mean %TWL</Th>
          <Th className="text-right">Mean %EWL</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.cohort} className={row.patients === 0 ? 'text-muted-foreground' : undefined}>
            <th scope="row" className="border-b border-border px-3 py-3 text-left font-medium sm:px-4">
              {row.cohort}
            </th>
            <Td className="text-right tabular-nums">{row.patients}</Td>
            <Td className="text-right tabular-nums">{formatPercent(row.mean_twl_percent)}</Td>
            <Td className="text-right tabular-nums">{formatPercent(row.mean_ewl_percent)}</Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  )
}

export function CohortSummary({ summary }: { summary: ReportSummary }) {
  return (
    <section aria-labelledby="summary-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="grid gap-1">
          <h2 id="summary-heading" className="text-lg font-semibold">
            Cohort summary
          </h2>
          <p className="max-w-3xl text-sm text-muted-foreground">
            Mean total and excess weight loss (%TWL, %EWL) of onboarded patients whose surgery has happened. Patients
            without a logged weight (or, for %EWL, a height) are counted but not averaged.
          </p>
        </div>
        <p className="text-sm" data-testid="cohort-size">
          <span className="text-2xl font-semibold tabular-nums">{summary.patients}</span>{' '}
          {summary.patients === 1 ? 'patient matches' : 'patients match'} the filters
        </p>
      </div>
      <div className="grid gap-4 xl:grid-cols-2 [&>*]:min-w-0">
        <CohortTable caption="Outcomes by procedure" heading="Procedure" rows={summary.by_procedure} />
        <CohortTable caption="Outcomes by months since surgery" heading="Months since surgery" rows={summary.by_months_since_surgery} />
      </div>
    </section>
  )
}
