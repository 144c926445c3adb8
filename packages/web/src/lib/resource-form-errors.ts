/**
 * Errors of the resources forms: a Zod result or an API error becomes one message per field (the first), the
 * field being the first segment of the path (`areas.3.latitude` → `areas`) unless the form says otherwise
 * (`FieldOf`: a form with sub-fields); the rest shows above the form. Upload errors keep every bad line (the
 * server's `details[].line`).
 */
import { API_ERROR_CODES } from '@beacon/domain/api/error-codes';
import { type ApiError, isApiError } from '../api/api-error';

export type FieldErrors = Readonly<Record<string, string>>;

/** A schema's issue or a server's detail: the path of the field it is about, and its message. */
export type Issue = { readonly path: readonly PropertyKey[] | string; readonly message: string };

/** The field that shows the message of a dotted path (`location.countries.2` → `location.countries`). */
export type FieldOf = (path: string) => string;

const firstSegment: FieldOf = (path) => path.split('.')[0] ?? '';

const dottedPath = (path: readonly PropertyKey[] | string): string =>
  typeof path === 'string' ? path : path.map(String).join('.');

/** The first message of each field, the field of an issue being `fieldOf` its path (forms with sub-fields). */
export const firstMessageOfEachField = <P>(
  issues: readonly { readonly path: P; readonly message: string }[],
  fieldOf: (path: P) => string,
): FieldErrors => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
};

export const errorsOfIssues = (issues: readonly Issue[], fieldOf: FieldOf = firstSegment): FieldErrors =>
  firstMessageOfEachField(issues, (path) => fieldOf(dottedPath(path)));

export type FormCheck<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: FieldErrors };

/** What the domain's Zod schemas offer: the console checks a form with the exact schema of its call. */
export type FormSchema<T> = {
  readonly safeParse: (
    input: unknown,
  ) =>
    | { readonly success: true; readonly data: T }
    | { readonly success: false; readonly error: { readonly issues: readonly Issue[] } };
};

/** The form's values checked with the exact schema of the call. */
export const checkWith = <T>(schema: FormSchema<T>, input: unknown, fieldOf?: FieldOf): FormCheck<T> => {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: errorsOfIssues(result.error.issues, fieldOf) };
};

/** The field errors of a 400 answer (one per field), empty for any other failure. */
export const errorsOfApiError = (error: unknown, fieldOf?: FieldOf): FieldErrors =>
  isApiError(error)
    ? errorsOfIssues(
        error.details.map((detail) => ({ path: detail.path, message: detail.message })),
        fieldOf,
      )
    : {};

/**
 * Someone else saved first (409 `STALE_VERSION`): reading the row again is the way on. The one test of a stale
 * version in the console: by its code, since other conflicts (a deleted row, a name taken) answer 409 too.
 */
export const isStaleVersionError = (error: unknown): boolean =>
  isApiError(error) && error.code === API_ERROR_CODES.STALE_VERSION;

export type FileLineError = { readonly line: number | null; readonly message: string };

export type FileRejection = { readonly message: string; readonly lines: readonly FileLineError[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * A rejected upload (§5, §8): the file's message and each bad line with its number, from an answer carrying
 * `file_error`; null for any other failure.
 */
export const fileRejectionOf = (error: unknown): FileRejection | null => {
  if (!isApiError(error)) return null;
  const body: unknown = (error satisfies ApiError).body;
  if (!isRecord(body) || typeof body.file_error !== 'string') return null;
  const details = Array.isArray(body.details) ? body.details : [];
  const lines = details
    .filter(isRecord)
    .flatMap((detail): FileLineError[] =>
      typeof detail.message === 'string'
        ? [{ line: typeof detail.line === 'number' ? detail.line : null, message: detail.message }]
        : [],
    );
  // A detail without a line that repeats the file's message says nothing more.
  const extra = lines.filter((line) => line.line !== null || line.message !== error.message);
  return { message: error.message, lines: extra };
};
