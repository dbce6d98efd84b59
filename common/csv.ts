// One CSV cell, for every CSV we write (the trends download, the record export).

/**
 * One cell: quoted when it holds a comma, quote or line break (quotes doubled, RFC 4180), and
 * prefixed with an apostrophe when it starts like a spreadsheet formula (=, +, -, @, tab, CR), so
 * a note can never run as one when the file is opened.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV line (CRLF-terminated, as RFC 4180 writes them). */
export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}
