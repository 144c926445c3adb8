import { EXCHANGE_LIST_SPEC } from '@beacon/domain/api/exchanges';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/branding';
import { readGridUrlState } from '../../components/data-grid/grid-url-state';
import { ServerDataGrid } from '../../components/data-grid/ServerDataGrid';
import { EXCHANGE_LIST_QUERY_KEY, type ExchangeRow, fetchExchanges } from './api/exchanges';
import { exchangeColumns } from './components/exchange-columns';
import { useExchangeDialogs } from './hooks/use-exchange-dialogs';

const GRID_HEIGHT = 560;

const getRowId = (row: ExchangeRow) => row.id;

/**
 * `/backoffice/exchanges`: the exchanges the bidder answers (docs/engine.md), with search, filters and sort in
 * the URL; create, edit, delete, and each one's token (copy, rotate).
 */
export const ExchangesPage = () => {
  usePageTitle('Exchanges · Back office');
  const dialogs = useExchangeDialogs();
  const [searchParams] = useSearchParams();
  const state = useMemo(() => readGridUrlState(searchParams, EXCHANGE_LIST_SPEC), [searchParams]);
  const columns = useMemo(
    () =>
      exchangeColumns({ onEdit: dialogs.openEdit, onToken: dialogs.openToken, onDelete: dialogs.openDelete }),
    [dialogs],
  );
  const isFiltered = state.search !== '' || state.filters.length > 0;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="overline" component="p" color="text.secondary">
          Back office
        </Typography>
        <Typography variant="h1">Exchanges</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
          The exchanges the bidder answers. Each one sends its bid requests to /rtb/&#123;key&#125; with its
          token, or from one of its allowed addresses.
        </Typography>
      </Box>
      <ServerDataGrid<ExchangeRow>
        spec={EXCHANGE_LIST_SPEC}
        columns={columns}
        queryKey={EXCHANGE_LIST_QUERY_KEY}
        fetcher={fetchExchanges}
        label="Exchanges"
        getRowId={getRowId}
        searchLabel="Search exchanges"
        emptyText={isFiltered ? 'No exchange matches the search or filters' : 'No exchanges yet'}
        height={GRID_HEIGHT}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={dialogs.openCreate}>
            New exchange
          </Button>
        }
      />
    </Stack>
  );
};
