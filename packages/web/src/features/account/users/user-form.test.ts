import {
  EMAIL_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import { type TUserItem, ZUserUpdate } from '@beacon/domain/validation/user-form';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../form';
import {
  bulkBody,
  EMPTY_INVITE,
  editValuesOf,
  hasBulkChanges,
  inviteBody,
  inviteErrors,
  isEditDirty,
  isInviteDirty,
  KEEP_ALL,
  selectedIds,
  userChanges,
} from './user-form';

const user: TUserItem = {
  id: 7,
  organization: { id: 2, name: 'Demo Agency' },
  username: 'eddie',
  email: 'eddie@example.com',
  name: 'Eddie Editor',
  phone: null,
  role: 'editor',
  state: 'active',
  image: '',
  decimal_mark: '.',
  advertisers: [{ id: 3, name: 'Demo Advertiser' }],
  view_all_kpis: false,
  view_all_campaigns: true,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  version: 4,
};

const invite = {
  ...EMPTY_INVITE,
  name: ' Nora New ',
  username: 'nora',
  email: 'nora@example.com',
  password: 'Fresh-pass-1',
  confirmation: 'Fresh-pass-1',
};

describe('the invite form (POST /organization/{id}/user)', () => {
  it('validates with the domain schema and its §5 messages', () => {
    expect(inviteErrors(invite, 'viewer')).toEqual({});
    expect(inviteErrors({ ...invite, name: '', email: 'nora@', confirmation: 'other' }, 'viewer')).toEqual({
      name: REQUIRED_MESSAGE,
      email: EMAIL_MESSAGE,
      confirmation: PASSWORD_MISMATCH_MESSAGE,
    });
    expect(inviteErrors({ ...invite, confirmation: '' }, 'viewer')).toEqual({
      confirmation: REQUIRED_MESSAGE,
    });
  });

  it('sends the role of its dialog, leaves the confirmation and a blank phone out', () => {
    expect(inviteBody(invite, 'viewer')).toEqual({
      name: 'Nora New',
      username: 'nora',
      email: 'nora@example.com',
      role: 'viewer',
      password: 'Fresh-pass-1',
      advertisers: [],
      view_all_kpis: false,
      view_all_campaigns: false,
    });
    expect(inviteBody({ ...invite, phone: ' +34 600 000 000 ' }, 'owner').phone).toBe('+34 600 000 000');
  });

  it('is dirty once anything is typed', () => {
    expect(isInviteDirty(EMPTY_INVITE)).toBe(false);
    expect(isInviteDirty({ ...EMPTY_INVITE, view_all_kpis: true })).toBe(true);
  });
});

describe('the edit form (PUT /organization/{id}/user/{userId})', () => {
  it('sends the changed fields and the version it was opened with', () => {
    const values = editValuesOf(user);
    expect(userChanges(user, values)).toEqual({ version: 4 });
    expect(isEditDirty(user, values)).toBe(false);
    expect(
      userChanges(user, { ...values, role: 'viewer', phone: ' 600 ', view_all_kpis: true, advertisers: [] }),
    ).toEqual({ role: 'viewer', phone: '600', view_all_kpis: true, advertisers: [], version: 4 });
  });

  it('compares advertisers as a set and clears a phone with null', () => {
    const withPhone = { ...user, phone: '600' };
    expect(userChanges(withPhone, { ...editValuesOf(withPhone), phone: ' ' })).toEqual({
      phone: null,
      version: 4,
    });
    const two = {
      ...user,
      advertisers: [
        { id: 3, name: 'A' },
        { id: 5, name: 'B' },
      ],
    };
    expect(isEditDirty(two, { ...editValuesOf(two), advertisers: [5, 3] })).toBe(false);
  });

  it('validates with ZUserUpdate', () => {
    expect(
      schemaErrors(ZUserUpdate, { ...userChanges(user, { ...editValuesOf(user), email: 'x' }) }),
    ).toEqual({
      email: EMAIL_MESSAGE,
    });
  });
});

describe('bulk changes (PUT /v2/organization/{id}/users)', () => {
  it('sends only the fields chosen', () => {
    expect(hasBulkChanges(KEEP_ALL)).toBe(false);
    const values = { ...KEEP_ALL, role: 'viewer', view_all_campaigns: false } as const;
    expect(hasBulkChanges(values)).toBe(true);
    expect(bulkBody([7, 8], values)).toEqual({
      ids: [7, 8],
      changes: { role: 'viewer', view_all_campaigns: false },
    });
  });

  it('reads the grid selection among the rows shown', () => {
    expect(selectedIds({ type: 'include', ids: new Set([7, 9]) }, [7, 8])).toEqual([7]);
    expect(selectedIds({ type: 'exclude', ids: new Set([8]) }, [7, 8, 10])).toEqual([7, 10]);
  });
});
