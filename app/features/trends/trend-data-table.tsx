import type { TrendChart, TrendTable } from './trends-model'

// Text as React escapes it, so the string below is what React would have written.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }
const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c])

/**
 * The table's rows as one HTML string, each cell's text escaped: a year holds about a thousand
 * cells, and as React elements they were most of the elements the server rendered for the page
 * and the browser hydrated, for rows nobody sees until the disclosure opens. The first cell heads
 * its row.
 */
export function tableRowsHtml(rows: TrendTable['rows']): string {
  let html = ''
  for (const { cells } of rows) {
    html += '<tr>'
    for (let k = 0; k < cells.length; k++) {
      html += k === 0 ? `<th scope="row">${escapeText(cells[k])}</th>` : `<td>${escapeText(cells[k])}</td>`
    }
    html += '</tr>'
  }
  return html
}

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
          {/* Cells of plain text only, escaped (tableRowsHtml). */}
          <tbody dangerouslySetInnerHTML={{ __html: tableRowsHtml(table.rows) }} />
        </table>
      </div>
    </details>
  )
}
