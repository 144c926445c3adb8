import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { bulkRowErrorsOf } from './bulk-tags';

describe('bulkRowErrorsOf', () => {
  it('reads the rows of a refused sheet, skipping malformed entries', () => {
    const error = new ApiError('Some rows are not valid tags', {
      status: 400,
      body: {
        rows: [
          { row: 3, messages: ['Choose one of the image sizes', 7] },
          { row: 'x', messages: ['ignored'] },
          { row: 5, messages: [] },
        ],
      },
    });
    expect(bulkRowErrorsOf(error)).toEqual([{ row: 3, messages: ['Choose one of the image sizes'] }]);
  });

  it('answers no rows for a refusal of the whole file or any other failure', () => {
    expect(
      bulkRowErrorsOf(new ApiError('The file is not an XLSX spreadsheet', { status: 400, body: {} })),
    ).toEqual([]);
    expect(bulkRowErrorsOf(new Error('network'))).toEqual([]);
  });
});
