import type { TrendChart } from './trends-model'

/** The chart's facts as a table, behind a native disclosure (works without JavaScript). */
export function TrendDataTable({ chart }: { chart: TrendChart }) {
  const { table } = chart
  return (
    <details className="group rounded-md border border-border" data-testid={`${chart.id}-table`}>
      <summary className="cursor-pointer select-none rounded-md px-3 py-2 text-sm font-medium hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {chart.title}: data table ({table.rows.length} {table.rows.length === 1 ? 'row' : 'rows'})
      </summary>
      {/* Scrolls on its own when long or wide, so it takes focus to be scrolled from the keyboard
          (axe: scrollable-region-focusable). */}
      <div
        className="max-h-96 overflow-auto border-t border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a keyboard-scrollable region
        tabIndex={0}
        role="region"
        aria-label={`${chart.title} data`}
      >
        <table className="w-full border-collapse text-sm">
          <caption className="px-3 py-2 text-left text-xs text-muted-foreground">{table.caption}</caption>
          <thead className="sticky top-0 bg-card">
            <tr>
              {table.columns.map((column) => (
                <th
                  key={column}
                  scope="col"
                  className="border-b border-border px-3 py-2 text-left font-medium"
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key} className="border-b border-border last:border-0">
                {row.cells.map((cell, k) =>
                  k === 0 ? (
                    <th key={k} scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-normal">
                      {cell}
                    </th>
                  ) : (
                    <td key={k} className="px-3 py-1.5 tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}
