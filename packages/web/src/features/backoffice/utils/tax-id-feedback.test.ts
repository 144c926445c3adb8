import { INVALID_FORMAT_MESSAGE } from '@beacon/domain/validation/messages';
import { describe, expect, it } from 'vitest';
import { taxIdFeedback } from './tax-id-feedback';

describe('taxIdFeedback', () => {
  it('asks for the country before anything else', () => {
    expect(taxIdFeedback('', 'DE136695976')).toMatchObject({ label: 'Tax id', status: 'hint' });
  });

  it("names the field after the country's kind of tax id and shows its hint (§5)", () => {
    expect(taxIdFeedback('AE', '')).toEqual({
      label: 'TRN (Tax Registration Number)',
      kind: 'TRN',
      status: 'hint',
      message: '15 numeric characters, e.g. 100123456700003',
    });
    expect(taxIdFeedback('BR', '')).toMatchObject({
      kind: 'CNPJ',
      message: '14 characters (format 15.388.963/0001-81), e.g. 15.388.963/0001-81',
    });
    expect(taxIdFeedback('IN', '')).toMatchObject({
      kind: 'GST',
      message: expect.stringMatching(/^15 numeric/),
    });
    expect(taxIdFeedback('GR', '')).toMatchObject({
      kind: 'VAT',
      message: expect.stringContaining('EL123456789'),
    });
  });

  it('checks the VAT number of a supported country with its checksum', () => {
    expect(taxIdFeedback('DE', 'DE 136 695 976')).toEqual({
      label: 'VAT number',
      kind: 'VAT',
      status: 'valid',
      message: 'Valid VAT number of Germany',
    });
    expect(taxIdFeedback('DE', 'DE136695977')).toMatchObject({
      status: 'invalid',
      message: 'The VAT number is not valid',
    });
    expect(taxIdFeedback('DE', 'DE1366')).toMatchObject({
      status: 'invalid',
      message: expect.stringMatching(new RegExp(`^${INVALID_FORMAT_MESSAGE}\\. `)),
    });
  });

  it('only checks the format where there is no checksum', () => {
    expect(taxIdFeedback('US', 'US123456789')).toMatchObject({
      status: 'hint',
      message: 'The format is right; United States has no checksum to verify',
    });
  });
});
