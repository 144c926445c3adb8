/**
 * The state of a resource dialog's form (docs/decisions/020-resources-console.md "Forms"): the values checked
 * with the exact schema of the call, then sent with `useMutation`; the server's field errors (`details[].path`)
 * shown beside their fields, a rejected file with its bad lines, any other failure above the form (a stale
 * version flagged, for a dialog that offers to reload). The unsaved-changes flag (§2) is raised while the form
 * differs from what it opened with, until it is saved.
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../api/api-error';
import { useUnsavedChanges } from '../app/unsaved-changes';
import {
  errorsOfIssues,
  type FieldErrors,
  type FieldOf,
  type FileRejection,
  type FormSchema,
  type Issue,
  isStaleVersionError,
} from './resource-form-errors';

export type ResourceSaveOptions<T> = {
  /** The §2 unsaved-changes flag of the form and whether it is dirty now. */
  readonly unsaved?: { readonly id: string; readonly isDirty: boolean };
  /** Invalidated after a save, before `onSaved`. */
  readonly queryKey?: QueryKey;
  /** After a save: the snackbar, closing the dialog, opening the page… */
  readonly onSaved: (saved: T) => void | Promise<void>;
  /** A rejected upload as shown (its field errors are then left out); null for any other failure. */
  readonly rejectionOf?: (error: unknown) => FileRejection | null;
  /** False for a form without fields of its own (an upload): the server's field errors show above it. */
  readonly showsFieldErrors?: boolean;
  /** The failure's message shows above the form also when it names fields (a duplication error names the ID). */
  readonly alwaysShowsFailure?: boolean;
  /** Where a message shows, for a form with sub-fields (`location.countries`); the path's first segment otherwise. */
  readonly fieldOf?: FieldOf;
  /**
   * The field messages of the schema's issues and of the server's details, for a form that words them itself
   * (an address's line); the first message of each field (`fieldOf`) otherwise.
   */
  readonly errorsOf?: (issues: readonly Issue[]) => FieldErrors;
};

export type ResourceSave<T> = {
  readonly errors: FieldErrors;
  readonly setErrors: (errors: FieldErrors) => void;
  /** The failure that belongs to no field. */
  readonly failure: string | undefined;
  readonly setFailure: (failure: string | undefined) => void;
  /** The failure is a stale version (409): someone else saved first, and reading the row again is the way on. */
  readonly isStale: boolean;
  /** Counts the checks and saves that failed: ResourceDialog's `focusRequest` (the first invalid field). */
  readonly failedAttempts: number;
  readonly rejection: FileRejection | null;
  readonly setRejection: (rejection: FileRejection | null) => void;
  /** Sending, until the lists are refreshed and `onSaved` is done. */
  readonly isBusy: boolean;
  /** Saved: the unsaved-changes flag is down. */
  readonly isDone: boolean;
  readonly isDirty: boolean;
  /** Clears the last failure and checks `input` with the call's schema: its value, or null with the errors shown. */
  readonly check: <V>(schema: FormSchema<V>, input: unknown) => V | null;
  /** Runs the call(s); a null answer keeps the dialog open (what failed is already shown). */
  readonly save: (run: () => Promise<T | null>) => Promise<void>;
  /**
   * A stale version's Reload (`ReloadButton`): `read` puts the form on the row read again, and the failure goes;
   * a row that cannot be read says why instead.
   */
  readonly reload: (read: () => Promise<void>) => Promise<void>;
};

export const useResourceSave = <T>({
  unsaved,
  queryKey,
  onSaved,
  rejectionOf,
  showsFieldErrors = true,
  alwaysShowsFailure = false,
  fieldOf,
  errorsOf = (issues) => errorsOfIssues(issues, fieldOf),
}: ResourceSaveOptions<T>): ResourceSave<T> => {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailureState] = useState<{ readonly message: string; readonly isStale: boolean }>();
  const [rejection, setRejection] = useState<FileRejection | null>(null);
  const [isDone, setIsDone] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const setFailure = (message: string | undefined, isStale = false) =>
    setFailureState(message === undefined ? undefined : { message, isStale });
  const isDirty = unsaved !== undefined && !isDone && unsaved.isDirty;
  useUnsavedChanges(unsaved?.id ?? '', isDirty);

  const mutation = useMutation({
    mutationFn: async (run: () => Promise<T | null>): Promise<T | null> => {
      const saved = await run();
      if (saved === null) return null;
      setIsDone(true);
      if (queryKey) await queryClient.invalidateQueries({ queryKey });
      await onSaved(saved);
      return saved;
    },
  });

  const check = <V>(schema: FormSchema<V>, input: unknown): V | null => {
    setFailure(undefined);
    setRejection(null);
    const result = schema.safeParse(input);
    setErrors(result.success ? {} : errorsOf(result.error.issues));
    if (!result.success) setFailedAttempts((count) => count + 1);
    return result.success ? result.data : null;
  };

  const save = async (run: () => Promise<T | null>): Promise<void> => {
    setFailure(undefined);
    setRejection(null);
    try {
      await mutation.mutateAsync(run);
    } catch (error) {
      const fileRejection = rejectionOf?.(error) ?? null;
      const fieldErrors =
        fileRejection || !showsFieldErrors || !isApiError(error) ? {} : errorsOf(error.details);
      setRejection(fileRejection);
      setErrors(fieldErrors);
      if (!fileRejection && (alwaysShowsFailure || Object.keys(fieldErrors).length === 0))
        setFailure(errorMessage(error), isStaleVersionError(error));
      setFailedAttempts((count) => count + 1);
    }
  };

  const reload = async (read: () => Promise<void>): Promise<void> => {
    try {
      await read();
      setFailure(undefined);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return {
    errors,
    setErrors,
    failure: failure?.message,
    setFailure: (message) => setFailure(message),
    isStale: failure?.isStale ?? false,
    failedAttempts,
    rejection,
    setRejection,
    isBusy: mutation.isPending,
    isDone,
    /** Changed and not saved: closing the dialog asks first (ResourceDialog's `isDirty`). */
    isDirty,
    check,
    save,
    reload,
  };
};
