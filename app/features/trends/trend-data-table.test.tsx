import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import type { TrendTable } from './trends-model'
import { tableRowsHtml } from './trend-data-table'

/** The rows as React writes them from elements (the table's body before it became one string). */
function rowsAsElements(rows: TrendTable['rows']): string {
  return renderToStaticMarkup(
    <tbody>
      {rows.map((row) => (
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
    </tbody>,
  ).slice('<tbody>'.length, -'</tbody>'.length)
}

describe('the data table body as one string', () => {
  test('is the HTML React writes for the same rows, empty cells included', () => {
    const rows = [
      { key: '2026-11-02', cells: ['Week of Nov 2, 2026', '182.4', '6', 'Withings Body+'] },
      { key: '2026-11-09', cells: ['Week of Nov 9, 2026', '', '0', ''] },
    ]
    expect(tableRowsHtml(rows)).toBe(rowsAsElements(rows))
  })

  test("escapes what a device's name or any cell could carry", () => {
    const rows = [{ key: 'x', cells: [`<script>alert("1")</script>`, `Tom & Jerry's <b>scale</b>`] }]
    const html = tableRowsHtml(rows)
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>')
    expect(html).toBe(rowsAsElements(rows))
  })
})
