/**
 * The dialogs of the location audiences, opened on the dialog stack (§2): the location audience form (create,
 * edit; it loads the audience's areas first), duplicate, delete and history.
 */
import {
  duplicateLocationAudienceName,
  ZLocationAudienceDuplicate,
} from '@beacon/domain/validation/location-audience-form';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { errorMessage } from '../../../../api/api-error';
import { useDialogStack } from '../../../../app/dialogs/dialog-stack';
import { lazy } from '../../../../lib/lazy';
import { enqueueSnackbar } from '../../../../lib/snackbar';
import { DeleteResourceDialog } from '../../components/DeleteResourceDialog';
import { DuplicateResourceDialog } from '../../components/DuplicateResourceDialog';
import { HistoryDialog } from '../../components/HistoryDialog';
import {
  deleteLocationAudience,
  duplicateLocationAudience,
  fetchLocationAudience,
  fetchLocationAudienceHistory,
  LOCATION_AUDIENCES_QUERY_KEY,
  type LocationAudience,
  type LocationAudienceRow,
  locationAudienceQueryKey,
} from '../api/location-audience';

const LocationAudienceDialog = lazy(() =>
  import('../components/LocationAudienceDialog').then((module) => ({
    default: module.LocationAudienceDialog,
  })),
);

export type LocationAudienceDialogs = {
  readonly openCreate: () => void;
  /** With its areas when the caller has them (the detail page), else they are loaded first. */
  readonly openEdit: (audience: LocationAudienceRow | LocationAudience) => void;
  readonly openDuplicate: (audience: LocationAudienceRow) => void;
  readonly openDelete: (audience: LocationAudienceRow, onDeleted?: () => void) => void;
  readonly openHistory: (audience: LocationAudienceRow) => void;
};

export const useLocationAudienceDialogs = (): LocationAudienceDialogs => {
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: LOCATION_AUDIENCES_QUERY_KEY });
    const openWithAreas = (audience: LocationAudience | null) =>
      stack.open(
        `location-audience-${audience?.id ?? 'new'}`,
        <Suspense fallback={null}>
          <LocationAudienceDialog audience={audience} />
        </Suspense>,
      );
    return {
      openCreate: () => openWithAreas(null),
      openEdit: (audience) => {
        if ('areas' in audience) {
          openWithAreas(audience);
          return;
        }
        queryClient
          .fetchQuery({
            queryKey: locationAudienceQueryKey(audience.id),
            queryFn: ({ signal }) => fetchLocationAudience(audience.id, signal),
          })
          .then(openWithAreas)
          .catch((error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }));
      },
      openDuplicate: (audience) =>
        stack.open(
          'duplicate-location-audience',
          <DuplicateResourceDialog
            kind="location audience"
            sourceName={audience.name}
            defaultName={duplicateLocationAudienceName(audience.name)}
            schema={ZLocationAudienceDuplicate}
            description="The copy gets every area, the dates, max users, time range, time zone and precision."
            onDuplicate={async (name) => {
              const copy = await duplicateLocationAudience(audience.id, { name });
              await refresh();
              return copy;
            }}
          />,
        ),
      openDelete: (audience, onDeleted) =>
        stack.open(
          'delete-location-audience',
          <DeleteResourceDialog
            kind="location audience"
            name={audience.name}
            onDelete={async () => {
              await deleteLocationAudience(audience.id, audience.version);
              await refresh();
            }}
            onDeleted={onDeleted}
          />,
        ),
      openHistory: (audience) =>
        stack.open(
          'location-audience-history',
          <HistoryDialog
            title={`History of ${audience.name}`}
            queryKey={[...LOCATION_AUDIENCES_QUERY_KEY, 'history', audience.id]}
            fetcher={(signal) => fetchLocationAudienceHistory(audience.id, signal)}
          />,
        ),
    };
  }, [stack, queryClient]);
};
