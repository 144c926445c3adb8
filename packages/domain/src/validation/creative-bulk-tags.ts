/**
 * Bulk tag upload (§5, decision 023): an XLSX sheet whose columns are BULK_TAG_COLUMNS in order,
 * with an optional header row. Every row is checked with the same rules as a single tag creative; one bad row
 * refuses the whole file (nothing half-imported), and each bad row is reported with its messages.
 */
import { z } from 'zod';
import { BULK_TAG_COLUMN_LABELS, BULK_TAG_COLUMNS, type BulkTagColumn } from '../dictionary/creatives';
import { type TCreativeCreate, ZCreateTagCreative } from './creative-form';
import { CREATIVE_SIZE_MESSAGE } from './messages';

/** An XLSX of 1,000 tags is well under 1 MB; the unzipped sheet may be larger, up to this many bytes. */
export const BULK_TAG_MAX_BYTES = 1024 * 1024;
export const BULK_TAG_MAX_UNZIPPED_BYTES = 32 * 1024 * 1024;
export const BULK_TAG_MAX_ROWS = 1000;

export const BULK_TAG_NOT_XLSX_MESSAGE = `The file is not an XLSX spreadsheet. Upload an .xlsx file with the columns ${BULK_TAG_COLUMNS.map((column) => BULK_TAG_COLUMN_LABELS[column].toLowerCase()).join(', ')}`;
export const BULK_TAG_TOO_LARGE_MESSAGE = `The spreadsheet is larger than ${BULK_TAG_MAX_BYTES / 1024 / 1024} MB: split it in several files`;
export const BULK_TAG_EMPTY_MESSAGE = 'The spreadsheet has no tags. Add one tag per row and upload it again';
export const BULK_TAG_TOO_MANY_MESSAGE = `A spreadsheet holds at most ${BULK_TAG_MAX_ROWS.toLocaleString('en-US')} tags: split it in several files`;
export const BULK_TAG_ROWS_MESSAGE =
  'Some rows are not valid tags. Fix the rows listed and upload the file again (nothing was created)';

export type BulkTagCell = string | number | boolean | Date | null | undefined;
export type BulkTagRowError = { row: number; messages: string[] };
export type TBulkTag = Extract<TCreativeCreate, { type: 'tag' }>;

export const ZBulkTagRowError = z.strictObject({ row: z.number().int(), messages: z.array(z.string()) });

const text = (cell: BulkTagCell): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
};

const SIZE = /^\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*$/;

const isHeader = (row: readonly BulkTagCell[]): boolean =>
  BULK_TAG_COLUMNS.every((column, index) => {
    const value = text(row[index]).toLowerCase();
    return value === column || value === BULK_TAG_COLUMN_LABELS[column].toLowerCase();
  });

const FIELD_COLUMN: Record<string, BulkTagColumn> = {
  name: 'creative_name',
  width: 'size',
  height: 'size',
  html_markup: 'html_markup',
  impression_pixels: 'impression_pixel',
  click_url: 'click_url',
};

/**
 * The tags of a sheet's rows (first sheet, cells as read), or every bad row with its messages. Row numbers
 * are the spreadsheet's own (the header is row 1). Blank rows are skipped.
 */
export const parseBulkTagRows = (
  rows: readonly (readonly BulkTagCell[])[],
): { ok: true; tags: TBulkTag[] } | { ok: false; message: string; rows: BulkTagRowError[] } => {
  const start = rows[0] && isHeader(rows[0]) ? 1 : 0;
  const data = rows
    .map((cells, index) => ({ cells, row: index + 1 }))
    .slice(start)
    .filter(({ cells }) => cells.some((cell) => text(cell) !== ''));
  if (data.length === 0) return { ok: false, message: BULK_TAG_EMPTY_MESSAGE, rows: [] };
  if (data.length > BULK_TAG_MAX_ROWS) return { ok: false, message: BULK_TAG_TOO_MANY_MESSAGE, rows: [] };
  const tags: TBulkTag[] = [];
  const errors: BulkTagRowError[] = [];
  for (const { cells, row } of data) {
    const [name, size, markup, pixel, click] = BULK_TAG_COLUMNS.map((_, index) => text(cells[index]));
    const match = SIZE.exec(size ?? '');
    const candidate = {
      type: 'tag',
      name,
      html_markup: markup,
      impression_pixels: pixel ? [pixel] : [],
      ...(click ? { click_url: click } : {}),
      ...(match ? { width: Number(match[1]), height: Number(match[2]) } : {}),
    };
    const parsed = ZCreateTagCreative.safeParse(candidate);
    const messages: string[] = [];
    if (!match) messages.push(`${BULK_TAG_COLUMN_LABELS.size}: ${CREATIVE_SIZE_MESSAGE}`);
    if (parsed.success) {
      if (messages.length === 0) tags.push(parsed.data);
    } else {
      for (const issue of parsed.error.issues) {
        const column = FIELD_COLUMN[String(issue.path[0] ?? '')];
        // Without a size cell the schema's own width/height complaints repeat the one above.
        if (column === 'size' && !match) continue;
        const label = column ? BULK_TAG_COLUMN_LABELS[column] : 'Row';
        const line = `${label}: ${issue.message}`;
        if (!messages.includes(line)) messages.push(line);
      }
    }
    if (messages.length > 0) errors.push({ row, messages });
  }
  return errors.length > 0 ? { ok: false, message: BULK_TAG_ROWS_MESSAGE, rows: errors } : { ok: true, tags };
};
