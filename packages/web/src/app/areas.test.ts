import { describe, expect, it } from 'vitest';
import { HOME_PATH, isAvailablePath, reachableRoute } from './areas';

describe('isAvailablePath', () => {
  it('serves the sections an area has built, and no other', () => {
    expect(isAvailablePath('/account')).toBe(true);
    expect(isAvailablePath('/account/profile')).toBe(true);
    expect(isAvailablePath('/account/users?page=2')).toBe(true);
    expect(isAvailablePath('/account/billing')).toBe(false);
    expect(reachableRoute('/account/billing')).toBe(HOME_PATH);
  });

  it('serves the home page only at its own path', () => {
    expect(isAvailablePath(HOME_PATH)).toBe(true);
    expect(isAvailablePath('/campaigns')).toBe(false);
  });
});
