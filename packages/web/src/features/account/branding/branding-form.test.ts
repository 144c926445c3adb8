import { INVALID_FORMAT_MESSAGE, maxLengthMessage } from '@beacon/domain/validation/messages';
import { TITLE_MAX_LENGTH } from '@beacon/domain/validation/organization-form';
import { describe, expect, it } from 'vitest';
import {
  brandingErrors,
  brandingPayload,
  brandingValuesOf,
  fileRemovals,
  isBrandingDirty,
  NO_FILE_CHANGES,
  normalizeColor,
} from './branding-form';

describe('normalizeColor', () => {
  it('stores #rrggbb in lower case, from the short form or without the hash', () => {
    expect(normalizeColor('#0B6E4F')).toBe('#0b6e4f');
    expect(normalizeColor('0b6e4f')).toBe('#0b6e4f');
    expect(normalizeColor(' #0b6 ')).toBe('#00bb66');
  });

  it('answers null for no colour and undefined for text that is not one', () => {
    expect(normalizeColor('  ')).toBeNull();
    expect(normalizeColor('#0b6e4')).toBeUndefined();
    expect(normalizeColor('green')).toBeUndefined();
  });
});

describe('the branding form', () => {
  const saved = brandingValuesOf({ title: 'Northwind Media', color: '#0b6e4f' });

  it('checks the title length and the colour (§5 messages)', () => {
    expect(brandingErrors(saved)).toEqual({});
    expect(brandingErrors({ ...saved, color: 'teal' })).toEqual({ color: INVALID_FORMAT_MESSAGE });
    expect(brandingErrors({ ...saved, title: 'x'.repeat(TITLE_MAX_LENGTH + 1) })).toEqual({
      title: maxLengthMessage(TITLE_MAX_LENGTH),
    });
  });

  it('sends blank values as null so that the product’s own show', () => {
    expect(brandingPayload({ title: ' ', color: '' })).toEqual({ title: null, color: null });
    expect(brandingPayload({ title: ' Northwind ', color: '#ABC' })).toEqual({
      title: 'Northwind',
      color: '#aabbcc',
    });
  });

  it('sends a removed file as null, unless a new one replaces it', () => {
    const file = new File(['x'], 'logo.png', { type: 'image/png' });
    expect(fileRemovals(NO_FILE_CHANGES)).toEqual({});
    expect(
      fileRemovals({ logo: { file: null, isRemoved: true }, favicon: { file, isRemoved: true } }),
    ).toEqual({ image: null });
  });

  it('is dirty with a changed title, colour or file, and not with the same colour written differently', () => {
    expect(isBrandingDirty(saved, saved, NO_FILE_CHANGES)).toBe(false);
    expect(isBrandingDirty(saved, { ...saved, color: '#0B6E4F' }, NO_FILE_CHANGES)).toBe(false);
    expect(isBrandingDirty(saved, { ...saved, color: '#c2185b' }, NO_FILE_CHANGES)).toBe(true);
    expect(isBrandingDirty(saved, { ...saved, color: '#c21' }, NO_FILE_CHANGES)).toBe(true);
    expect(isBrandingDirty(saved, { ...saved, color: '#c2' }, NO_FILE_CHANGES)).toBe(true);
    expect(isBrandingDirty(saved, { ...saved, title: 'Northwind' }, NO_FILE_CHANGES)).toBe(true);
    expect(
      isBrandingDirty(saved, saved, { ...NO_FILE_CHANGES, favicon: { file: null, isRemoved: true } }),
    ).toBe(true);
  });
});
