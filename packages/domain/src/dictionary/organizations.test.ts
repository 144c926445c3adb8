import { describe, expect, it } from 'vitest';
import {
  isPrepaymentTerm,
  LEGAL_ENTITIES,
  LEGAL_ENTITY_LABELS,
  LEGAL_ENTITY_REGIONS,
  ORGANIZATION_STATES,
  REGIONS,
  taxIdKindForCountry,
} from './organizations';

describe('organization attributes', () => {
  it('has five regional legal entities, one per region, with distinct names', () => {
    expect(LEGAL_ENTITIES).toHaveLength(5);
    expect(LEGAL_ENTITIES.map((entity) => LEGAL_ENTITY_REGIONS[entity]).sort()).toEqual([...REGIONS].sort());
    expect(new Set(LEGAL_ENTITIES.map((entity) => LEGAL_ENTITY_LABELS[entity])).size).toBe(5);
  });

  it('spells the removed organization state DELETED as the spec does', () => {
    expect(ORGANIZATION_STATES).toEqual(['active', 'DELETED']);
  });

  it('treats only prepayment terms as prepayment', () => {
    expect(isPrepaymentTerm('prepayment')).toBe(true);
    expect(isPrepaymentTerm('net30')).toBe(false);
    expect(isPrepaymentTerm(undefined)).toBe(false);
  });

  it('asks for TRN in the UAE, GST in India, CNPJ in Brazil and VAT elsewhere', () => {
    expect(taxIdKindForCountry('AE')).toBe('TRN');
    expect(taxIdKindForCountry('in')).toBe('GST');
    expect(taxIdKindForCountry('BR')).toBe('CNPJ');
    expect(taxIdKindForCountry('ES')).toBe('VAT');
    expect(taxIdKindForCountry('US')).toBe('VAT');
  });
});
