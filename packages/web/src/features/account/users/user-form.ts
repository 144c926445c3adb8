/**
 * The invite, edit and bulk-change forms of /account/users: their values and the bodies of the user calls
 * (domain validation/user-form.ts schemas). Only what changed is sent on edit, with the `version` the dialog
 * was opened with. Pure, unit-tested.
 */
import type { UserRole } from '@beacon/domain/dictionary/roles';
import {
  type TUserCreateInput,
  type TUserItem,
  type TUsersBulkUpdateInput,
  type TUserUpdateInput,
  ZUserInviteForm,
} from '@beacon/domain/validation/user-form';
import { confirmationError, type FieldErrors } from '../../../lib/form-errors';
import { schemaErrors } from '../form';

export type UserFlags = { readonly view_all_kpis: boolean; readonly view_all_campaigns: boolean };

export type InviteValues = UserFlags & {
  readonly name: string;
  readonly username: string;
  readonly email: string;
  readonly phone: string;
  readonly password: string;
  readonly confirmation: string;
  readonly advertisers: readonly number[];
};

export const INVITE_FIELDS = [
  'name',
  'username',
  'email',
  'phone',
  'password',
  'confirmation',
  'advertisers',
  'view_all_kpis',
  'view_all_campaigns',
  'role',
] as const;
export type InviteField = (typeof INVITE_FIELDS)[number];

export const EMPTY_INVITE: InviteValues = {
  name: '',
  username: '',
  email: '',
  phone: '',
  password: '',
  confirmation: '',
  advertisers: [],
  view_all_kpis: false,
  view_all_campaigns: false,
};

export const isInviteDirty = (values: InviteValues): boolean =>
  JSON.stringify(values) !== JSON.stringify(EMPTY_INVITE);

/** What the invite form validates: the create body plus the confirmation (ZUserInviteForm). */
export const inviteFormOf = (values: InviteValues, role: UserRole) => ({
  ...values,
  advertisers: [...values.advertisers],
  role,
});

/**
 * The invite form's §5 messages (ZUserInviteForm), every field at once: the schema checks the confirmation
 * only once the other fields pass, so it is checked here too.
 */
export const inviteErrors = (values: InviteValues, role: UserRole): FieldErrors<InviteField> => {
  const errors = schemaErrors<InviteField>(ZUserInviteForm, inviteFormOf(values, role));
  const confirmation = errors.confirmation ?? confirmationError(values.password, values.confirmation);
  return confirmation === undefined ? errors : { ...errors, confirmation };
};

/** POST /organization/{id}/user: the confirmation stays in the browser; a blank phone is left out. */
export const inviteBody = (values: InviteValues, role: UserRole): TUserCreateInput => ({
  name: values.name.trim(),
  username: values.username.trim(),
  email: values.email.trim(),
  ...(values.phone.trim() === '' ? {} : { phone: values.phone.trim() }),
  role,
  password: values.password,
  advertisers: [...values.advertisers],
  view_all_kpis: values.view_all_kpis,
  view_all_campaigns: values.view_all_campaigns,
});

export type EditValues = UserFlags & {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly role: UserRole;
  readonly advertisers: readonly number[];
};

export const EDIT_FIELDS = [
  'name',
  'email',
  'phone',
  'role',
  'advertisers',
  'view_all_kpis',
  'view_all_campaigns',
] as const;
export type EditField = (typeof EDIT_FIELDS)[number];

export const editValuesOf = (user: TUserItem): EditValues => ({
  name: user.name,
  email: user.email,
  phone: user.phone ?? '',
  role: user.role,
  advertisers: user.advertisers.map((advertiser) => advertiser.id),
  view_all_kpis: user.view_all_kpis,
  view_all_campaigns: user.view_all_campaigns,
});

const sameIds = (first: readonly number[], second: readonly number[]): boolean => {
  const set = new Set(first);
  return set.size === new Set(second).size && second.every((id) => set.has(id));
};

/** PUT /organization/{id}/user/{userId}: the changed fields and the version the form was loaded with. */
export const userChanges = (user: TUserItem, values: EditValues): TUserUpdateInput => {
  const saved = editValuesOf(user);
  const phone = values.phone.trim();
  return {
    ...(values.name.trim() !== saved.name ? { name: values.name.trim() } : {}),
    ...(values.email.trim() !== saved.email ? { email: values.email.trim() } : {}),
    ...(phone !== saved.phone ? { phone: phone === '' ? null : phone } : {}),
    ...(values.role !== saved.role ? { role: values.role } : {}),
    ...(sameIds(values.advertisers, saved.advertisers) ? {} : { advertisers: [...values.advertisers] }),
    ...(values.view_all_kpis !== saved.view_all_kpis ? { view_all_kpis: values.view_all_kpis } : {}),
    ...(values.view_all_campaigns !== saved.view_all_campaigns
      ? { view_all_campaigns: values.view_all_campaigns }
      : {}),
    version: user.version,
  };
};

export const isEditDirty = (user: TUserItem, values: EditValues): boolean =>
  Object.keys(userChanges(user, values)).some((key) => key !== 'version');

/** A bulk change leaves a field as each user has it unless told. */
export const KEEP = 'keep';
export type Keep = typeof KEEP;

export type BulkValues = {
  readonly role: UserRole | Keep;
  readonly view_all_kpis: boolean | Keep;
  readonly view_all_campaigns: boolean | Keep;
  readonly state: 'active' | 'inactive' | Keep;
};

export const KEEP_ALL: BulkValues = {
  role: KEEP,
  view_all_kpis: KEEP,
  view_all_campaigns: KEEP,
  state: KEEP,
};

/** PUT /v2/organization/{id}/users: the same changes on every selected user. */
export const bulkBody = (ids: readonly number[], values: BulkValues): TUsersBulkUpdateInput => ({
  ids: [...ids],
  changes: {
    ...(values.role === KEEP ? {} : { role: values.role }),
    ...(values.view_all_kpis === KEEP ? {} : { view_all_kpis: values.view_all_kpis }),
    ...(values.view_all_campaigns === KEEP ? {} : { view_all_campaigns: values.view_all_campaigns }),
    ...(values.state === KEEP ? {} : { state: values.state }),
  },
});

export const hasBulkChanges = (values: BulkValues): boolean =>
  Object.values(values).some((value) => value !== KEEP);

/**
 * The ids a grid selection holds among the rows on screen: "include" names them, "exclude" (the header
 * checkbox) means every row but those named. The grid pages on the server, so only the page shown counts.
 */
export const selectedIds = (
  model: { readonly type: 'include' | 'exclude'; readonly ids: ReadonlySet<unknown> },
  rowIds: readonly number[],
): number[] =>
  model.type === 'include'
    ? rowIds.filter((id) => model.ids.has(id))
    : rowIds.filter((id) => !model.ids.has(id));
