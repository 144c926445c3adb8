import { PASSWORD_MISMATCH_MESSAGE, REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { describe, expect, it } from 'vitest';
import { checkDuplicateForm, duplicateFormOf } from './duplicate-form';

describe('checkDuplicateForm', () => {
  it('proposes a new name and sends it alone when no main user is asked for', () => {
    const values = duplicateFormOf('Acme Media');
    expect(values.name).toBe('Acme Media (copy)');
    expect(
      checkDuplicateForm({ ...values, main_user: { ...values.main_user, username: 'ignored' } }),
    ).toEqual({
      ok: true,
      body: { name: 'Acme Media (copy)' },
    });
  });

  it('requires the name', () => {
    expect(checkDuplicateForm({ ...duplicateFormOf('Acme'), name: '  ' })).toEqual({
      ok: false,
      errors: { name: REQUIRED_MESSAGE },
    });
  });

  it('checks the new main user and its password confirmation', () => {
    const values = { ...duplicateFormOf('Acme'), hasMainUser: true };
    const result = checkDuplicateForm(values);
    expect(result).toMatchObject({
      ok: false,
      errors: {
        'main_user.name': REQUIRED_MESSAGE,
        'main_user.username': REQUIRED_MESSAGE,
        'main_user.confirmation': REQUIRED_MESSAGE,
      },
    });
    const mismatched = checkDuplicateForm({
      ...values,
      main_user: {
        name: 'Bo Copy',
        username: 'bo_copy',
        phone: '',
        email: 'bo@copy.example',
        password: 'Strong-pass-1',
        confirmation: 'Strong-pass-2',
      },
    });
    expect(mismatched).toEqual({
      ok: false,
      errors: { 'main_user.confirmation': PASSWORD_MISMATCH_MESSAGE },
    });
  });

  it('sends the main user without its confirmation', () => {
    const result = checkDuplicateForm({
      ...duplicateFormOf('Acme'),
      hasMainUser: true,
      main_user: {
        name: 'Bo Copy',
        username: 'bo_copy',
        phone: '',
        email: 'bo@copy.example',
        password: 'Strong-pass-1',
        confirmation: 'Strong-pass-1',
      },
    });
    expect(result).toEqual({
      ok: true,
      body: {
        name: 'Acme (copy)',
        main_user: {
          name: 'Bo Copy',
          username: 'bo_copy',
          phone: null,
          email: 'bo@copy.example',
          password: 'Strong-pass-1',
        },
      },
    });
  });
});
