import * as messages from '@beacon/domain/validation/messages';
import { describe, expect, it } from 'vitest';
import { hasErrors } from '../lib/form-errors';
import { validateNewPassword } from './new-password';

const { PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGE, REQUIRED_MESSAGE } = messages;

describe('validateNewPassword (§5)', () => {
  it('accepts a strong password typed twice', () => {
    const errors = validateNewPassword('Another-pass-1', 'Another-pass-1');
    expect(errors).toEqual({ password: undefined, confirmation: undefined });
    expect(hasErrors(errors)).toBe(false);
  });

  it('requires both fields', () => {
    expect(validateNewPassword('', '')).toEqual({
      password: REQUIRED_MESSAGE,
      confirmation: REQUIRED_MESSAGE,
    });
  });

  it('applies the domain rule to the password', () => {
    for (const weak of ['Ab-1xyz', 'no-upper-case-1', 'NO-LOWER-CASE-1', 'No-digits-here', 'NoSymbol1234']) {
      expect(validateNewPassword(weak, weak).password).toBe(PASSWORD_RULE_MESSAGE);
    }
  });

  it('never trims the password', () => {
    expect(validateNewPassword(' Another-pass-1 ', ' Another-pass-1 ')).toEqual({
      password: undefined,
      confirmation: undefined,
    });
    expect(validateNewPassword('Another-pass-1', 'Another-pass-1 ').confirmation).toBe(
      PASSWORD_MISMATCH_MESSAGE,
    );
  });

  it('reports a confirmation that does not match', () => {
    expect(validateNewPassword('Another-pass-1', 'Another-pass-2')).toEqual({
      password: undefined,
      confirmation: PASSWORD_MISMATCH_MESSAGE,
    });
  });

  it('checks the confirmation even when the password is weak', () => {
    expect(validateNewPassword('weak', 'weak')).toEqual({
      password: PASSWORD_RULE_MESSAGE,
      confirmation: undefined,
    });
    expect(validateNewPassword('weak', '')).toEqual({
      password: PASSWORD_RULE_MESSAGE,
      confirmation: REQUIRED_MESSAGE,
    });
  });
});
