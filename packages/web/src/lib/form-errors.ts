/**
 * Form errors: the domain's schemas give the §5 messages field by field (`firstErrorMessage`), and the
 * server's validation details (`details[{path, message}]`, docs/architecture.md "Requests") land on the fields a form shows.
 */
import { isPasswordConfirmed } from '@beacon/domain/validation/account';
import { PASSWORD_MISMATCH_MESSAGE, REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import type { ErrorDetail } from '../api/api-error';

export type FieldErrors<TField extends string> = Partial<Record<TField, string>>;

const isField = <TField extends string>(field: string, fields: readonly TField[]): field is TField =>
  fields.some((candidate) => candidate === field);

/** The first server detail of each field a form shows; details of other paths are left to the caller. */
export const detailErrors = <TField extends string>(
  details: readonly ErrorDetail[],
  fields: readonly TField[],
): FieldErrors<TField> => {
  const errors: FieldErrors<TField> = {};
  for (const detail of details) {
    const [field = ''] = detail.path.split('.');
    if (isField(field, fields) && errors[field] === undefined) errors[field] = detail.message;
  }
  return errors;
};

export const hasErrors = (errors: Readonly<Record<string, string | undefined>>): boolean =>
  Object.values(errors).some((message) => message !== undefined);

/** The §5 message of a password confirmation: required, then 'The password does not match'. */
export const confirmationError = (password: string, confirmation: string): string | undefined => {
  if (confirmation === '') return REQUIRED_MESSAGE;
  return isPasswordConfirmed({ password, confirmation }) ? undefined : PASSWORD_MISMATCH_MESSAGE;
};

/** A required field that is never trimmed (a password): only the empty value is missing. */
export const requiredError = (value: string): string | undefined =>
  value === '' ? REQUIRED_MESSAGE : undefined;
