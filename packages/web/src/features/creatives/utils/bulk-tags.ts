/** The rows of a refused bulk tag sheet: a 400 whose body lists `rows: [{ row, messages[] }]`. */

import type { BulkTagRowError } from '@beacon/domain/validation/creative-bulk-tags';
import { isApiError } from '../../../api/api-error';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export const bulkRowErrorsOf = (error: unknown): BulkTagRowError[] => {
  if (!isApiError(error) || !isRecord(error.body) || !Array.isArray(error.body.rows)) return [];
  return error.body.rows.filter(isRecord).flatMap((entry): BulkTagRowError[] => {
    const messages = Array.isArray(entry.messages)
      ? entry.messages.filter((message): message is string => typeof message === 'string')
      : [];
    return typeof entry.row === 'number' && messages.length > 0 ? [{ row: entry.row, messages }] : [];
  });
};
