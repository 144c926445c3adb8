import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../api/api-error';
import { moreLinesOf, rejectionToShow } from './file-rejection';

const TITLE = 'Some lines are not publishers. Fix the lines listed and upload the file again';

describe('rejectionToShow', () => {
  it('keeps the file message as the title only, and the numbered lines', () => {
    expect(
      rejectionToShow({
        message: TITLE,
        lines: [
          { line: null, message: TITLE },
          { line: 3, message: 'Not a publisher' },
        ],
      }),
    ).toEqual({ message: TITLE, lines: [{ line: 3, message: 'Not a publisher' }] });
  });

  it('says how many bad lines the server did not list', () => {
    expect(rejectionToShow({ message: TITLE, lines: [{ line: 1, message: 'x' }] }, 1200).lines).toEqual([
      { line: 1, message: 'x' },
      { line: null, message: '1200 more lines are not valid' },
    ]);
  });
});

describe('moreLinesOf', () => {
  it('reads more_lines of an API error, 0 otherwise', () => {
    const error = new ApiError(TITLE, { status: 400, body: { more_lines: 7 } });
    expect(moreLinesOf(error)).toBe(7);
    expect(moreLinesOf(new Error('x'))).toBe(0);
  });
});
