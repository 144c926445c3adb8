/**
 * Saving a section of the organization's account pages (branding, settings): PUT /v2/organization/{id} at the
 * version last read. A save puts the answer in the query cache and the form; a stale version (409
 * `STALE_VERSION`, somebody else saved first) shows the saved values again with a warning; the server's field
 * messages go on the form's fields, any other failure above the form. Below every section's form (the
 * profile's too), Discard changes and Save.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { isStaleVersionError } from '../../../lib/resource-form-errors';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { type AccountOrganization, organizationQueryOptions } from '../api/organization';

export type SectionFailure = { readonly message: string; readonly severity: 'warning' | 'error' };

export type SectionSaveOptions = {
  readonly organization: AccountOrganization;
  /** Puts an organization's saved values back in the form (after a save, a stale answer, or a discard). */
  readonly reset: (source: AccountOrganization) => void;
  /** Shows a refused save's field messages on the form's fields; false when it has none for them. */
  readonly showsFieldErrors: (error: unknown) => boolean;
  /** Said above the form when somebody else saved first. */
  readonly staleMessage: string;
  /** The snackbars of a save and of a failure: "The branding has been saved"… */
  readonly savedMessage: string;
  readonly notSavedMessage: string;
  /** After a save, before the snackbar: what else follows the organization (the session, other lists). */
  readonly afterSave?: () => Promise<unknown>;
  /** After a stale answer, once the saved values are shown again. */
  readonly afterStale?: () => Promise<unknown>;
};

export const useSectionSave = ({
  organization,
  reset,
  showsFieldErrors,
  staleMessage,
  savedMessage,
  notSavedMessage,
  afterSave,
  afterStale,
}: SectionSaveOptions) => {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<SectionFailure>();
  const [isBusy, setIsBusy] = useState(false);
  const queryOptions = organizationQueryOptions(organization.id);

  const save = async (run: () => Promise<AccountOrganization>): Promise<void> => {
    setFailure(undefined);
    setIsBusy(true);
    try {
      const updated = await run();
      queryClient.setQueryData(queryOptions.queryKey, updated);
      reset(updated);
      await afterSave?.();
      enqueueSnackbar(savedMessage, { variant: 'success' });
    } catch (error) {
      if (isStaleVersionError(error)) {
        setFailure({ message: staleMessage, severity: 'warning' });
        const fresh = await queryClient.fetchQuery({ ...queryOptions, staleTime: 0 }).catch(() => undefined);
        if (fresh) reset(fresh);
        await afterStale?.();
        return;
      }
      if (!showsFieldErrors(error)) {
        setFailure({ message: errorMessage(error), severity: 'error' });
        enqueueSnackbar(notSavedMessage, { variant: 'error' });
      }
    } finally {
      setIsBusy(false);
    }
  };

  return {
    failure,
    /** Clears the failure shown above the form (a new submission that its own checks stop). */
    clearFailure: () => setFailure(undefined),
    isBusy,
    save,
  };
};

/** The section's failure above its form: a warning when somebody else saved first, else an error. */
export const SectionFailureAlert = ({ failure }: { readonly failure: SectionFailure | undefined }) =>
  failure ? (
    <Alert severity={failure.severity} sx={{ mb: 2 }}>
      {failure.message}
    </Alert>
  ) : null;

/** Discard changes (back to the saved values) and the section's submit button, enabled while it is changed. */
export const SectionSaveFooter = ({
  isDirty,
  isBusy,
  onDiscard,
  submitLabel,
}: {
  readonly isDirty: boolean;
  readonly isBusy: boolean;
  readonly onDiscard: () => void;
  readonly submitLabel: string;
}) => (
  <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
    <Button onClick={onDiscard} disabled={!isDirty || isBusy}>
      Discard changes
    </Button>
    <Button type="submit" variant="contained" loading={isBusy} disabled={!isDirty}>
      {submitLabel}
    </Button>
  </Stack>
);
