/**
 * The dialogs of the geolists screens, opened on the dialog stack (§2) and loaded on first use: the geolist
 * form (create, edit), duplicate, delete and history.
 */
import { duplicateGeolistName, ZGeolistDuplicate } from '@beacon/domain/validation/geolist-form';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { useDialogStack } from '../../../../app/dialogs/dialog-stack';
import { lazy } from '../../../../lib/lazy';
import { DeleteResourceDialog } from '../../components/DeleteResourceDialog';
import { DuplicateResourceDialog } from '../../components/DuplicateResourceDialog';
import { HistoryDialog } from '../../components/HistoryDialog';
import {
  deleteGeolist,
  duplicateGeolist,
  fetchGeolistHistory,
  GEOLISTS_QUERY_KEY,
  type GeolistRow,
} from '../api/geolist';

const GeolistDialog = lazy(() =>
  import('../components/GeolistDialog').then((module) => ({ default: module.GeolistDialog })),
);

export type GeolistDialogs = {
  readonly openCreate: () => void;
  readonly openEdit: (geolist: GeolistRow) => void;
  readonly openDuplicate: (geolist: GeolistRow) => void;
  readonly openDelete: (geolist: GeolistRow, onDeleted?: () => void) => void;
  readonly openHistory: (geolist: GeolistRow) => void;
};

export const useGeolistDialogs = (): GeolistDialogs => {
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: GEOLISTS_QUERY_KEY });
    return {
      openCreate: () =>
        stack.open(
          'geolist-new',
          <Suspense fallback={null}>
            <GeolistDialog geolist={null} />
          </Suspense>,
        ),
      openEdit: (geolist) =>
        stack.open(
          `geolist-${geolist.id}`,
          <Suspense fallback={null}>
            <GeolistDialog geolist={geolist} />
          </Suspense>,
        ),
      openDuplicate: (geolist) =>
        stack.open(
          'duplicate-geolist',
          <DuplicateResourceDialog
            kind="geolist"
            sourceName={geolist.name}
            defaultName={duplicateGeolistName(geolist.name)}
            schema={ZGeolistDuplicate}
            description="The copy gets the place, radius, precision and every area."
            onDuplicate={async (name) => {
              const copy = await duplicateGeolist(geolist.id, { name });
              await refresh();
              return copy;
            }}
          />,
        ),
      openDelete: (geolist, onDeleted) =>
        stack.open(
          'delete-geolist',
          <DeleteResourceDialog
            kind="geolist"
            name={geolist.name}
            onDelete={async () => {
              await deleteGeolist(geolist.id, geolist.version);
              await refresh();
            }}
            onDeleted={onDeleted}
          />,
        ),
      openHistory: (geolist) =>
        stack.open(
          'geolist-history',
          <HistoryDialog
            title={`History of ${geolist.name}`}
            queryKey={[...GEOLISTS_QUERY_KEY, 'history', geolist.id]}
            fetcher={(signal) => fetchGeolistHistory(geolist.id, signal)}
          />,
        ),
    };
  }, [stack, queryClient]);
};
