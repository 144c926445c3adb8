import { describe, expect, it } from 'vitest';
import { allowedOptions, isFieldAsked, isFieldRequired } from './type-fields';

describe('type fields', () => {
  it('asks each type only what it needs', () => {
    expect(isFieldAsked('app-promotion', 'targeting.bundle_ids')).toBe(true);
    expect(isFieldAsked('generic', 'targeting.bundle_ids')).toBe(false);
    expect(isFieldAsked('generic', 'targeting.iab_categories')).toBe(true);
    expect(isFieldAsked('dooh', 'device_types')).toBe(false);
    expect(isFieldAsked('dooh', 'budget')).toBe(true);
    expect(isFieldAsked('dooh', 'targeting.countries')).toBe(true);
    expect(isFieldAsked('synchronized', 'source_campaign')).toBe(true);
    expect(isFieldAsked('generic', 'source_campaign')).toBe(false);
  });

  it('offers no CPC target to the types bought by CPM only (Connected TV, DOOH)', () => {
    expect(isFieldAsked('smart-tv', 'cpc_target')).toBe(false);
    expect(isFieldAsked('dooh', 'cpc_target')).toBe(false);
    expect(isFieldAsked('generic', 'cpc_target')).toBe(true);
    expect(isFieldAsked('app-promotion', 'cpc_target')).toBe(true);
  });

  it('leaves the flight dates of a synchronized campaign to its source', () => {
    expect(isFieldAsked('synchronized', 'start_date')).toBe(false);
    expect(isFieldAsked('proximity', 'start_date')).toBe(true);
  });

  it('marks required type fields', () => {
    expect(isFieldRequired('app-promotion', 'objective')).toBe(true);
    expect(isFieldRequired('proximity', 'tracking_tool')).toBe(false);
  });

  it('narrows options per type', () => {
    expect(allowedOptions('smart-tv', 'pricing', ['cpc', 'cpm'])).toEqual(['cpm']);
    expect(allowedOptions('generic', 'pricing', ['cpc', 'cpm'])).toEqual(['cpc', 'cpm']);
    expect(
      allowedOptions('app-promotion', 'device_types', ['phone', 'connectedtv', 'desktop', 'tablet']),
    ).toEqual(['phone', 'tablet']);
  });
});
