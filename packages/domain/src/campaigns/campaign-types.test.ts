import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TYPES } from '../dictionary/campaigns';
import {
  allowedDeviceIdTypes,
  allowedDeviceTypes,
  allowedTrackingProviders,
  askedFields,
  CAMPAIGN_TYPE_REQUIREMENTS,
  SYNCHRONIZABLE_TYPES,
  TYPE_DEPENDENT_FIELDS,
} from './campaign-types';

describe('CAMPAIGN_TYPE_REQUIREMENTS', () => {
  it('covers every type and every type-dependent field', () => {
    expect(Object.keys(CAMPAIGN_TYPE_REQUIREMENTS).sort()).toEqual([...CAMPAIGN_TYPES].sort());
    for (const type of CAMPAIGN_TYPES) {
      expect(Object.keys(CAMPAIGN_TYPE_REQUIREMENTS[type].fields).sort()).toEqual(
        [...TYPE_DEPENDENT_FIELDS].sort(),
      );
    }
  });

  it('asks each type what it needs, nothing else', () => {
    expect(askedFields('app-promotion')).toEqual([
      'objective',
      'event_optimisation',
      'tracking_tool',
      'device_types',
      'device_id_types',
      'bundle_ids',
      'app_categories',
    ]);
    expect(askedFields('dooh')).toEqual([]);
    expect(askedFields('synchronized')).toContain('source_campaign');
    expect(askedFields('proximity')).toEqual(['tracking_tool', 'device_types', 'device_id_types']);
  });

  it('restricts devices, identifiers and tools per type', () => {
    expect(allowedDeviceTypes('app-promotion')).toEqual(['phone', 'tablet']);
    expect(allowedDeviceTypes('smart-tv')).toEqual(['connectedtv']);
    expect(allowedDeviceTypes('generic')).toEqual(['phone', 'connectedtv', 'desktop', 'tablet']);
    expect(allowedDeviceIdTypes('app-promotion')).toEqual(['ifa', 'gaid', 'fake']);
    expect(allowedDeviceIdTypes('smart-tv')).toEqual([
      'tifa',
      'lgudid',
      'rida',
      'amazonadvertisingid',
      'msai',
      'fake',
    ]);
    expect(allowedTrackingProviders('app-promotion')).not.toContain('beacon_footfall');
    expect(allowedTrackingProviders('app-promotion')).not.toContain('none');
    expect(allowedTrackingProviders('proximity')).toContain('partner_footfall');
  });

  it('smart-tv and dooh are CPM only; synchronized follows its source dates', () => {
    expect(CAMPAIGN_TYPE_REQUIREMENTS['smart-tv'].pricing).toEqual(['cpm']);
    expect(CAMPAIGN_TYPE_REQUIREMENTS.dooh.pricing).toEqual(['cpm']);
    expect(CAMPAIGN_TYPE_REQUIREMENTS.synchronized.dates).toBe('from_source');
    expect(CAMPAIGN_TYPE_REQUIREMENTS.proximity.location).toBe('required');
    expect(SYNCHRONIZABLE_TYPES).not.toContain('synchronized');
  });
});
