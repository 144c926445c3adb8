import {
  CREATIVE_REPORT_COLUMN_LABELS,
  CREATIVE_REPORT_COLUMNS,
  CREATIVE_TYPE_LABELS,
  GOOGLE_APPROVAL_STATUS_LABELS,
  type GoogleApprovalStatus,
} from '@beacon/domain/dictionary/creatives';
import type { TCreativeReportQuery } from '@beacon/domain/validation/creative-form';
import { END_BEFORE_START_MESSAGE } from '@beacon/domain/validation/messages';
import type { Deps, Principal } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { toCsv } from '../../lib/csv';
import { scopeOf } from '../../lib/tenant-scope';
import { findCreativesForReport } from './creatives.repo';

/** The creatives report download (§3 report columns). */

export const CREATIVE_REPORT_FILENAME = 'creatives.csv';

const googleSummary = (status: GoogleApprovalStatus | null): string =>
  status === null ? '' : GOOGLE_APPROVAL_STATUS_LABELS[status];

/**
 * `GET /creatives/report.csv`: the creatives of the caller's scope created on the days asked (UTC,
 * inclusive), one line each with the columns of §3 (labels as header; day and month of creation).
 */
export const creativeReportCsv = async (
  deps: Deps,
  principal: Principal,
  query: TCreativeReportQuery,
): Promise<string> => {
  if (query.to < query.from) {
    throw new AppError('VALIDATION_FAILED', {
      message: END_BEFORE_START_MESSAGE,
      details: [{ path: 'to', message: END_BEFORE_START_MESSAGE }],
    });
  }
  const rows = await findCreativesForReport(deps.db, scopeOf(principal), query.from, query.to);
  const cells = rows.map((row) => {
    const byColumn = {
      day: row.day,
      month: row.month,
      organization: row.organization,
      type: CREATIVE_TYPE_LABELS[row.type],
      name: row.name,
      id: row.id,
      state: row.state,
      appnexus_status: row.appnexus_status,
      google_summary: googleSummary(row.google_status),
      rejection_reason: row.rejection_reason,
      google_rejected_reason: row.google_rejected_reason,
      appnexus_rejected_reason: row.appnexus_rejected_reason,
    };
    return CREATIVE_REPORT_COLUMNS.map((column) => byColumn[column]);
  });
  return toCsv(
    CREATIVE_REPORT_COLUMNS.map((column) => CREATIVE_REPORT_COLUMN_LABELS[column]),
    cells,
  );
};
