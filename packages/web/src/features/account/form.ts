/**
 * Form helpers of the account pages: a domain schema's §5 messages field by field, and the server's answer to
 * a failed save (400 details, 409 taken username or email) on the fields a form shows.
 */
import { isApiError } from '../../api/api-error';
import { detailErrors, type FieldErrors } from '../../lib/form-errors';

/** What these helpers need of a Zod schema. */
type Checkable = {
  readonly safeParse: (value: unknown) => {
    readonly error?: {
      readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
    };
  };
};

/** The first message of each top-level field a schema refuses; none when the value passes. */
export const schemaErrors = <TField extends string>(
  schema: Checkable,
  value: unknown,
): FieldErrors<TField> => {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) {
    const [field] = issue.path;
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors as FieldErrors<TField>;
};

/** The server's field messages of a failed save, for the fields the form shows. */
export const serverFieldErrors = <TField extends string>(
  error: unknown,
  fields: readonly TField[],
): FieldErrors<TField> => (isApiError(error) ? detailErrors(error.details, fields) : {});
