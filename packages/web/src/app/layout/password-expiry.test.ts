import { describe, expect, it } from 'vitest';
import { isPasswordExpiring } from './password-expiry';

const NOW = Date.UTC(2025, 0, 10, 12);
const inDays = (days: number): string => new Date(NOW + days * 86_400_000).toISOString();

describe('isPasswordExpiring (§2 banner shortly before a password expires)', () => {
  it('warns from the warning time on, and once expired', () => {
    expect(isPasswordExpiring(inDays(0), NOW)).toBe(true);
    expect(isPasswordExpiring(inDays(-2), NOW)).toBe(true);
  });

  it('stays quiet before the warning time and for passwords that never expire', () => {
    expect(isPasswordExpiring(inDays(1), NOW)).toBe(false);
    expect(isPasswordExpiring(null, NOW)).toBe(false);
    expect(isPasswordExpiring('not a date', NOW)).toBe(false);
  });
});
