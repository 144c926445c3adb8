import {
  END_BEFORE_START_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import { describe, expect, it } from 'vitest';
import { defaultReportRange, reportRangeErrors } from './report-range';

describe('the creatives report range', () => {
  it('defaults to the last 30 UTC days, today included', () => {
    expect(defaultReportRange(new Date('2026-03-01T23:30:00Z'))).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
  });

  it('asks for both days, the last one not before the first', () => {
    expect(reportRangeErrors({ from: '2026-01-01', to: '2026-01-01' })).toEqual({});
    expect(reportRangeErrors({ from: '', to: '' })).toEqual({ from: REQUIRED_MESSAGE, to: REQUIRED_MESSAGE });
    expect(reportRangeErrors({ from: '2026-02-02', to: '2026-02-01' })).toEqual({
      to: END_BEFORE_START_MESSAGE,
    });
  });

  it('answers "Invalid format" for typed text that is not a day, and compares only real days', () => {
    expect(reportRangeErrors({ from: '2026-1', to: '2026-02-30' })).toEqual({
      from: INVALID_FORMAT_MESSAGE,
      to: INVALID_FORMAT_MESSAGE,
    });
    expect(reportRangeErrors({ from: '2026-13-01', to: '2026-01-01' })).toEqual({
      from: INVALID_FORMAT_MESSAGE,
    });
  });
});
