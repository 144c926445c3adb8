/**
 * The new password of a form and its confirmation: their fields and their §5 validation with the domain
 * rules (ZPassword, then 'The password does not match'). Shared by the change, expired, reset and sign-up forms.
 */
import { ZPassword } from '@beacon/domain/validation/account';
import { firstErrorMessage } from '@beacon/domain/validation/generic';
import { confirmationError, type FieldErrors } from '../lib/form-errors';

export type NewPasswordField = 'password' | 'confirmation';

export const NEW_PASSWORD_FIELDS: readonly NewPasswordField[] = ['password', 'confirmation'];

/** The errors of a new password and its confirmation; none when the password is strong and confirmed. */
export const validateNewPassword = (
  password: string,
  confirmation: string,
): FieldErrors<NewPasswordField> => ({
  password: firstErrorMessage(ZPassword, password),
  confirmation: confirmationError(password, confirmation),
});
