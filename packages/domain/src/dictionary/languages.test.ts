import { describe, expect, it } from 'vitest';
import { COMMON_LANGUAGE_CODES, LANGUAGE_CODES, LANGUAGE_NAMES, LANGUAGE_OPTIONS } from './languages';

describe('LANGUAGE_OPTIONS', () => {
  it('offers the common languages first, English on top, then every other language once, by name', () => {
    expect(LANGUAGE_OPTIONS.slice(0, COMMON_LANGUAGE_CODES.length)).toEqual([...COMMON_LANGUAGE_CODES]);
    expect(LANGUAGE_OPTIONS[0]).toBe('en');
    expect([...LANGUAGE_OPTIONS].sort()).toEqual([...LANGUAGE_CODES].sort());
    const rest = LANGUAGE_OPTIONS.slice(COMMON_LANGUAGE_CODES.length).map((code) => LANGUAGE_NAMES[code]);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
