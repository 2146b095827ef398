// CSV for spreadsheets (RFC 4180): the admin's catalogue export and user search results.

/** A cell a spreadsheet would run as a formula starts with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: text that starts like a formula gets a leading apostrophe (the spreadsheet shows it as text), and a
 * cell with a comma, quote, line break or edge space is quoted with inner quotes doubled. Numbers stay numbers
 * (a negative price is a value, not a formula); null and undefined are empty.
 */
export function csvCell(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole file: a UTF-8 byte order mark (so spreadsheet programs read accents right), the header row, one line
 * per row, CRLF line ends.
 */
export function toCsv<R extends object>(columns: readonly (keyof R & string)[], rows: readonly R[]): string {
  const lines = [
    columns.map(csvCell).join(','),
    ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
