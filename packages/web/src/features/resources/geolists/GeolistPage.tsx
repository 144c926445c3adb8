import { canEdit } from '@beacon/domain/access/permissions';
import { LOCATION_PRECISION_LABELS } from '@beacon/domain/dictionary/audiences';
import { ZGeolistUpdate } from '@beacon/domain/validation/geolist-form';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage, isNotFoundError } from '../../../api/api-error';
import { usePageTitle } from '../../../app/branding';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { useUnsavedChanges } from '../../../app/unsaved-changes';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { checkWith, isStaleVersionError } from '../../../lib/resource-form-errors';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { AreasEditor } from '../components/AreasEditor';
import type { MapArea } from '../components/map-areas';
import {
  fetchGeolist,
  GEOLISTS_QUERY_KEY,
  type Geolist,
  geolistQueryKey,
  updateGeolist,
} from './api/geolist';
import { cityName, countryName } from './components/place-fields';
import { useGeolistDialogs } from './hooks/use-geolist-dialogs';

const GEOLISTS_PATH = '/resources/geolists';

/** A geolist area as PUT /geolist/{id} takes it: no name rather than a null one. */
const areaBody = ({ name, ...area }: MapArea) => (name ? { ...area, name } : area);

const placeOf = (geolist: Geolist): string =>
  [geolist.country && countryName(geolist.country), geolist.region, geolist.city && cityName(geolist.city)]
    .filter((part) => part)
    .join(' · ') || 'No place';

type EditorProps = { readonly geolist: Geolist; readonly isEditor: boolean };

const GeolistAreas = ({ geolist, isEditor }: EditorProps) => {
  const queryClient = useQueryClient();
  const [areas, setAreas] = useState<readonly MapArea[] | null>(null);
  const [failure, setFailure] = useState<{ readonly message: string; readonly isStale: boolean } | null>(
    null,
  );
  const [isSaving, setIsSaving] = useState(false);
  const isDirty = areas !== null;
  useUnsavedChanges(`geolist-areas-${geolist.id}`, isDirty);
  const shown = areas ?? geolist.areas;

  const save = async () => {
    if (!areas) return;
    setFailure(null);
    const check = checkWith(ZGeolistUpdate, { version: geolist.version, areas: areas.map(areaBody) });
    if (!check.ok) {
      setFailure({ message: Object.values(check.errors).join(' '), isStale: false });
      return;
    }
    setIsSaving(true);
    try {
      await updateGeolist(geolist.id, check.value);
      await queryClient.invalidateQueries({ queryKey: GEOLISTS_QUERY_KEY });
      setAreas(null);
      enqueueSnackbar(`Areas of ${geolist.name} saved`, { variant: 'success' });
    } catch (error) {
      setFailure({ message: errorMessage(error), isStale: isStaleVersionError(error) });
    } finally {
      setIsSaving(false);
    }
  };

  const reload = async () => {
    setAreas(null);
    setFailure(null);
    await queryClient.invalidateQueries({ queryKey: geolistQueryKey(geolist.id) });
  };

  return (
    <Stack spacing={2}>
      {failure && (
        <Alert
          severity="error"
          role="alert"
          action={
            failure.isStale && (
              <Button color="inherit" size="small" onClick={() => void reload()}>
                Reload (drops your changes)
              </Button>
            )
          }
        >
          {failure.message}
        </Alert>
      )}
      <AreasEditor
        areas={shown}
        onChange={isEditor && geolist.state !== 'deleted' ? setAreas : undefined}
        defaultRadius={geolist.radius}
        label={geolist.name}
        fitKey={`${geolist.id}:${geolist.version}`}
      />
      {isEditor && geolist.state !== 'deleted' && (
        <Stack direction="row" spacing={1.5}>
          <Button variant="contained" onClick={() => void save()} disabled={!isDirty} loading={isSaving}>
            Save areas
          </Button>
          <Button onClick={() => setAreas(null)} disabled={!isDirty || isSaving}>
            Discard changes
          </Button>
        </Stack>
      )}
    </Stack>
  );
};

/** `/resources/geolist/{id}`: a geolist's place and settings, and its areas on the map, editable. */
export const GeolistPage = () => {
  const { id = '' } = useParams();
  const geolistId = Number(id);
  const navigate = useNavigate();
  const identity = useSessionStore(selectActiveIdentity);
  const isEditor = identity ? canEdit(identity.role) : false;
  const dialogs = useGeolistDialogs();
  const geolist = useQuery({
    queryKey: geolistQueryKey(geolistId),
    queryFn: ({ signal }) => fetchGeolist(geolistId, signal),
    enabled: Number.isSafeInteger(geolistId) && geolistId > 0,
  });
  usePageTitle(geolist.data ? `${geolist.data.name} · Geolists` : 'Geolist');

  if (geolist.isPending && geolist.fetchStatus !== 'idle')
    return <LinearProgress aria-label="Loading the geolist" />;
  if (!(Number.isSafeInteger(geolistId) && geolistId > 0) || isNotFoundError(geolist.error))
    return <NotFoundPage />;
  if (!geolist.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">
          {geolist.error ? errorMessage(geolist.error) : 'This geolist does not exist'}
        </Alert>
        <Button component={RouterLink} to={GEOLISTS_PATH} startIcon={<ArrowBack />}>
          Back to geolists
        </Button>
      </Stack>
    );
  }
  const data = geolist.data;
  const isLive = data.state !== 'deleted';
  return (
    <Stack spacing={3}>
      <Box>
        <Button component={RouterLink} to={GEOLISTS_PATH} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
          Geolists
        </Button>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
        >
          <Box>
            <Typography variant="overline" component="p" color="text.secondary">
              Geolist{isLive ? '' : ' · deleted'}
            </Typography>
            <Typography variant="h1">{data.name}</Typography>
            <Typography color="text.secondary">
              {placeOf(data)} · {formatNumber(data.areas_count)} {data.areas_count === 1 ? 'area' : 'areas'} ·
              default radius {formatNumber(data.radius)} m · {LOCATION_PRECISION_LABELS[data.precision]}{' '}
              precision · updated {formatDateTime(data.updated_at)}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={() => dialogs.openHistory(data)}>
              History
            </Button>
            {isEditor && isLive && (
              <>
                <Button variant="outlined" onClick={() => dialogs.openEdit(data)}>
                  Edit or upload
                </Button>
                <Button variant="outlined" onClick={() => dialogs.openDuplicate(data)}>
                  Duplicate
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  onClick={() => dialogs.openDelete(data, () => void navigate(GEOLISTS_PATH))}
                >
                  Delete
                </Button>
              </>
            )}
          </Stack>
        </Stack>
      </Box>
      <GeolistAreas key={`${data.id}:${data.version}`} geolist={data} isEditor={isEditor} />
    </Stack>
  );
};
