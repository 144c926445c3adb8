import { describe, expect, it } from 'vitest';
import { keepTyped } from './use-reloadable-form';

describe('keepTyped', () => {
  const opened = { name: 'Lyon', bid: '', share: '10', countries: ['FR'] };

  it('takes the newer values of the fields left alone and keeps the ones typed', () => {
    const typed = { ...opened, bid: '3' };
    const fresh = { ...opened, share: '20', name: 'Lyon centre' };
    expect(keepTyped(typed, opened, fresh)).toEqual({
      name: 'Lyon centre',
      bid: '3',
      share: '20',
      countries: ['FR'],
    });
  });

  it('compares lists and objects by value', () => {
    const typed = { ...opened, countries: ['FR', 'ES'] };
    const fresh = { ...opened, countries: ['DE'] };
    expect(keepTyped(typed, opened, fresh).countries).toEqual(['FR', 'ES']);
    expect(keepTyped({ ...opened, countries: ['FR'] }, opened, fresh).countries).toEqual(['DE']);
  });

  it('keeps a value typed even where the other user wrote the same field', () => {
    expect(keepTyped({ ...opened, share: '30' }, opened, { ...opened, share: '20' }).share).toBe('30');
  });
});
