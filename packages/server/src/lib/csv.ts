/**
 * CSV documents (RFC 4180) for downloads: comma-separated, CRLF line ends, a field quoted when it holds a
 * comma, a quote or a line break, quotes doubled inside. No CSV library is installed, and writing is this small.
 *
 * Formula injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return that hides
 * one) as a formula, so such text cells get a leading single quote and are shown as text (OWASP "CSV
 * injection"). Numbers are written as they are: a negative number is data, not a formula.
 */

export type CsvCell = string | number | bigint | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell a spreadsheet will not run: a leading ' before a would-be formula. */
export const neutralizeFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** One field: empty for null or undefined, quoted when needed. */
export const csvField = (cell: CsvCell): string => {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'string' ? neutralizeFormula(cell) : String(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A whole document: the header row, then one row per record, each line ended by CRLF. */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string =>
  [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
