import { describe, expect, it } from 'vitest';
import { isProfileDirty, NO_LOGO_CHANGE, profileChanges, profileValuesOf } from './profile-form';

const saved = profileValuesOf({
  user: { name: 'Olga Owner', email: 'owner@demo.beacon.localhost' },
  decimal_mark: '.',
});

describe('profileValuesOf', () => {
  it('reads the session, and a mark it does not know as a point', () => {
    expect(saved).toEqual({ name: 'Olga Owner', email: 'owner@demo.beacon.localhost', decimal_mark: '.' });
    expect(profileValuesOf({ user: { name: 'A', email: 'a@b.co' }, decimal_mark: ';' }).decimal_mark).toBe(
      '.',
    );
  });
});

describe('profileChanges (PUT /user)', () => {
  it('sends only what changed, trimmed', () => {
    expect(profileChanges(saved, { ...saved, name: '  Olga O. ' })).toEqual({ name: 'Olga O.' });
    expect(profileChanges(saved, { ...saved, decimal_mark: ',' })).toEqual({ decimal_mark: ',' });
    expect(profileChanges(saved, { ...saved, name: 'Olga Owner ' })).toEqual({});
  });

  it('removes the logo only when no new file replaces it', () => {
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    expect(profileChanges(saved, saved, { file: null, isRemoved: true })).toEqual({ remove_logo: true });
    expect(profileChanges(saved, saved, { file, isRemoved: true })).toEqual({});
  });

  it('is dirty with a change of a field or of the logo', () => {
    expect(isProfileDirty(saved, saved, NO_LOGO_CHANGE)).toBe(false);
    expect(isProfileDirty(saved, { ...saved, email: 'olga@example.com' }, NO_LOGO_CHANGE)).toBe(true);
    expect(isProfileDirty(saved, saved, { file: new File(['x'], 'a.pdf'), isRemoved: false })).toBe(true);
  });
});
