/**
 * User management forms and bodies (spec §7 user calls, §5 rules): invite, edit, bulk changes, the caller's own
 * profile and a password set by a manager. The server validates its bodies with these schemas and the console
 * its forms, so both answer the same §5 messages. Bodies are strict: a field a call does not own (organization,
 * id, a role through the profile…) is refused, never silently ignored.
 */
import { z } from 'zod';
import { USER_ROLES } from '../dictionary/roles';
import {
  DECIMAL_MARKS,
  MAX_BULK_USERS,
  MAX_USER_ADVERTISERS,
  USER_NAME_MAX_LENGTH,
  USER_PHONE_MAX_LENGTH,
  USER_STATES,
} from '../dictionary/users';
import {
  isPasswordConfirmed,
  PASSWORD_CONFIRMATION_SHAPE,
  PASSWORD_MISMATCH_REFINEMENT,
  ZEmail,
  ZPassword,
  ZUsername,
} from './account';
import { requiredOrInvalid, requiredString } from './generic';
import type { ListSpec } from './list-query';
import { INVALID_FORMAT_MESSAGE, maxLengthMessage, REQUIRED_MESSAGE } from './messages';

/** An entity id of the API: a positive whole number. */
export const ZEntityId = z
  .number({ error: requiredOrInvalid })
  .int({ error: INVALID_FORMAT_MESSAGE })
  .positive({ error: INVALID_FORMAT_MESSAGE });

export const ZUserName = requiredString({ max: USER_NAME_MAX_LENGTH });

/** Digits with an optional leading +, and the usual separators (spaces, dots, dashes, parentheses). */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]*[0-9]$/;

/** Optional: a blank value (empty, only spaces, or null) is stored as no phone (null). */
export const ZPhone = z
  .string({ error: INVALID_FORMAT_MESSAGE })
  .trim()
  .max(USER_PHONE_MAX_LENGTH, { error: maxLengthMessage(USER_PHONE_MAX_LENGTH) })
  .refine((value) => value === '' || PHONE_PATTERN.test(value), { error: INVALID_FORMAT_MESSAGE })
  .nullable()
  .transform((value) => (value === '' ? null : value));

export const ZUserRole = z.enum(USER_ROLES, { error: requiredOrInvalid });

export const ZUserState = z.enum(USER_STATES, { error: requiredOrInvalid });

/** Answered when an advertiser is not a child organization of the user's organization (or is deleted). */
export const ADVERTISER_NOT_CHILD_MESSAGE = "Choose advertisers among the organization's child organizations";

/**
 * The advertiser organizations a user is restricted to: children of the user's own organization, by id. Empty
 * means no restriction. Repeated ids are dropped.
 */
export const ZAdvertisers = z
  .array(ZEntityId, { error: INVALID_FORMAT_MESSAGE })
  .max(MAX_USER_ADVERTISERS, { error: maxLengthMessage(MAX_USER_ADVERTISERS) })
  .transform((ids) => [...new Set(ids)]);

const ZFlag = z.boolean({ error: INVALID_FORMAT_MESSAGE });

/** The body of POST /organization/{id}/user. The organization comes from the path, never from the body. */
export const ZUserCreate = z.strictObject({
  name: ZUserName,
  username: ZUsername,
  email: ZEmail,
  phone: ZPhone.optional(),
  role: ZUserRole,
  password: ZPassword,
  advertisers: ZAdvertisers.default([]),
  view_all_kpis: ZFlag.default(false),
  view_all_campaigns: ZFlag.default(false),
});
export type TUserCreate = z.output<typeof ZUserCreate>;
export type TUserCreateInput = z.input<typeof ZUserCreate>;

/** The invite dialog: the create body plus the password confirmation, which stays in the browser. */
export const ZUserInviteForm = ZUserCreate.extend(PASSWORD_CONFIRMATION_SHAPE).refine(
  isPasswordConfirmed,
  PASSWORD_MISMATCH_REFINEMENT,
);
export type TUserInviteForm = z.output<typeof ZUserInviteForm>;

/** `version` is the one the form was loaded with; a stale one answers 409. */
const ZVersion = z.number({ error: requiredOrInvalid }).int({ error: INVALID_FORMAT_MESSAGE }).positive();

/**
 * The body of PUT /organization/{id}/user/{userId}: only the fields sent change. Username, password (its own
 * call), state (bulk changes, DELETE) and organization are not part of it.
 */
export const ZUserUpdate = z.strictObject({
  name: ZUserName.optional(),
  email: ZEmail.optional(),
  phone: ZPhone.optional(),
  role: ZUserRole.optional(),
  advertisers: ZAdvertisers.optional(),
  view_all_kpis: ZFlag.optional(),
  view_all_campaigns: ZFlag.optional(),
  version: ZVersion,
});
export type TUserUpdate = z.output<typeof ZUserUpdate>;
export type TUserUpdateInput = z.input<typeof ZUserUpdate>;

/** What a bulk change may set on each selected user; at least one of them. */
export const ZUsersBulkChanges = z
  .strictObject({
    role: ZUserRole.optional(),
    view_all_kpis: ZFlag.optional(),
    view_all_campaigns: ZFlag.optional(),
    state: ZUserState.optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    error: 'Choose at least one change',
  });

/** The body of PUT /v2/organization/{id}/users. */
export const ZUsersBulkUpdate = z.strictObject({
  ids: z
    .array(ZEntityId, { error: requiredOrInvalid })
    .min(1, { error: REQUIRED_MESSAGE })
    .max(MAX_BULK_USERS, { error: maxLengthMessage(MAX_BULK_USERS) })
    .transform((ids) => [...new Set(ids)]),
  changes: ZUsersBulkChanges,
});
export type TUsersBulkUpdate = z.output<typeof ZUsersBulkUpdate>;
export type TUsersBulkUpdateInput = z.input<typeof ZUsersBulkUpdate>;

/**
 * The body of PUT /user (the caller's own profile), as JSON or as the `data` field of a multipart request whose
 * `logo` file is png, jpeg or pdf. `remove_logo` clears the current logo (a new file wins over it).
 */
export const ZProfileUpdate = z.strictObject({
  name: ZUserName.optional(),
  email: ZEmail.optional(),
  decimal_mark: z.enum(DECIMAL_MARKS, { error: requiredOrInvalid }).optional(),
  remove_logo: ZFlag.optional(),
});
export type TProfileUpdate = z.output<typeof ZProfileUpdate>;

/** The profile form of /account/profile: name, email and decimal mark are filled in. */
export const ZProfileForm = z.strictObject({
  name: ZUserName,
  email: ZEmail,
  decimal_mark: z.enum(DECIMAL_MARKS, { error: requiredOrInvalid }),
});
export type TProfileForm = z.output<typeof ZProfileForm>;

/**
 * The password update of §7 ("organizationId, userId, password"): a manager sets another user's password. The
 * console calls PUT /organization/{organizationId}/user/{userId}/password with `{ password }`.
 */
export const ZPasswordUpdate = z.strictObject({
  organizationId: ZEntityId,
  userId: ZEntityId,
  password: ZPassword,
});
export type TPasswordUpdate = z.output<typeof ZPasswordUpdate>;

/** The body of that call. */
export const ZPasswordUpdateBody = ZPasswordUpdate.pick({ password: true });

/** The dialog that sets another user's password: password and confirmation. */
export const ZPasswordUpdateForm = z
  .strictObject(PASSWORD_CONFIRMATION_SHAPE)
  .refine(isPasswordConfirmed, PASSWORD_MISMATCH_REFINEMENT);

/** One user as the API answers it (GET /organization/{id}/users and every user write). */
export const ZUserItem = z.object({
  id: z.number(),
  organization: z.object({ id: z.number(), name: z.string() }),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  state: z.enum(USER_STATES),
  image: z.string(),
  decimal_mark: z.enum(DECIMAL_MARKS),
  advertisers: z.array(z.object({ id: z.number(), name: z.string() })),
  view_all_kpis: z.boolean(),
  view_all_campaigns: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
});
export type TUserItem = z.infer<typeof ZUserItem>;

/** What GET /organization/{id}/users lets a caller filter, sort and search (username, name and email). */
export const USER_LIST_SPEC = {
  fields: {
    id: { type: 'number' },
    username: { type: 'text' },
    name: { type: 'text' },
    email: { type: 'text' },
    role: { type: 'enum', values: USER_ROLES },
    state: { type: 'enum', values: USER_STATES.filter((state) => state !== 'deleted') },
    organization: { type: 'number' },
    created_at: { type: 'date' },
  },
  defaultSort: 'username',
  searchable: true,
} as const satisfies ListSpec;

export type UserListField = keyof typeof USER_LIST_SPEC.fields;
