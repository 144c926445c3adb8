import { canAccess } from '@beacon/domain/access/permissions';
import {
  CREATIVE_AUDIT_STATUS_LABELS,
  CREATIVE_TECHNICAL_TYPE_LABELS,
  CREATIVE_TYPE_LABELS,
  CREATIVE_VALIDITY_LABELS,
  EVENT_PIXEL_KIND_LABELS,
  EVENT_PIXEL_KINDS,
  GOOGLE_APPROVAL_STATUS_LABELS,
} from '@beacon/domain/dictionary/creatives';
import {
  CREATIVE_PROCESSING_MESSAGE,
  CREATIVE_WITHOUT_VIDEO_MESSAGE,
} from '@beacon/domain/dictionary/error-catalogue';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage, isNotFoundError } from '../../api/api-error';
import { usePageTitle } from '../../app/branding';
import { selectActiveIdentity, useSessionStore } from '../../app/session/session-store';
import { campaignPath } from '../../components/campaign/campaign-paths';
import {
  CREATIVES_PATH,
  type Creative,
  creativeQueryOptions,
  creativeSize,
  LINK_STATE_LABELS,
  pollWhileProcessing,
} from '../../components/creative/api/creative';
import { CreativePreview } from '../../components/creative/CreativePreview';
import { CreativeStateChip, TranscodingChip } from '../../components/creative/CreativeStateChip';
import { canWriteCreatives } from '../../components/creative/creative-access';
import { attributeName, fileSizeText, languageName } from '../../components/creative/creative-text';
import { previewFrameSize } from '../../components/creative/preview-size';
import { NotFoundPage } from '../../components/NotFoundPage';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useCreativeDialogs } from './hooks/use-creative-dialogs';

const Section = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => (
  <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-label={title}>
    <Typography variant="h2" sx={{ mb: 2 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

type Field = { readonly label: string; readonly value: ReactNode };

const Fields = ({ fields }: { readonly fields: readonly Field[] }) => (
  <Box
    component="dl"
    sx={{
      m: 0,
      display: 'grid',
      gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
      columnGap: 3,
      rowGap: 1,
      '& dt': { color: 'text.secondary' },
      '& dd': { m: 0, overflowWrap: 'anywhere' },
    }}
  >
    {fields.map((field) => (
      <Box key={field.label} sx={{ display: 'contents' }}>
        <dt>{field.label}</dt>
        <dd>{field.value}</dd>
      </Box>
    ))}
  </Box>
);

const lines = (values: readonly string[]): ReactNode =>
  values.length === 0 ? '—' : values.map((value) => <Box key={value}>{value}</Box>);

/** The creative's settings as text, only those its type has. */
const fieldsOf = (creative: Creative): Field[] => {
  const fields: Field[] = [
    { label: 'ID', value: creative.id },
    { label: 'Advertiser', value: creative.organization_name },
    { label: 'Type', value: CREATIVE_TYPE_LABELS[creative.type] },
    { label: 'Technical type', value: CREATIVE_TECHNICAL_TYPE_LABELS[creative.technical_type] },
  ];
  const size = creativeSize(creative);
  if (size) fields.push({ label: 'Size', value: size });
  if (creative.asset) {
    const duration = creative.asset.duration_ms
      ? ` · ${formatNumber(creative.asset.duration_ms / 1000)} s`
      : '';
    fields.push({
      label: 'File',
      value: `${creative.asset.kind} · ${fileSizeText(creative.asset.bytes)}${duration}`,
    });
  }
  if (creative.companion) {
    fields.push({
      label: 'Companion ad',
      value: `${creative.companion.width}x${creative.companion.height} · ${fileSizeText(creative.companion.bytes)}`,
    });
  }
  if (creative.native) {
    fields.push(
      { label: 'Title', value: creative.native.title || '—' },
      { label: 'Description', value: creative.native.description || '—' },
      { label: 'Call to action', value: creative.native.call_to_action || '—' },
      { label: 'Sponsored by', value: creative.native.sponsored_by || '—' },
    );
  }
  fields.push({ label: 'Click URL', value: creative.click_url ?? '—' });
  fields.push({ label: 'Impression pixels', value: lines(creative.impression_pixels) });
  for (const kind of EVENT_PIXEL_KINDS) {
    const urls = creative.event_pixels[kind];
    if (urls && urls.length > 0)
      fields.push({ label: `${EVENT_PIXEL_KIND_LABELS[kind]} pixels`, value: lines(urls) });
  }
  if (creative.vast_url) fields.push({ label: 'VAST URL', value: creative.vast_url });
  if (creative.vast_xml) fields.push({ label: 'VAST XML', value: 'Given as a document' });
  if (creative.html_markup) {
    fields.push({
      label: 'HTML markup',
      value: (
        <Box
          component="pre"
          sx={{ m: 0, whiteSpace: 'pre-wrap', fontSize: 13, maxHeight: 160, overflow: 'auto' }}
          tabIndex={0}
        >
          {creative.html_markup}
        </Box>
      ),
    });
  }
  fields.push(
    {
      label: 'Language',
      value: languageName(creative.language),
    },
    {
      label: 'Attributes',
      value: creative.attributes.length === 0 ? '—' : creative.attributes.map(attributeName).join(', '),
    },
    { label: 'Boxing allowed', value: creative.boxing_allowed ? 'Yes' : 'No' },
    { label: 'Audit', value: CREATIVE_AUDIT_STATUS_LABELS[creative.audit_status] },
    { label: 'Validity', value: CREATIVE_VALIDITY_LABELS[creative.validity] },
    {
      label: 'Google',
      value: creative.google_status
        ? `${GOOGLE_APPROVAL_STATUS_LABELS[creative.google_status]}${creative.google_rejected_reason ? ` · ${creative.google_rejected_reason}` : ''}`
        : '—',
    },
    {
      label: 'AppNexus',
      value: creative.appnexus_status
        ? `${creative.appnexus_status}${creative.appnexus_rejected_reason ? ` · ${creative.appnexus_rejected_reason}` : ''}`
        : '—',
    },
    { label: 'Created', value: formatDateTime(creative.created_at) },
    { label: 'Updated', value: formatDateTime(creative.updated_at) },
  );
  return fields;
};

/** §8: a video creative without its video, or whose processing failed, says so where it is shown. */
const VideoState = ({ creative }: { readonly creative: Creative }) => {
  if (creative.type !== 'video') return null;
  if (creative.transcoding_status === 'error')
    return <Alert severity="error">{CREATIVE_PROCESSING_MESSAGE}</Alert>;
  if (creative.transcoding_status === null || creative.asset === null)
    return <Alert severity="warning">{CREATIVE_WITHOUT_VIDEO_MESSAGE}</Alert>;
  if (creative.transcoding_status === 'pending')
    return (
      <Alert severity="info" icon={false}>
        <AlertTitle>Processing the video…</AlertTitle>
        The creative serves once its renditions and poster are ready.
        <LinearProgress aria-label="Processing the video" sx={{ mt: 1 }} />
      </Alert>
    );
  return null;
};

const isPreviewable = (creative: Creative): boolean =>
  creative.type === 'video'
    ? creative.transcoding_status === 'success'
    : creative.type === 'tag' || creative.type === 'rich_media' || creative.type === 'external_video'
      ? true
      : creative.asset !== null || creative.native !== null;

/**
 * `/creative/{id}` (§2): the creative's preview (sandboxed, from the preview origin), state ("Approved" for
 * active) and the reason of a rejection, its settings, the campaigns it is linked to; edit, upload,
 * duplicate, link to campaigns, delete (confirmed) and history for the roles that write creatives.
 */
export const CreativePage = () => {
  const { id = '' } = useParams();
  const creativeId = Number(id);
  const isValidId = Number.isSafeInteger(creativeId) && creativeId > 0;
  const identity = useSessionStore(selectActiveIdentity);
  const canWrite = identity ? canWriteCreatives(identity) : false;
  // A creative manager may not open or list campaigns (§6): no links to them, no linking from here (the
  // campaigns list would answer 403, which sends the browser home).
  const mayReadCampaigns = identity
    ? canAccess('campaign', identity.role, identity.organization.role, { isTestEnvironment: identity.test })
    : false;
  const dialogs = useCreativeDialogs();
  const creative = useQuery({
    ...creativeQueryOptions(creativeId),
    enabled: isValidId,
    refetchInterval: (query) => (query.state.data ? pollWhileProcessing([query.state.data]) : false),
  });
  usePageTitle(creative.data ? `${creative.data.name} · Creatives` : 'Creative');

  if (isValidId && creative.isPending) return <LinearProgress aria-label="Loading the creative" />;
  if (!isValidId || isNotFoundError(creative.error)) return <NotFoundPage />;
  if (!creative.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">
          {creative.error ? errorMessage(creative.error) : 'This creative does not exist'}
        </Alert>
        {canWrite && (
          <Button component={RouterLink} to={CREATIVES_PATH} startIcon={<ArrowBack />}>
            Back to creatives
          </Button>
        )}
      </Stack>
    );
  }
  const data = creative.data;
  return (
    <Stack spacing={3}>
      <Box>
        {canWrite && (
          <Button component={RouterLink} to={CREATIVES_PATH} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
            Creatives
          </Button>
        )}
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" component="p" color="text.secondary">
              {CREATIVE_TYPE_LABELS[data.type]} creative
            </Typography>
            <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
              {data.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
              <CreativeStateChip state={data.state} />
              {data.transcoding_status && <TranscodingChip status={data.transcoding_status} />}
              <Chip size="small" variant="outlined" label={`#${data.id}`} />
            </Stack>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={() => dialogs.openHistory(data)}>
              History
            </Button>
            {canWrite && (
              <>
                <Button variant="outlined" onClick={() => dialogs.openEdit(data)}>
                  Edit
                </Button>
                {mayReadCampaigns && (
                  <Button variant="outlined" onClick={() => dialogs.openLinkCampaigns(data)}>
                    Link to campaigns
                  </Button>
                )}
                <Button variant="outlined" onClick={() => void dialogs.duplicate(data)}>
                  Duplicate
                </Button>
                <Button variant="outlined" color="error" onClick={() => dialogs.openDelete(data)}>
                  Delete
                </Button>
              </>
            )}
          </Stack>
        </Stack>
      </Box>
      {data.state === 'rejected' && (
        <Alert severity="error">
          <AlertTitle>Rejected</AlertTitle>
          <Box component="span" sx={{ display: 'block' }}>
            {data.rejection_reason ?? 'No reason was given.'}
          </Box>
          {canWrite && 'Edit the creative to send it for approval again.'}
        </Alert>
      )}
      {data.state === 'pending-approval' && (
        <Alert severity="info">Waiting for approval: the creative serves once an operator approves it.</Alert>
      )}
      <VideoState creative={data} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Section title="Preview">
            {isPreviewable(data) ? (
              <CreativePreview
                creativeId={data.id}
                name={data.name}
                version={data.version}
                size={previewFrameSize(data)}
              />
            ) : (
              <Typography color="text.secondary">
                Nothing to preview yet:{' '}
                {canWrite ? 'edit the creative to upload its file.' : 'its file is missing.'}
              </Typography>
            )}
          </Section>
          <Section title="Campaigns">
            {data.campaigns.length === 0 ? (
              <Typography color="text.secondary">
                Not linked to any campaign{canWrite && mayReadCampaigns ? ': use Link to campaigns.' : '.'}
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {data.campaigns.map((campaign) => (
                  <li key={campaign.id}>
                    {mayReadCampaigns ? (
                      <Link component={RouterLink} to={campaignPath(campaign.id)}>
                        {campaign.name}
                      </Link>
                    ) : (
                      campaign.name
                    )}{' '}
                    · {LINK_STATE_LABELS[campaign.link_state]}
                  </li>
                ))}
              </Box>
            )}
          </Section>
        </Stack>
        <Section title="Settings">
          <Fields fields={fieldsOf(data)} />
        </Section>
      </Box>
    </Stack>
  );
};
