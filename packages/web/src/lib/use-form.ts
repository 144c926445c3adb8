import { type FormEvent, useState } from 'react';
import { type ApiError, errorMessage, isApiError } from '../api/api-error';
import { detailErrors, type FieldErrors, hasErrors } from './form-errors';

export type FormValues<TField extends string> = Record<TField, string>;

export type FormOptions<TField extends string> = {
  /** Every field of the form with its first value; the server's details of these fields land on them. */
  readonly initialValues: FormValues<TField>;
  readonly validate: (values: FormValues<TField>) => FieldErrors<TField>;
  /** Field errors of a failed request beyond its validation details (e.g. a taken username, answered 409). */
  readonly apiFieldErrors?: (error: ApiError) => FieldErrors<TField>;
};

export type SubmitOptions = {
  /** Checked after the fields are valid: a message stops the submission and shows as the form's failure. */
  readonly precondition?: () => string | undefined;
};

/**
 * The state of a form of text fields that validates on submit, then again on every change once submitted.
 * `handleSubmit(action)` runs the request while busy; when it fails, the server's errors of the form's fields
 * land on them, and any other failure is the form's `failure` (shown above the fields).
 */
export const useForm = <TField extends string>({
  initialValues,
  validate,
  apiFieldErrors,
}: FormOptions<TField>) => {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<TField>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const change = (field: TField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isSubmitted) setErrors(validate(next));
  };

  const fieldErrorsOf = (error: unknown): FieldErrors<TField> => {
    if (!isApiError(error)) return {};
    const fields = Object.keys(initialValues) as TField[];
    return { ...detailErrors(error.details, fields), ...apiFieldErrors?.(error) };
  };

  const handleSubmit =
    (action: (values: FormValues<TField>) => Promise<void>, { precondition }: SubmitOptions = {}) =>
    async (event: FormEvent) => {
      event.preventDefault();
      setIsSubmitted(true);
      setFailure(undefined);
      const found = validate(values);
      setErrors(found);
      if (hasErrors(found)) return;
      const unmet = precondition?.();
      if (unmet !== undefined) {
        setFailure(unmet);
        return;
      }
      setIsBusy(true);
      try {
        await action(values);
      } catch (error) {
        const fieldErrors = fieldErrorsOf(error);
        setErrors(fieldErrors);
        if (!hasErrors(fieldErrors)) setFailure(errorMessage(error));
      } finally {
        setIsBusy(false);
      }
    };

  return { values, errors, failure, isBusy, change, handleSubmit };
};
