import { describe, expect, it } from 'vitest';
import { normalizedDeviceIdentifier } from './identifier-hash';

describe('device identifiers as hashed', () => {
  it('lower-cases UUIDs and trims, keeping other identifiers as they are', () => {
    expect(normalizedDeviceIdentifier(' 6D92078A-8246-4BA4-AE5B-76104861E7DC ')).toBe(
      '6d92078a-8246-4ba4-ae5b-76104861e7dc',
    );
    expect(normalizedDeviceIdentifier('Roku-ABC')).toBe('Roku-ABC');
  });

  it('has none for a blank or zeroed advertising id', () => {
    expect(normalizedDeviceIdentifier('  ')).toBeNull();
    expect(normalizedDeviceIdentifier('00000000-0000-0000-0000-000000000000')).toBeNull();
  });
});
