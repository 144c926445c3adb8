import type { Cell } from 'write-excel-file/node';
import { type CsvCell, neutralizeFormula } from '../../lib/csv';

/**
 * Spreadsheet downloads: one sheet per table, written by `write-excel-file` (decision 014). Text that a
 * spreadsheet would read as a formula is neutralised as in CSV downloads; the header row stays in view. The
 * library is loaded on the first download, not at start (decision 031).
 */

export type XlsxSheet = { name: string; rows: readonly (readonly CsvCell[])[] };

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string): string => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';

const cellOf = (cell: CsvCell): Cell => {
  if (cell === null || cell === undefined || cell === '') return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : String(cell);
  if (typeof cell === 'boolean') return cell;
  return typeof cell === 'string' ? neutralizeFormula(cell) : String(cell);
};

/** The workbook as the bytes of an .xlsx file. */
export const toXlsx = async (sheets: readonly XlsxSheet[]): Promise<Buffer> => {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  return writeXlsxFile(
    sheets.map((sheet) => ({
      sheet: sheetName(sheet.name),
      data: sheet.rows.map((row) => row.map(cellOf)),
      stickyRowsCount: 1,
    })),
  ).toBuffer();
};
