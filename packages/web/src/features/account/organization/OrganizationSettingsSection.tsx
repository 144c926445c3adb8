import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { SectionFailureAlert, SectionSaveFooter, useSectionSave } from '../components/SectionSave';
import { serverFieldErrors } from '../form';

export const TIME_ZONE_PURPOSE = 'New campaigns start in this time zone. Existing campaigns keep their own.';

export const STALE_SETTINGS_MESSAGE =
  'Somebody else changed the organization while you were editing. Its saved time zone is shown again: choose once more.';

/** The form, once the organization (with its `version`) is loaded. */
const OrganizationSettingsForm = ({ organization }: { readonly organization: AccountOrganization }) => {
  const queryClient = useQueryClient();
  const [timeZone, setTimeZone] = useState(organization.time_zone);
  const [error, setError] = useState<string>();
  const isDirty = timeZone !== organization.time_zone;
  useUnsavedChanges('account-organization-settings', isDirty);

  const reset = (source: AccountOrganization) => {
    setTimeZone(source.time_zone);
    setError(undefined);
  };
  const section = useSectionSave({
    organization,
    reset,
    showsFieldErrors: (caught) => {
      const fieldErrors = serverFieldErrors(caught, ['time_zone']);
      setError(fieldErrors.time_zone);
      return hasErrors(fieldErrors);
    },
    staleMessage: STALE_SETTINGS_MESSAGE,
    savedMessage: 'The time zone has been saved',
    notSavedMessage: 'The time zone could not be saved',
    // The new-campaign flow offers the organization's zone: it reads the organization again.
    afterSave: () => queryClient.invalidateQueries({ queryKey: [...CAMPAIGNS_QUERY_KEY, 'advertisers'] }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void section.save(() =>
      updateOrganizationSettings(organization.id, { time_zone: timeZone, version: organization.version }),
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Organization settings">
      <SectionFailureAlert failure={section.failure} />
      <TimeZoneField
        value={timeZone}
        onChange={(next) => {
          setTimeZone(next);
          setError(undefined);
        }}
        error={error}
        helperText={TIME_ZONE_PURPOSE}
        disabled={section.isBusy}
      />
      <SectionSaveFooter
        isDirty={isDirty}
        isBusy={section.isBusy}
        onDiscard={() => reset(organization)}
        submitLabel="Save time zone"
      />
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
