import { CREATIVE_LIST_SPEC } from '@beacon/domain/validation/creative-form';
import Add from '@mui/icons-material/Add';
import BrushOutlined from '@mui/icons-material/BrushOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/branding';
import { selectActiveIdentity, useSessionStore } from '../../app/session/session-store';
import {
  CREATIVE_LIST_QUERY_KEY,
  type CreativeRow,
  creativePath,
  fetchCreatives,
  pollWhileProcessing,
} from '../../components/creative/api/creative';
import { canWriteCreatives } from '../../components/creative/creative-access';
import { creativeInfoColumns, creativeNameColumn } from '../../components/creative/creative-columns';
import { readGridUrlState } from '../../components/data-grid/grid-url-state';
import { ServerDataGrid } from '../../components/data-grid/ServerDataGrid';
import { useCreativeDialogs } from './hooks/use-creative-dialogs';

const GRID_HEIGHT = 680;

const getRowId = (row: CreativeRow) => row.id;

/**
 * `/creatives` (§2): the creatives library — thumbnails, search, filters by type and state (and the others of
 * the list), sort and paging in the URL; a new creative of any type, tags in bulk from an XLSX sheet, and the
 * creatives report as CSV.
 */
export const CreativesPage = () => {
  usePageTitle('Creatives');
  const identity = useSessionStore(selectActiveIdentity);
  const canWrite = identity ? canWriteCreatives(identity) : false;
  const dialogs = useCreativeDialogs();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const state = useMemo(() => readGridUrlState(searchParams, CREATIVE_LIST_SPEC), [searchParams]);
  const columns = useMemo<GridColDef<CreativeRow>[]>(() => [creativeNameColumn, ...creativeInfoColumns], []);
  const isFiltered = state.search !== '' || state.filters.length > 0;
  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h1">Creatives</Typography>
        <Typography color="text.secondary">
          Images, tags, videos, VAST, native, audio and rich media ads of your organizations. New and changed
          creatives wait for approval before they serve.
        </Typography>
      </Box>
      <ServerDataGrid<CreativeRow>
        spec={CREATIVE_LIST_SPEC}
        columns={columns}
        queryKey={CREATIVE_LIST_QUERY_KEY}
        fetcher={fetchCreatives}
        label="Creatives"
        getRowId={getRowId}
        searchLabel="Search creatives"
        emptyText={
          isFiltered
            ? 'No creative matches the search or filters'
            : canWrite
              ? 'No creatives yet: create one with New creative'
              : 'No creatives yet'
        }
        height={GRID_HEIGHT}
        onRowClick={({ row }) => void navigate(creativePath(row.id))}
        refreshEvery={pollWhileProcessing}
        actions={
          <>
            <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={dialogs.openReport}>
              Report
            </Button>
            {canWrite && (
              <>
                <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={dialogs.openBulkTags}>
                  Bulk tags
                </Button>
                <Button variant="outlined" startIcon={<BrushOutlined />} onClick={dialogs.openStudio}>
                  Creative studio
                </Button>
                <Button variant="contained" startIcon={<Add />} onClick={() => dialogs.openCreate()}>
                  New creative
                </Button>
              </>
            )}
          </>
        }
      />
    </Box>
  );
};
