import { canEditAudiences } from '@beacon/domain/access/permissions';
import { LOCATION_PRECISION_LABELS } from '@beacon/domain/dictionary/audiences';
import { GEOLIST_DEFAULT_RADIUS } from '@beacon/domain/dictionary/constants';
import { ZLocationAudienceUpdate } from '@beacon/domain/validation/location-audience-form';
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
import { formatNumber } from '../../../lib/format';
import { checkWith, isStaleVersionError } from '../../../lib/resource-form-errors';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { AreasEditor } from '../components/AreasEditor';
import type { MapArea } from '../components/map-areas';
import {
  fetchLocationAudience,
  LOCATION_AUDIENCES_QUERY_KEY,
  type LocationAudience,
  locationAudienceQueryKey,
  updateLocationAudience,
} from './api/location-audience';
import { useLocationAudienceDialogs } from './hooks/use-location-audience-dialogs';

const AUDIENCES_PATH = '/resources/audiences';

type AreasProps = { readonly audience: LocationAudience; readonly isEditable: boolean };

/** The audience's areas on the map, edited in place and saved at the version read. */
const LocationAudienceAreas = ({ audience, isEditable }: AreasProps) => {
  const queryClient = useQueryClient();
  const [areas, setAreas] = useState<readonly MapArea[] | null>(null);
  const [failure, setFailure] = useState<{ readonly message: string; readonly isStale: boolean } | null>(
    null,
  );
  const [isSaving, setIsSaving] = useState(false);
  const isDirty = areas !== null;
  useUnsavedChanges(`location-audience-areas-${audience.id}`, isDirty);

  const save = async () => {
    if (!areas) return;
    setFailure(null);
    const check = checkWith(ZLocationAudienceUpdate, { version: audience.version, areas });
    if (!check.ok) {
      setFailure({ message: Object.values(check.errors).join(' '), isStale: false });
      return;
    }
    setIsSaving(true);
    try {
      await updateLocationAudience(audience.id, check.value);
      await queryClient.invalidateQueries({ queryKey: LOCATION_AUDIENCES_QUERY_KEY });
      setAreas(null);
      enqueueSnackbar(`Areas of ${audience.name} saved`, { variant: 'success' });
    } catch (error) {
      setFailure({ message: errorMessage(error), isStale: isStaleVersionError(error) });
    } finally {
      setIsSaving(false);
    }
  };

  const reload = async () => {
    setAreas(null);
    setFailure(null);
    await queryClient.invalidateQueries({ queryKey: locationAudienceQueryKey(audience.id) });
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
        areas={areas ?? audience.areas}
        onChange={isEditable ? setAreas : undefined}
        defaultRadius={GEOLIST_DEFAULT_RADIUS}
        label={audience.name}
        fitKey={`${audience.id}:${audience.version}`}
      />
      {isEditable && (
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

/** `/resources/location-audience/{id}` (spec §2): a location audience's settings and its areas on the map. */
export const LocationAudiencePage = () => {
  const { id = '' } = useParams();
  const audienceId = Number(id);
  const navigate = useNavigate();
  const identity = useSessionStore(selectActiveIdentity);
  const isEditor = identity ? canEditAudiences(identity.role) : false;
  const dialogs = useLocationAudienceDialogs();
  const query = useQuery({
    queryKey: locationAudienceQueryKey(audienceId),
    queryFn: ({ signal }) => fetchLocationAudience(audienceId, signal),
    enabled: Number.isSafeInteger(audienceId) && audienceId > 0,
  });
  usePageTitle(query.data ? `${query.data.name} · Location audiences` : 'Location audience');

  if (query.isPending && query.fetchStatus !== 'idle') {
    return <LinearProgress aria-label="Loading the location audience" />;
  }
  if (!(Number.isSafeInteger(audienceId) && audienceId > 0) || isNotFoundError(query.error))
    return <NotFoundPage />;
  if (!query.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">
          {query.error ? errorMessage(query.error) : 'This location audience does not exist'}
        </Alert>
        <Button component={RouterLink} to={AUDIENCES_PATH} startIcon={<ArrowBack />}>
          Back to audiences
        </Button>
      </Stack>
    );
  }
  const audience = query.data;
  const isLive = audience.state !== 'deleted';
  return (
    <Stack spacing={3}>
      <Box>
        <Button component={RouterLink} to={AUDIENCES_PATH} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
          Audiences
        </Button>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
        >
          <Box>
            <Typography variant="overline" component="p" color="text.secondary">
              Location audience{isLive ? '' : ' · deleted'}
            </Typography>
            <Typography variant="h1">{audience.name}</Typography>
            <Typography color="text.secondary">
              {audience.start_date} to {audience.end_date} · up to {formatNumber(audience.max_users)} users ·{' '}
              {audience.time_range.from}–{audience.time_range.to} {audience.timezone} ·{' '}
              {LOCATION_PRECISION_LABELS[audience.precision]} precision · {formatNumber(audience.areas_count)}{' '}
              {audience.areas_count === 1 ? 'area' : 'areas'}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={() => dialogs.openHistory(audience)}>
              History
            </Button>
            {isEditor && isLive && (
              <>
                <Button variant="outlined" onClick={() => dialogs.openEdit(audience)}>
                  Edit
                </Button>
                <Button variant="outlined" onClick={() => dialogs.openDuplicate(audience)}>
                  Duplicate
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  onClick={() => dialogs.openDelete(audience, () => void navigate(AUDIENCES_PATH))}
                >
                  Delete
                </Button>
              </>
            )}
          </Stack>
        </Stack>
      </Box>
      <LocationAudienceAreas
        key={`${audience.id}:${audience.version}`}
        audience={audience}
        isEditable={isEditor && isLive}
      />
    </Stack>
  );
};
