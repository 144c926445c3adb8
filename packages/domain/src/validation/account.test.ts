import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isPasswordConfirmed,
  PASSWORD_CONFIRMATION_SHAPE,
  PASSWORD_MISMATCH_REFINEMENT,
  ZEmail,
  ZPassword,
  ZPasswordConfirmation,
  ZUsername,
} from './account';
import { requiredString } from './generic';

const PASSWORD_RULE =
  'The password must have at least 8 characters, an upper-case letter, a lower-case letter, a digit and a symbol';

describe('ZPassword', () => {
  it.each(['Beacon-demo-1', 'Aa1!aaaa', 'Ñandú#2024', 'Pass word 1!'])('accepts %s', (password) => {
    expect(ZPassword.safeParse(password).success).toBe(true);
  });

  it.each([
    ['too short', 'Aa1!aaa'],
    ['no upper-case letter', 'beacon-demo-1'],
    ['no lower-case letter', 'BEACON-DEMO-1'],
    ['no digit', 'Beacon-demo-x'],
    ['no symbol', 'BeaconDemo1'],
    ['a space is not a symbol', 'Beacon demo 1'],
  ])('rejects a password with %s', (_reason, password) => {
    expect(ZPassword.safeParse(password).error?.issues[0]?.message).toBe(PASSWORD_RULE);
  });

  it('is required and never trimmed', () => {
    expect(ZPassword.safeParse('').error?.issues[0]?.message).toBe('This field is required');
    expect(ZPassword.parse(' Beacon-demo-1 ')).toBe(' Beacon-demo-1 ');
  });
});

describe('ZPasswordConfirmation', () => {
  it('accepts a matching confirmation', () => {
    expect(
      ZPasswordConfirmation.safeParse({ password: 'Beacon-demo-1', confirmation: 'Beacon-demo-1' }).success,
    ).toBe(true);
  });

  it('rejects a different confirmation on the confirmation field', () => {
    const issue = ZPasswordConfirmation.safeParse({
      password: 'Beacon-demo-1',
      confirmation: 'Beacon-demo-2',
    }).error?.issues[0];
    expect(issue?.message).toBe('The password does not match');
    expect(issue?.path).toEqual(['confirmation']);
  });

  it('reports the mismatch even while the password breaks the rule', () => {
    const messages = ZPasswordConfirmation.safeParse({
      password: 'weak',
      confirmation: 'other',
    }).error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([PASSWORD_RULE, 'The password does not match']);
  });

  it('asks for the confirmation when it is empty, without a mismatch on top', () => {
    const issues = ZPasswordConfirmation.safeParse({ password: 'Beacon-demo-1', confirmation: '' }).error
      ?.issues;
    expect(issues?.map((issue) => issue.message)).toEqual(['This field is required']);
  });

  it('composes into larger forms', () => {
    const ZChangePassword = z
      .object({ currentPassword: requiredString(), ...PASSWORD_CONFIRMATION_SHAPE })
      .refine(isPasswordConfirmed, PASSWORD_MISMATCH_REFINEMENT);
    const issue = ZChangePassword.safeParse({
      currentPassword: 'Old-pass-1',
      password: 'Beacon-demo-1',
      confirmation: 'Beacon-demo-11',
    }).error?.issues[0];
    expect(issue?.message).toBe('The password does not match');
  });
});

describe('ZEmail', () => {
  it.each(['ana@example.com', 'a.b+tag@mail.example.co.uk', '1user@example.io', "o'neil@example.ie"])(
    'accepts %s',
    (email) => {
      expect(ZEmail.safeParse(email).success).toBe(true);
    },
  );

  it.each([
    '.ana@example.com',
    '_ana@example.com',
    'ana.example.com',
    'ana@example',
    'ana@example.c',
    'ana@example.c0m',
    'ana@@example.com',
    'ana@-example.com',
    'ana maria@example.com',
  ])('rejects %s', (email) => {
    expect(ZEmail.safeParse(email).error?.issues[0]?.message).toBe('The email address is not valid');
  });

  it('is required', () => {
    expect(ZEmail.safeParse('').error?.issues[0]?.message).toBe('This field is required');
  });
});

describe('ZUsername', () => {
  it.each(['supervisor', 'account_manager', 'ana.garcia', 'ana@example.com'])('accepts %s', (username) => {
    expect(ZUsername.safeParse(username).success).toBe(true);
  });

  it('checks length and characters', () => {
    expect(ZUsername.safeParse('').error?.issues[0]?.message).toBe('This field is required');
    expect(ZUsername.safeParse('ab').error?.issues[0]?.message).toBe('The minimum length is 3');
    expect(ZUsername.safeParse('a'.repeat(65)).error?.issues[0]?.message).toBe('The maximum length is 64');
    expect(ZUsername.safeParse('ana garcia').error?.issues[0]?.message).toBe('Invalid format');
    expect(ZUsername.safeParse('_ana').error?.issues[0]?.message).toBe('Invalid format');
  });
});
