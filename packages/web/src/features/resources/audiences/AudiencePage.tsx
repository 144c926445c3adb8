import { canEditAudiences } from '@beacon/domain/access/permissions';
import { formatMatchRate } from '@beacon/domain/api/audiences';
import { AUDIENCE_KPI_LABELS, AUDIENCE_TYPE_LABELS } from '@beacon/domain/dictionary/audiences';
import { isUploadType } from '@beacon/domain/validation/audience-form';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage, isNotFoundError } from '../../../api/api-error';
import { usePageTitle } from '../../../app/branding';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { formatDateTime } from '../../../lib/format';
import { AUDIENCES_QUERY_KEY, audienceQueryKey, fetchAudience, fetchAudienceHistory } from './api/audience';
import { usersCountText } from './components/audience-columns';
import { useAudienceDialogs } from './hooks/use-audience-dialogs';
import { lastUploadOf, reportCounts } from './utils/upload-report';

const AUDIENCES_PATH = '/resources/audiences';
/** While a count is pending the page asks again this often, so "Updating…" turns into the number by itself. */
const UPDATING_POLL_MS = 3000;

/** `/resources/audience/{id}`: an audience's fields, its users count (or "Updating…"), upload and history. */
export const AudiencePage = () => {
  const { id } = useParams();
  const audienceId = Number(id);
  const navigate = useNavigate();
  const identity = useSessionStore(selectActiveIdentity);
  const dialogs = useAudienceDialogs();
  const query = useQuery({
    queryKey: audienceQueryKey(audienceId),
    queryFn: ({ signal }) => fetchAudience(audienceId, signal),
    enabled: Number.isSafeInteger(audienceId) && audienceId > 0,
    refetchInterval: (current) => (current.state.data?.users_count === null ? UPDATING_POLL_MS : false),
  });
  usePageTitle(query.data ? `${query.data.name} · Audiences` : 'Audience');
  const loaded = query.data;
  const isOwnLoaded =
    loaded !== undefined &&
    identity !== null &&
    !(loaded.is_shared && loaded.organization !== identity.organization.id);
  // The last upload's counts and match rate come from its history entry (the history dialog shares this query).
  const historyQuery = useQuery({
    queryKey: [...AUDIENCES_QUERY_KEY, 'history', audienceId],
    queryFn: ({ signal }) => fetchAudienceHistory(audienceId, signal),
    enabled: isOwnLoaded && isUploadType(loaded.type),
  });
  const lastUpload = historyQuery.data ? lastUploadOf(historyQuery.data) : null;

  if (query.isPending && query.fetchStatus !== 'idle') {
    return <LinearProgress aria-label="Loading the audience" />;
  }
  if (!(Number.isSafeInteger(audienceId) && audienceId > 0) || isNotFoundError(query.error))
    return <NotFoundPage />;
  if (!query.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">
          {query.error ? errorMessage(query.error) : 'This audience does not exist'}
        </Alert>
        <Button component={RouterLink} to={AUDIENCES_PATH} startIcon={<ArrowBack />}>
          Back to audiences
        </Button>
      </Stack>
    );
  }
  const audience = query.data;
  const isLive = audience.state !== 'deleted';
  const isOwn =
    identity !== null && !(audience.is_shared && audience.organization !== identity.organization.id);
  const isEditor = identity !== null && canEditAudiences(identity.role) && isOwn && isLive;
  const facts: [string, string][] = [
    ['Type', AUDIENCE_TYPE_LABELS[audience.type]],
    ['Users', usersCountText(audience)],
    ...(lastUpload
      ? ([
          ['Match rate', `${formatMatchRate(lastUpload.match_rate)} of the last upload`],
          ['Last upload', `${formatDateTime(lastUpload.at)}: ${reportCounts(lastUpload)}`],
        ] satisfies [string, string][])
      : []),
    ['Organization', audience.organization_name],
  ];
  if (audience.description) facts.push(['Description', audience.description]);
  if (audience.type === 'interaction') {
    facts.push(['KPIs', audience.kpis.map((kpi) => AUDIENCE_KPI_LABELS[kpi]).join(', ')]);
    facts.push(['Campaigns', audience.campaigns.map((campaign) => `#${campaign}`).join(', ')]);
  }
  if (audience.is_shared) facts.push(['Published', 'Yes, for every organization']);
  if (audience.users_counted_at) facts.push(['Counted', formatDateTime(audience.users_counted_at)]);
  facts.push(['Updated', formatDateTime(audience.updated_at)]);
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
              Audience{isLive ? '' : ' · deleted'}
            </Typography>
            <Typography variant="h1">{audience.name}</Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {isOwn && (
              <Button variant="outlined" onClick={() => dialogs.openHistory(audience)}>
                History
              </Button>
            )}
            {isEditor && (
              <>
                {isUploadType(audience.type) && (
                  <Button variant="contained" onClick={() => dialogs.openUpload(audience)}>
                    Upload identifiers
                  </Button>
                )}
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
      {audience.users_count === null && (
        <Alert severity="info">
          The users count is updating: it shows here as soon as the count has run.
        </Alert>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
      >
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
};
