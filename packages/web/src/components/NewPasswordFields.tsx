import { PASSWORD_RULE_MESSAGE } from '@beacon/domain/validation/messages';
import type { FieldErrors } from '../lib/form-errors';
import { NEW_PASSWORD_FIELDS, type NewPasswordField } from './new-password';
import { PasswordField } from './PasswordField';

export type NewPasswordFieldsProps = {
  readonly values: Readonly<Record<NewPasswordField, string>>;
  readonly errors: FieldErrors<NewPasswordField>;
  readonly onChange: (field: NewPasswordField, value: string) => void;
  /** The labels of the two fields; 'New password' and 'Confirm the new password' unless told. */
  readonly labels?: Readonly<Record<NewPasswordField, string>>;
  /** Focuses the new password when the form opens. */
  readonly autoFocus?: boolean;
  /** Gives the inputs the names of their fields (`password`, `confirmation`). */
  readonly isNamed?: boolean;
  /** What the confirmation's helper text says while it has no error (e.g. ' ' to keep its line). */
  readonly confirmationHint?: string;
};

const NEW_PASSWORD_LABELS = { password: 'New password', confirmation: 'Confirm the new password' };

/**
 * A new password and its confirmation (`autocomplete="new-password"`, both required): the password states the
 * §5 rule until it has an error, and each error is its field's accessible description.
 */
export const NewPasswordFields = ({
  values,
  errors,
  onChange,
  labels = NEW_PASSWORD_LABELS,
  autoFocus = false,
  isNamed = false,
  confirmationHint,
}: NewPasswordFieldsProps) => {
  const hints = { password: PASSWORD_RULE_MESSAGE, confirmation: confirmationHint };
  return NEW_PASSWORD_FIELDS.map((field) => (
    <PasswordField
      key={field}
      autoFocus={autoFocus && field === 'password'}
      label={labels[field]}
      name={isNamed ? field : undefined}
      autoComplete="new-password"
      value={values[field]}
      onChange={(event) => onChange(field, event.target.value)}
      error={errors[field] !== undefined}
      helperText={errors[field] ?? hints[field]}
      required
    />
  ));
};
