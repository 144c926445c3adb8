import type { TAudienceUploadReport } from '@beacon/domain/api/audiences';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../api/api-error';
import {
  canKeepValid,
  lastUploadOf,
  MAX_BAD_LINES_SHOWN,
  matchRateText,
  reportCounts,
  shownBadLines,
  uploadRefusalOf,
} from './upload-report';

const report = (overrides: Partial<TAudienceUploadReport> = {}): TAudienceUploadReport => ({
  lines: 41,
  identifiers: 38,
  bad_lines: 2,
  match_rate: 0.95,
  rejected_lines: [
    { line: 17, message: 'Not a valid identifier' },
    { line: 30, message: 'Not a valid identifier' },
  ],
  ...overrides,
});

const refused = (body: Record<string, unknown>, status = 400) =>
  new ApiError('Lines 17 and 30 are not valid identifiers', { status, body });

describe('the refusal of an identifiers file', () => {
  it('reads the report of a file with bad lines and offers to keep the valid identifiers', () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Lines 17 and 30 are not valid identifiers',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'file.17', line: 17, message: 'Not a valid identifier' }],
      file_error: 'invalid_identifiers',
      bad_lines: 2,
      report: report(),
    };
    const refusal = uploadRefusalOf(refused(body));
    expect(refusal).toEqual({
      message: 'Lines 17 and 30 are not valid identifiers',
      fileError: 'invalid_identifiers',
      report: report(),
    });
    expect(canKeepValid(refusal)).toBe(true);
    const allBad = uploadRefusalOf(
      refused({ ...body, file_error: 'no_valid_identifiers', report: report({ identifiers: 0 }) }),
    );
    expect(canKeepValid(allBad)).toBe(false);
  });

  it('is null for any other failure: no report, another status, not an API error', () => {
    const checkbox = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Tick the box',
      code: 'VALIDATION_FAILED',
    };
    expect(uploadRefusalOf(refused(checkbox))).toBeNull();
    expect(uploadRefusalOf(refused({ ...checkbox, file_error: 'empty_file' }))).toBeNull();
    expect(
      uploadRefusalOf(refused({ ...checkbox, report: report(), file_error: 'invalid_identifiers' }, 409)),
    ).toBeNull();
    expect(uploadRefusalOf(new Error('offline'))).toBeNull();
    expect(canKeepValid(null)).toBe(false);
  });
});

describe('a report in words', () => {
  it('counts lines read, valid identifiers, bad lines and the blank or header lines between', () => {
    expect(reportCounts(report())).toBe(
      '41 lines read: 38 valid identifiers, 2 bad lines, 1 blank or header line',
    );
    expect(reportCounts({ lines: 1_000_000, identifiers: 1_000_000, bad_lines: 0 })).toBe(
      '1,000,000 lines read: 1,000,000 valid identifiers, 0 bad lines',
    );
    expect(reportCounts({ lines: 1, identifiers: 0, bad_lines: 1 })).toBe(
      '1 line read: 0 valid identifiers, 1 bad line',
    );
  });

  it('shows the match rate as a percentage that reads 100% only when every line is valid', () => {
    expect(matchRateText({ match_rate: 0.95 })).toBe('Match rate 95%');
    expect(matchRateText({ match_rate: 1 })).toBe('Match rate 100%');
    expect(matchRateText({ match_rate: 999_999 / 1_000_000 })).toBe('Match rate 99.9%');
    expect(matchRateText({ match_rate: 2 / 3 })).toBe('Match rate 66.6%');
    expect(matchRateText({ match_rate: 0 })).toBe('Match rate 0%');
  });

  it(`lists the first ${MAX_BAD_LINES_SHOWN} bad lines with their numbers and counts the others`, () => {
    const rejected = Array.from({ length: 1000 }, (_, index) => ({
      line: index + 2,
      message: 'Not a valid identifier',
    }));
    const shown = shownBadLines({ bad_lines: 5000, rejected_lines: rejected });
    expect(shown.lines).toHaveLength(MAX_BAD_LINES_SHOWN);
    expect(shown.lines[0]).toBe('Line 2: Not a valid identifier');
    expect(shown.more).toBe(5000 - MAX_BAD_LINES_SHOWN);
    expect(shownBadLines(report())).toEqual({
      lines: ['Line 17: Not a valid identifier', 'Line 30: Not a valid identifier'],
      more: 0,
    });
  });
});

describe('the last upload of an audience', () => {
  const entry = (action: string, changes: { field: string; to: unknown }[], at: string) => ({
    id: 1,
    action,
    actor: null,
    impersonator: null,
    changes: changes.map((change) => ({ ...change, from: null })),
    created_at: at,
  });

  it('is the newest upload entry with its counts, and its match rate', () => {
    const history = [
      entry('update', [{ field: 'name', to: 'CRM' }], '2026-11-27T13:00:00.000Z'),
      entry(
        'upload',
        [
          { field: 'identifiers_uploaded', to: 38 },
          { field: 'lines_read', to: 41 },
          { field: 'bad_lines_dropped', to: 2 },
        ],
        '2026-11-27T12:00:00.000Z',
      ),
      entry('upload', [{ field: 'identifiers_uploaded', to: 5 }], '2026-11-26T12:00:00.000Z'),
    ];
    expect(lastUploadOf(history)).toEqual({
      at: '2026-11-27T12:00:00.000Z',
      lines: 41,
      identifiers: 38,
      bad_lines: 2,
      match_rate: 0.95,
    });
  });

  it('is null without an upload that recorded its counts', () => {
    expect(lastUploadOf([])).toBeNull();
    expect(
      lastUploadOf([entry('upload', [{ field: 'identifiers_uploaded', to: 5 }], '2026-11-26T12:00:00.000Z')]),
    ).toBeNull();
  });
});
