import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useUnsavedChanges } from '../../../app/unsaved-changes';
import { CAMPAIGNS_QUERY_KEY } from '../../../components/campaign/api/campaign-row';
import { TimeZoneField } from '../../../components/TimeZoneField';
import { hasErrors } from '../../../lib/form-errors';
import {
  type AccountOrganization,
  organizationQueryOptions,
  updateOrganizationSettings,
} from '../api/organization';
import { SectionCard } from '../components/SectionCard';
import { isStaleVersion, serverFieldErrors } from '../form';

export const TIME_ZONE_PURPOSE = 'New campaigns start in this time zone. Existing campaigns keep their own.';

export const STALE_SETTINGS_MESSAGE =
  'Somebody else changed the organization while you were editing. Its saved time zone is shown again: choose once more.';

/** The form, once the organization (with its `version`) is loaded. */
const OrganizationSettingsForm = ({ organization }: { readonly organization: AccountOrganization }) => {
  const queryClient = useQueryClient();
  const [timeZone, setTimeZone] = useState(organization.time_zone);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<{ message: string; severity: 'warning' | 'error' }>();
  const [isBusy, setIsBusy] = useState(false);
  const isDirty = timeZone !== organization.time_zone;
  useUnsavedChanges('account-organization-settings', isDirty);

  const reset = (source: AccountOrganization) => {
    setTimeZone(source.time_zone);
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setIsBusy(true);
    try {
      const updated = await updateOrganizationSettings(organization.id, {
        time_zone: timeZone,
        version: organization.version,
      });
      queryClient.setQueryData(organizationQueryOptions(organization.id).queryKey, updated);
      reset(updated);
      // The new-campaign flow offers the organization's zone: it reads the organization again.
      await queryClient.invalidateQueries({ queryKey: [...CAMPAIGNS_QUERY_KEY, 'advertisers'] });
      enqueueSnackbar('The time zone has been saved', { variant: 'success' });
    } catch (caught) {
      if (isStaleVersion(caught)) {
        setFailure({ message: STALE_SETTINGS_MESSAGE, severity: 'warning' });
        const fresh = await queryClient
          .fetchQuery({ ...organizationQueryOptions(organization.id), staleTime: 0 })
          .catch(() => undefined);
        if (fresh) reset(fresh);
        return;
      }
      const fieldErrors = serverFieldErrors(caught, ['time_zone']);
      setError(fieldErrors.time_zone);
      if (!hasErrors(fieldErrors)) {
        setFailure({ message: errorMessage(caught), severity: 'error' });
        enqueueSnackbar('The time zone could not be saved', { variant: 'error' });
      }
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Organization settings">
      {failure && (
        <Alert severity={failure.severity} sx={{ mb: 2 }}>
          {failure.message}
        </Alert>
      )}
      <TimeZoneField
        value={timeZone}
        onChange={(next) => {
          setTimeZone(next);
          setError(undefined);
        }}
        error={error}
        helperText={TIME_ZONE_PURPOSE}
        disabled={isBusy}
      />
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mt: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }}
      >
        <Button onClick={() => reset(organization)} disabled={!isDirty || isBusy}>
          Discard changes
        </Button>
        <Button type="submit" variant="contained" loading={isBusy} disabled={!isDirty}>
          Save time zone
        </Button>
      </Stack>
    </Box>
  );
};

/**
 * The owner's settings of its organization (decision 042): the time zone its new campaigns start in
 * (docs/engine.md "Time zones"), saved with PUT /v2/organization/{id} at the version last read.
 */
export const OrganizationSettingsSection = ({
  organizationId,
  organizationName,
}: {
  readonly organizationId: number;
  readonly organizationName: string;
}) => {
  const organization = useQuery(organizationQueryOptions(organizationId));
  return (
    <SectionCard title="Organization settings" description={`Shared by everyone in ${organizationName}.`}>
      {organization.isPending && (
        <Skeleton variant="rounded" height={96} aria-label="Loading the organization settings" />
      )}
      {organization.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void organization.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(organization.error)}
        </Alert>
      )}
      {organization.data && <OrganizationSettingsForm organization={organization.data} />}
    </SectionCard>
  );
};
