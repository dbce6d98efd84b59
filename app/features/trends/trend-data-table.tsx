import type { TrendChart } from './trends-model'

const TABLE_CLASSES = [
  'w-full border-collapse text-sm',
  '[&_tbody_tr]:border-b [&_tbody_tr]:border-border [&_tbody_tr:last-child]:border-0',
  '[&_tbody_th]:whitespace-nowrap [&_tbody_th]:px-3 [&_tbody_th]:py-1.5 [&_tbody_th]:text-left [&_tbody_th]:font-normal',
  '[&_td]:px-3 [&_td]:py-1.5 [&_td]:tabular-nums',
].join(' ')

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
        {/* The cells' look is set once here rather than on each cell: a year holds a thousand cells,
            and a class list on each was a third of the page's HTML. */}
        <table className={TABLE_CLASSES}>
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
              <tr key={row.key}>
                {row.cells.map((cell, k) =>
                  k === 0 ? (
                    <th key={k} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={k}>{cell}</td>
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
