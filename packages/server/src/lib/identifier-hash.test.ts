import { describe, expect, it } from 'vitest';
import {
  identifierHasher,
  normalizedDeviceIdentifier,
  REMEMBERED_HASHES,
  rememberingHasher,
} from './identifier-hash';

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

describe('the remembering hasher', () => {
  it('answers what the hasher answers, under each secret, and forgets the oldest past its bound', () => {
    const plain = identifierHasher('secret-a');
    const remembering = rememberingHasher('secret-a');
    expect(remembering('device-1')).toBe(plain('device-1'));
    expect(remembering('device-1')).toBe(plain('device-1'));
    expect(rememberingHasher('secret-a')).toBe(remembering);
    const other = rememberingHasher('secret-b');
    expect(other('device-1')).toBe(identifierHasher('secret-b')('device-1'));
    expect(other('device-1')).not.toBe(plain('device-1'));
    for (let i = 0; i <= REMEMBERED_HASHES; i += 1) other(`many-${i}`);
    expect(other('many-0')).toBe(identifierHasher('secret-b')('many-0'));
  });
});
