import { BACKOFFICE_TABLE_HEIGHT } from '@beacon/domain/dictionary/constants';
import { CREATIVE_LIST_SPEC } from '@beacon/domain/validation/creative-form';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GridActionsCellItem, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { usePageTitle } from '../../app/branding';
import { EMPTY_SELECTION } from '../../components/campaign/campaign-list';
import type { CreativeRow } from '../../components/creative/api/creative';
import { creativeInfoColumns, creativeNameColumn } from '../../components/creative/creative-columns';
import { ServerDataGrid } from '../../components/data-grid/ServerDataGrid';
import { CREATIVE_QUEUE_QUERY_KEY, fetchCreativeQueue } from './api/creative-review';
import { useCreativeReview } from './hooks/use-creative-review';

const SMALL_TABLE_HEIGHT = 520;

/** §9: the back-office table is 850px high on large screens and 600px on medium ones. */
const useTableHeight = (): number => {
  const theme = useTheme();
  const isLarge = useMediaQuery(theme.breakpoints.up('lg'));
  const isMedium = useMediaQuery(theme.breakpoints.up('md'));
  if (isLarge) return BACKOFFICE_TABLE_HEIGHT.large;
  return isMedium ? BACKOFFICE_TABLE_HEIGHT.medium : SMALL_TABLE_HEIGHT;
};

const getRowId = (row: CreativeRow) => row.id;

/**
 * `/backoffice/creatives`: the operator's approval queue — every organization's creatives waiting for approval
 * (other states through the state filter), each previewed in its sandboxed frame, approved or rejected with a
 * reason, one by one or the selected ones together.
 */
export const CreativesPage = () => {
  usePageTitle('Creatives · Back office');
  const height = useTableHeight();
  const review = useCreativeReview();
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [isApproving, setIsApproving] = useState(false);

  // The rows of the selection, from the page's cache (the queue pages on the server).
  const selectedRows = (): CreativeRow[] => {
    const ids = selection.type === 'include' ? selection.ids : null;
    const pages = queryClient.getQueriesData<{ rows: CreativeRow[] }>({ queryKey: CREATIVE_QUEUE_QUERY_KEY });
    const rows = new Map<number, CreativeRow>();
    for (const [, data] of pages) for (const row of data?.rows ?? []) rows.set(row.id, row);
    return [...rows.values()].filter((row) => (ids ? ids.has(row.id) : !selection.ids.has(row.id)));
  };
  const selectedCount = selection.type === 'include' ? selection.ids.size : selectedRows().length;
  const clearSelection = () => setSelection(EMPTY_SELECTION);

  const columns = useMemo<GridColDef<CreativeRow>[]>(
    () => [
      creativeNameColumn,
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Review',
        width: 132,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="preview"
            icon={<VisibilityOutlined />}
            label={`Preview ${row.name}`}
            onClick={() => review.openPreview(row)}
          />,
          ...(row.state === 'pending-approval'
            ? [
                <GridActionsCellItem
                  key="approve"
                  icon={<CheckCircleOutline color="success" />}
                  label={`Approve ${row.name}`}
                  onClick={() => void review.approve([row])}
                />,
                <GridActionsCellItem
                  key="reject"
                  icon={<HighlightOff color="error" />}
                  label={`Reject ${row.name}`}
                  onClick={() => review.openReject([row])}
                />,
              ]
            : []),
        ],
      },
      ...creativeInfoColumns,
    ],
    [review],
  );

  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <Typography variant="overline" component="p" color="text.secondary">
          Back office
        </Typography>
        <Typography variant="h1">Creatives</Typography>
        <Typography color="text.secondary">
          Creatives waiting for approval, from every organization. Filter by state to see approved or rejected
          ones.
        </Typography>
      </Box>
      {selectedCount > 0 && (
        <Paper
          variant="outlined"
          role="region"
          aria-label="Selected creatives"
          sx={{ p: 1.5, mb: 2, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
        >
          <Typography sx={{ mr: 'auto' }}>
            {selectedCount} {selectedCount === 1 ? 'creative' : 'creatives'} selected
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button onClick={clearSelection}>Clear</Button>
            <Button
              color="error"
              variant="outlined"
              onClick={() => review.openReject(selectedRows(), clearSelection)}
            >
              Reject selected
            </Button>
            <Button
              variant="contained"
              loading={isApproving}
              onClick={() => {
                setIsApproving(true);
                void review.approve(selectedRows()).then((isDone) => {
                  setIsApproving(false);
                  if (isDone) clearSelection();
                });
              }}
            >
              Approve selected
            </Button>
          </Stack>
        </Paper>
      )}
      <ServerDataGrid<CreativeRow>
        spec={CREATIVE_LIST_SPEC}
        columns={columns}
        queryKey={CREATIVE_QUEUE_QUERY_KEY}
        fetcher={fetchCreativeQueue}
        label="Creatives to review"
        getRowId={getRowId}
        searchLabel="Search creatives"
        emptyText="No creative is waiting for approval"
        height={height}
        checkboxSelection
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
      />
    </Box>
  );
};
