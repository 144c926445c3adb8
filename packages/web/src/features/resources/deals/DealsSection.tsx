import { canEdit } from '@beacon/domain/access/permissions';
import { DEAL_LIST_SPEC } from '@beacon/domain/validation/deal-form';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { readGridUrlState } from '../../../components/data-grid/grid-url-state';
import { ServerDataGrid } from '../../../components/data-grid/ServerDataGrid';
import { DEAL_LIST_QUERY_KEY, type DealRow, fetchDeals } from './api/deal';
import { dealColumns } from './components/deal-columns';
import { useDealDialogs } from './hooks/use-deal-dialogs';

const GRID_HEIGHT = 640;

const getRowId = (row: DealRow) => row.id;

/**
 * `/resources/deals`: the deals the user may see, with search (name or deal ID), filters, sort and paging in
 * the URL; create, edit, duplicate and delete for the roles that edit; monitor and history for all.
 */
export const DealsSection = () => {
  const identity = useSessionStore(selectActiveIdentity);
  const isEditor = identity ? canEdit(identity.role) : false;
  const dialogs = useDealDialogs();
  const [searchParams] = useSearchParams();
  const state = useMemo(() => readGridUrlState(searchParams, DEAL_LIST_SPEC), [searchParams]);
  const columns = useMemo(
    () =>
      dealColumns({
        canEdit: isEditor,
        onEdit: dialogs.openEdit,
        onDuplicate: dialogs.openDuplicate,
        onDelete: dialogs.openDelete,
        onMonitor: dialogs.openMonitor,
        onHistory: dialogs.openHistory,
      }),
    [isEditor, dialogs],
  );
  const isFiltered = state.search !== '' || state.filters.length > 0;
  return (
    <ServerDataGrid<DealRow>
      spec={DEAL_LIST_SPEC}
      columns={columns}
      queryKey={DEAL_LIST_QUERY_KEY}
      fetcher={fetchDeals}
      label="Deals"
      getRowId={getRowId}
      searchLabel="Search deals"
      emptyText={isFiltered ? 'No deal matches the search or filters' : 'No deals yet'}
      height={GRID_HEIGHT}
      actions={
        isEditor && (
          <Button variant="contained" startIcon={<Add />} onClick={dialogs.openCreate}>
            New deal
          </Button>
        )
      }
    />
  );
};
