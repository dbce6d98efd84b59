// The trends model as a loader sends it to the page: each data table's rows as one text instead of
// a list of rows of cells. A year's five tables hold about 1,300 cells; as separate strings they were
// half the values Remix encodes into the page for hydration (and decodes again in the browser),
// for rows the page writes once as HTML (trend-data-table.tsx). Types and two pure functions, so
// the browser bundle gains only the unpacking.
import type { TrendChart, TrendsModel, TrendTable } from './trends-model'

/**
 * Between a row's cells, between rows, and before a row's heading given as the index of the same
 * text in the model's `labels` (sent once, where every table repeats them): characters no formatted
 * value holds, and each two bytes in JSON.
 */
const CELL = '\t'
const ROW = '\n'
const LABEL = '\r'
const SEPARATORS = /[\t\n\r]/

/**
 * A table's rows as `cell⇥cell↵cell⇥cell`, or as they are when a cell holds any of the separators
 * (a device's name is the provider's text): packing never changes what a table says.
 */
export type WireTable = Omit<TrendTable, 'rows'> & { rows: string | string[][] }
export type WireTrendsModel = Omit<TrendsModel, 'charts'> & {
  charts: (Omit<TrendChart, 'table'> & { table: WireTable })[]
}

function packRows(rows: TrendTable['rows'], labelIndex: Map<string, number>): WireTable['rows'] {
  const cells = rows.map((row) => row.cells)
  if (cells.some((row) => row.some((cell) => SEPARATORS.test(cell)))) return cells
  const packed = cells.map((row) => {
    const label = row.length > 0 ? labelIndex.get(row[0]) : undefined
    return (label === undefined ? row : [`${LABEL}${label}`, ...row.slice(1)]).join(CELL)
  })
  return packed.join(ROW)
}

function unpackRows(rows: WireTable['rows'], labels: string[]): TrendTable['rows'] {
  const cells =
    typeof rows === 'string'
      ? rows === ''
        ? []
        : rows.split(ROW).map((row) => {
            const cellsOf = row.split(CELL)
            if (cellsOf[0].startsWith(LABEL)) cellsOf[0] = labels[Number(cellsOf[0].slice(1))] ?? ''
            return cellsOf
          })
      : rows
  // The rows' keys were only ever React's; the table is written as one HTML string.
  return cells.map((row, i) => ({ key: String(i), cells: row }))
}

export function toWire(model: TrendsModel): WireTrendsModel {
  const labelIndex = new Map(model.labels.map((label, i) => [label, i]))
  return {
    ...model,
    charts: model.charts.map((chart) => ({
      ...chart,
      table: { ...chart.table, rows: packRows(chart.table.rows, labelIndex) },
    })),
  }
}

export function fromWire(model: WireTrendsModel): TrendsModel {
  return {
    ...model,
    charts: model.charts.map((chart) => ({
      ...chart,
      table: { ...chart.table, rows: unpackRows(chart.table.rows, model.labels) },
    })),
  }
}
