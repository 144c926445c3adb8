import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  firstErrorMessage,
  isBlank,
  lengthBetween,
  requiredNumber,
  requiredString,
  valueAtLeast,
  valueAtMost,
  valueBetween,
} from './generic';

describe('isBlank', () => {
  it('treats missing, null, whitespace and NaN as blank, and zero as a value', () => {
    for (const value of [undefined, null, '', '   ', Number.NaN]) expect(isBlank(value)).toBe(true);
    for (const value of [0, 'a', false, []]) expect(isBlank(value)).toBe(false);
  });
});

describe('requiredString', () => {
  const schema = requiredString({ min: 3, max: 10, pattern: /^[a-z ]*$/ });

  it('answers "This field is required" for an empty value, never a length message', () => {
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('This field is required');
    expect(schema.safeParse('').error?.issues).toHaveLength(1);
    expect(schema.safeParse('    ').error?.issues[0]?.message).toBe('This field is required');
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('This field is required');
    expect(schema.safeParse(null).error?.issues[0]?.message).toBe('This field is required');
  });

  it('answers the length messages with the expected limit', () => {
    expect(schema.safeParse('ab').error?.issues[0]?.message).toBe('The minimum length is 3');
    expect(schema.safeParse('abcdefghijk').error?.issues[0]?.message).toBe('The maximum length is 10');
  });

  it('answers "Invalid format" for a pattern mismatch or a value of the wrong type', () => {
    expect(schema.safeParse('ABC').error?.issues[0]?.message).toBe('Invalid format');
    expect(schema.safeParse(42).error?.issues[0]?.message).toBe('Invalid format');
  });

  it('accepts and trims a valid value', () => {
    expect(schema.parse('  abc  ')).toBe('abc');
  });
});

describe('lengthBetween', () => {
  it('checks both bounds of the length', () => {
    const schema = lengthBetween(2, 4);
    expect(schema.safeParse('a').error?.issues[0]?.message).toBe('The minimum length is 2');
    expect(schema.safeParse('abcde').error?.issues[0]?.message).toBe('The maximum length is 4');
    expect(schema.safeParse('abc').success).toBe(true);
  });
});

describe('number helpers', () => {
  it('answers "This field is required" for a blank number and "Invalid format" for text', () => {
    expect(requiredNumber().safeParse(undefined).error?.issues[0]?.message).toBe('This field is required');
    expect(requiredNumber().safeParse(Number.NaN).error?.issues[0]?.message).toBe('This field is required');
    expect(requiredNumber().safeParse('').error?.issues[0]?.message).toBe('This field is required');
    expect(requiredNumber().safeParse('ten').error?.issues[0]?.message).toBe('Invalid format');
    expect(requiredNumber().safeParse(0).success).toBe(true);
  });

  it('answers the value messages with the expected limit', () => {
    const schema = valueBetween(0.25, 200);
    expect(schema.safeParse(0.2).error?.issues[0]?.message).toBe('The minimum value is 0.25');
    expect(schema.safeParse(200.01).error?.issues[0]?.message).toBe('The maximum value is 200');
    expect(schema.safeParse(0.25).success).toBe(true);
    expect(schema.safeParse(200).success).toBe(true);
    expect(valueAtLeast(10).safeParse(9).error?.issues[0]?.message).toBe('The minimum value is 10');
    expect(valueAtMost(5).safeParse(6).error?.issues[0]?.message).toBe('The maximum value is 5');
  });
});

describe('firstErrorMessage', () => {
  it('returns the first issue message, or undefined for a valid value', () => {
    expect(firstErrorMessage(z.string().min(2, { error: 'short' }), 'a')).toBe('short');
    expect(firstErrorMessage(z.string(), 'fine')).toBeUndefined();
  });
});
