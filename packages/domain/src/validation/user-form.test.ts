import { describe, expect, it } from 'vitest';
import {
  ZPasswordUpdate,
  ZPasswordUpdateBody,
  ZPasswordUpdateForm,
  ZPhone,
  ZProfileForm,
  ZProfileUpdate,
  ZUserCreate,
  ZUserInviteForm,
  ZUsersBulkUpdate,
  ZUserUpdate,
} from './user-form';

const REQUIRED = 'This field is required';
const EMAIL = 'The email address is not valid';
const MISMATCH = 'The password does not match';
const PASSWORD_RULE =
  'The password must have at least 8 characters, an upper-case letter, a lower-case letter, a digit and a symbol';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const invite = {
  name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  role: 'editor',
  password: 'Beacon-demo-1',
};

describe('ZUserCreate', () => {
  it('accepts an invitation and fills the defaults', () => {
    expect(ZUserCreate.parse({ ...invite, phone: ' +34 600 000 000 ', advertisers: [3, 3, 4] })).toEqual({
      ...invite,
      phone: '+34 600 000 000',
      advertisers: [3, 4],
      view_all_kpis: false,
      view_all_campaigns: false,
    });
  });

  it('answers the §5 messages per field', () => {
    const result = ZUserCreate.safeParse({
      name: ' ',
      username: '',
      email: 'ada@example',
      role: '',
      password: 'short',
    });
    expect(messagesOf(result)).toEqual({
      name: REQUIRED,
      username: REQUIRED,
      email: EMAIL,
      role: REQUIRED,
      password: PASSWORD_RULE,
    });
  });

  it('refuses fields it does not own', () => {
    for (const extra of [{ organization_id: 9 }, { id: 1 }, { state: 'active' }, { image: 'x' }]) {
      expect(ZUserCreate.safeParse({ ...invite, ...extra }).success).toBe(false);
    }
  });

  it('refuses an unknown role and ids that are not positive whole numbers', () => {
    expect(messagesOf(ZUserCreate.safeParse({ ...invite, role: 'root' }))).toEqual({
      role: 'Invalid format',
    });
    expect(ZUserCreate.safeParse({ ...invite, advertisers: [1.5] }).success).toBe(false);
    expect(ZUserCreate.safeParse({ ...invite, advertisers: ['2'] }).success).toBe(false);
    expect(ZUserCreate.safeParse({ ...invite, advertisers: [0] }).success).toBe(false);
  });
});

describe('ZUserInviteForm', () => {
  it('needs a matching confirmation', () => {
    expect(ZUserInviteForm.safeParse({ ...invite, confirmation: 'Beacon-demo-1' }).success).toBe(true);
    expect(messagesOf(ZUserInviteForm.safeParse({ ...invite, confirmation: 'Beacon-demo-2' }))).toEqual({
      confirmation: MISMATCH,
    });
  });
});

describe('ZPhone', () => {
  it.each([
    ['', null],
    ['  ', null],
    [null, null],
    ['600 11 22 33', '600 11 22 33'],
    ['+1 (555) 010-9999', '+1 (555) 010-9999'],
  ])('reads %j as %j', (input, expected) => {
    expect(ZPhone.parse(input)).toBe(expected);
  });

  it.each(['call me', '+', '12a4', '-600'])('refuses %j', (input) => {
    expect(ZPhone.safeParse(input).error?.issues[0]?.message).toBe('Invalid format');
  });
});

describe('ZUserUpdate', () => {
  it('takes a partial change with the version it was loaded with', () => {
    expect(ZUserUpdate.parse({ role: 'viewer', view_all_kpis: true, version: 3 })).toEqual({
      role: 'viewer',
      view_all_kpis: true,
      version: 3,
    });
  });

  it('needs the version and refuses username, password, state and organization', () => {
    expect(messagesOf(ZUserUpdate.safeParse({ role: 'viewer' }))).toEqual({ version: REQUIRED });
    for (const extra of [
      { username: 'x' },
      { password: 'Beacon-demo-1' },
      { state: 'deleted' },
      { organization_id: 2 },
    ]) {
      expect(ZUserUpdate.safeParse({ version: 1, ...extra }).success).toBe(false);
    }
  });
});

describe('ZUsersBulkUpdate', () => {
  it('takes ids and at least one change', () => {
    expect(ZUsersBulkUpdate.parse({ ids: [5, 5, 6], changes: { state: 'deleted' } })).toEqual({
      ids: [5, 6],
      changes: { state: 'deleted' },
    });
    expect(messagesOf(ZUsersBulkUpdate.safeParse({ ids: [], changes: {} }))).toEqual({
      ids: REQUIRED,
      changes: 'Choose at least one change',
    });
  });

  it('cannot change names, emails or passwords in bulk', () => {
    expect(ZUsersBulkUpdate.safeParse({ ids: [1], changes: { email: 'a@example.com' } }).success).toBe(false);
    expect(ZUsersBulkUpdate.safeParse({ ids: [1], changes: { state: 'gone' } }).success).toBe(false);
  });
});

describe('profile', () => {
  it('updates only what is sent and never the role', () => {
    expect(ZProfileUpdate.parse({ decimal_mark: ',' })).toEqual({ decimal_mark: ',' });
    expect(ZProfileUpdate.parse({})).toEqual({});
    expect(ZProfileUpdate.safeParse({ role: 'admin' }).success).toBe(false);
    expect(ZProfileUpdate.safeParse({ decimal_mark: ';' }).success).toBe(false);
  });

  it('the form requires name, email and decimal mark', () => {
    expect(messagesOf(ZProfileForm.safeParse({ name: '', email: 'x', decimal_mark: undefined }))).toEqual({
      name: REQUIRED,
      email: EMAIL,
      decimal_mark: REQUIRED,
    });
  });
});

describe('password update', () => {
  it('carries organization, user and a strong password', () => {
    expect(ZPasswordUpdate.parse({ organizationId: 2, userId: 7, password: 'Beacon-demo-1' })).toEqual({
      organizationId: 2,
      userId: 7,
      password: 'Beacon-demo-1',
    });
    expect(messagesOf(ZPasswordUpdateBody.safeParse({ password: 'weak' }))).toEqual({
      password: PASSWORD_RULE,
    });
    expect(messagesOf(ZPasswordUpdateBody.safeParse({}))).toEqual({ password: REQUIRED });
  });

  it('the dialog checks the confirmation', () => {
    expect(
      messagesOf(ZPasswordUpdateForm.safeParse({ password: 'Beacon-demo-1', confirmation: 'Beacon-demo-' })),
    ).toEqual({ confirmation: MISMATCH });
  });
});
