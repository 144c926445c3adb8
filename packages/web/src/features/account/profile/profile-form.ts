/**
 * The profile form of /account/profile (spec §2): name, email, decimal mark and the logo. Validated with the
 * domain's ZProfileForm; only what changed is sent with PUT /user. Pure, unit-tested.
 */
import { DEFAULT_DECIMAL_MARK, type DecimalMark, isDecimalMark } from '@beacon/domain/dictionary/users';
import type { TProfileUpdate } from '@beacon/domain/validation/user-form';

export type ProfileValues = {
  readonly name: string;
  readonly email: string;
  readonly decimal_mark: DecimalMark;
};

export type ProfileField = keyof ProfileValues;

export const PROFILE_FIELDS: readonly ProfileField[] = ['name', 'email', 'decimal_mark'];

export const profileValuesOf = (identity: {
  readonly user: { readonly name: string; readonly email: string };
  readonly decimal_mark: string;
}): ProfileValues => ({
  name: identity.user.name,
  email: identity.user.email,
  decimal_mark: isDecimalMark(identity.decimal_mark) ? identity.decimal_mark : DEFAULT_DECIMAL_MARK,
});

export type LogoChange = { readonly file: File | null; readonly isRemoved: boolean };

export const NO_LOGO_CHANGE: LogoChange = { file: null, isRemoved: false };

/** The body of PUT /user: the fields that differ from the saved ones (text compared trimmed). */
export const profileChanges = (
  saved: ProfileValues,
  values: ProfileValues,
  logo: LogoChange = NO_LOGO_CHANGE,
): TProfileUpdate => ({
  ...(values.name.trim() !== saved.name ? { name: values.name.trim() } : {}),
  ...(values.email.trim() !== saved.email ? { email: values.email.trim() } : {}),
  ...(values.decimal_mark !== saved.decimal_mark ? { decimal_mark: values.decimal_mark } : {}),
  ...(logo.isRemoved && !logo.file ? { remove_logo: true } : {}),
});

export const isProfileDirty = (saved: ProfileValues, values: ProfileValues, logo: LogoChange): boolean =>
  logo.file !== null || Object.keys(profileChanges(saved, values, logo)).length > 0;
