/**
 * What an identifiers file held (§5; decision 019), as the console shows it: the report the server answers with a
 * stored upload or beside the 400 of a refused one, its counts in words, and the last upload of an audience as its
 * history records it. Pure.
 */
import {
  AUDIENCE_UPLOAD_HISTORY_FIELDS,
  formatMatchRate,
  identifierMatchRate,
  type TAudienceUploadRefusal,
  type TAudienceUploadReport,
  ZAudienceUploadRefusal,
} from '@beacon/domain/api/audiences';
import type { THistoryEntry } from '@beacon/domain/api/history';
import { isApiError } from '../../../../api/api-error';
import { formatNumber } from '../../../../lib/format';

/** How many bad lines the dialog lists; the count of the others follows. */
export const MAX_BAD_LINES_SHOWN = 20;

/** A file refused for its lines: the server's message, why (`file_error`) and the report. */
export type UploadRefusal = {
  readonly message: string;
  readonly fileError: NonNullable<TAudienceUploadRefusal['file_error']>;
  readonly report: TAudienceUploadReport;
};

/** The refusal of a file with bad lines (with or without valid ones); null for any other failure. */
export const uploadRefusalOf = (error: unknown): UploadRefusal | null => {
  if (!isApiError(error) || error.status !== 400) return null;
  const parsed = ZAudienceUploadRefusal.safeParse(error.body);
  if (!parsed.success || !parsed.data.report || !parsed.data.file_error) return null;
  return { message: error.message, fileError: parsed.data.file_error, report: parsed.data.report };
};

/** Whether the user may choose to keep the valid identifiers of a refused file and drop its bad lines. */
export const canKeepValid = (refusal: UploadRefusal | null): boolean =>
  refusal !== null && refusal.fileError === 'invalid_identifiers' && refusal.report.identifiers > 0;

const plural = (count: number, one: string, many: string): string =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

/** The counts of a file in words: "41 lines read: 38 valid identifiers, 2 bad lines, 1 blank or header line". */
export const reportCounts = (report: Pick<TAudienceUploadReport, 'lines' | 'identifiers' | 'bad_lines'>) => {
  const skipped = report.lines - report.identifiers - report.bad_lines;
  const parts = [
    plural(report.identifiers, 'valid identifier', 'valid identifiers'),
    plural(report.bad_lines, 'bad line', 'bad lines'),
    ...(skipped > 0 ? [plural(skipped, 'blank or header line', 'blank or header lines')] : []),
  ];
  return `${plural(report.lines, 'line read', 'lines read')}: ${parts.join(', ')}`;
};

/** "Match rate 95%": the valid identifiers among the lines holding one. */
export const matchRateText = (report: Pick<TAudienceUploadReport, 'match_rate'>): string =>
  `Match rate ${formatMatchRate(report.match_rate)}`;

/** The bad lines the dialog lists ("Line 17: why") and how many others it leaves out. */
export const shownBadLines = (
  report: Pick<TAudienceUploadReport, 'bad_lines' | 'rejected_lines'>,
): { readonly lines: readonly string[]; readonly more: number } => {
  const shown = report.rejected_lines.slice(0, MAX_BAD_LINES_SHOWN);
  return {
    lines: shown.map((line) => `Line ${line.line}: ${line.message}`),
    more: report.bad_lines - shown.length,
  };
};

/** An audience's last stored upload as its history records it. */
export type LastUpload = {
  readonly at: string;
  readonly lines: number;
  readonly identifiers: number;
  readonly bad_lines: number;
  readonly match_rate: number;
};

/**
 * The newest `upload` entry of a history (newest first) that records its counts; null when there is none. Uploads
 * recorded before the counts were kept name only their identifiers and are skipped.
 */
export const lastUploadOf = (history: readonly THistoryEntry[]): LastUpload | null => {
  for (const entry of history) {
    if (entry.action !== 'upload') continue;
    const count = (field: string): number | undefined => {
      const value = entry.changes.find((change) => change.field === field)?.to;
      return typeof value === 'number' ? value : undefined;
    };
    const identifiers = count(AUDIENCE_UPLOAD_HISTORY_FIELDS.identifiers);
    const lines = count(AUDIENCE_UPLOAD_HISTORY_FIELDS.lines);
    const badLines = count(AUDIENCE_UPLOAD_HISTORY_FIELDS.badLines);
    if (identifiers === undefined || lines === undefined || badLines === undefined) continue;
    return {
      at: entry.created_at,
      lines,
      identifiers,
      bad_lines: badLines,
      match_rate: identifierMatchRate(identifiers, badLines),
    };
  }
  return null;
};
