import {
  AUDIENCE_KPI_LABELS,
  AUDIENCE_KPIS,
  AUDIENCE_SEGMENT_TYPES,
  AUDIENCE_TYPE_LABELS,
  AUDIENCE_TYPES,
  type AudienceKpi,
  type AudienceType,
} from '@beacon/domain/dictionary/audiences';
import {
  isSegmentType,
  isUploadType,
  ZAudienceCreate,
  ZAudienceUpdate,
} from '@beacon/domain/validation/audience-form';
import { keepValidIdentifiersLabel } from '@beacon/domain/validation/messages';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { selectActiveIdentity, useSessionStore } from '../../../../app/session/session-store';
import { EnumSelect } from '../../../../components/EnumSelect';
import { ResourceDialog } from '../../../../components/ResourceDialog';
import { formatNumber } from '../../../../lib/format';
import { enqueueSnackbar } from '../../../../lib/snackbar';
import { useResourceSave } from '../../../../lib/use-resource-save';
import {
  AUDIENCES_QUERY_KEY,
  type Audience,
  audiencePath,
  type CampaignChoice,
  createAudience,
  searchCampaigns,
  updateAudience,
} from '../api/audience';
import { useIdentifiersUpload } from '../hooks/use-identifiers-upload';
import { matchRateText } from '../utils/upload-report';
import { IdentifiersFields } from './IdentifiersFields';

type Values = {
  readonly name: string;
  readonly description: string;
  readonly type: AudienceType;
  readonly kpis: readonly AudienceKpi[];
  readonly campaigns: readonly CampaignChoice[];
  readonly usersCount: string;
  readonly isShared: boolean;
};

const valuesOf = (audience: Audience | null): Values => ({
  name: audience?.name ?? '',
  description: audience?.description ?? '',
  type: audience?.type ?? 'private',
  kpis: audience?.kpis ?? [],
  campaigns: audience?.campaigns.map((id) => ({ id, name: `Campaign ${id}` })) ?? [],
  usersCount: audience?.users_count === null || audience === null ? '' : String(audience.users_count),
  isShared: audience?.is_shared ?? true,
});

/** What the call takes for the type: fields of other types are left out (the server refuses them). */
const bodyOf = (values: Values) => {
  const usersCount = values.usersCount.replace(/[\s,]/g, '');
  return {
    name: values.name,
    description: values.description,
    ...(values.type === 'interaction'
      ? { kpis: values.kpis, campaigns: values.campaigns.map((campaign) => campaign.id) }
      : {}),
    ...(isSegmentType(values.type)
      ? { is_shared: values.isShared, ...(usersCount === '' ? {} : { users_count: Number(usersCount) }) }
      : {}),
  };
};

/** Segments are published by data-partner organizations only (decision 019): other callers do not see them. */
const typesFor = (isDataPartner: boolean): readonly AudienceType[] =>
  isDataPartner
    ? AUDIENCE_TYPES
    : AUDIENCE_TYPES.filter((type) => !(AUDIENCE_SEGMENT_TYPES as readonly AudienceType[]).includes(type));

/** What a save ends with: the audience and the snackbar's message. */
type Saved = { readonly audience: Audience; readonly message: string };

/**
 * The new audience dialog (spec §2, §3) and its edit form: name, description and, per type, the device
 * identifiers upload (private, private DOOH, time based: the §5 checkbox, progress, every bad line), the KPIs and
 * campaigns of an interaction audience, or a data partner's segment size and publication. Checked with the
 * exact schema of the call; the server's answers show beside their fields.
 */
export const AudienceDialog = ({ audience }: { readonly audience: Audience | null }) => {
  const { close } = useStackedDialog();
  const navigate = useNavigate();
  const identity = useSessionStore(selectActiveIdentity);
  const isDataPartner = identity?.organization.role === 'data-partner';
  const [initial] = useState(() => valuesOf(audience));
  const [values, setValues] = useState<Values>(initial);
  /** Created, but its file was refused: the dialog stays to fix the file and upload it to that audience. */
  const [created, setCreated] = useState<Audience | null>(null);
  const upload = useIdentifiersUpload();
  const [campaignSearch, setCampaignSearch] = useState('');
  const campaignsQuery = useQuery({
    queryKey: ['audience-campaign-choices', campaignSearch],
    queryFn: ({ signal }) => searchCampaigns(campaignSearch, signal),
    enabled: values.type === 'interaction',
  });
  const form = useResourceSave<Saved>({
    unsaved: {
      id: `audience-${audience?.id ?? 'new'}`,
      isDirty: JSON.stringify(values) !== JSON.stringify(initial) || upload.values.file !== null,
    },
    queryKey: AUDIENCES_QUERY_KEY,
    onSaved: (saved) => {
      enqueueSnackbar(saved.message, { variant: 'success' });
      close();
      if (!audience) void navigate(audiencePath(saved.audience.id));
    },
  });
  const { errors } = form;
  const change = (next: Partial<Values>) => setValues({ ...values, ...next });
  const withUpload = !audience && isUploadType(values.type) && upload.values.file !== null;

  /**
   * The identifiers file sent to the audience just created (keeping only its valid identifiers once the user chose
   * so); null when it was refused (the upload says why).
   */
  const sendFile = async (target: Audience, keepValid = false): Promise<Saved | null> => {
    const result = await upload.send(target.id, { keepValid });
    return (
      result && {
        audience: result.audience,
        message: `${target.name} created with ${formatNumber(result.identifiers)} identifiers (${matchRateText(result).toLowerCase()}): its users count is updating`,
      }
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.setFailure(undefined);
    if (created) {
      if (upload.check()) await form.save(() => sendFile(created, upload.canKeepValid));
      return;
    }
    const body = bodyOf(values);
    if (audience) {
      const update = form.check(ZAudienceUpdate, { version: audience.version, ...body });
      if (update)
        await form.save(async () => ({
          audience: await updateAudience(audience.id, update),
          message: `${audience.name} saved`,
        }));
      return;
    }
    const create = form.check(ZAudienceCreate, { ...body, type: values.type });
    const isUploadValid = withUpload ? upload.check() : true;
    if (!create || !isUploadValid) return;
    await form.save(async () => {
      const saved = await createAudience(create);
      if (!withUpload) return { audience: saved, message: `${saved.name} created` };
      setCreated(saved);
      return sendFile(saved);
    });
  };

  const isLocked = form.isBusy || upload.progress !== null;
  return (
    <ResourceDialog
      title={audience ? `Edit ${audience.name}` : 'New audience'}
      onSubmit={submit}
      submitLabel={
        created
          ? upload.canKeepValid
            ? keepValidIdentifiersLabel(upload.refusal?.report.identifiers ?? 0)
            : 'Upload the file'
          : audience
            ? 'Save'
            : 'Create'
      }
      isBusy={isLocked}
      isDirty={form.isDirty}
      failure={form.failure ?? upload.failure}
      maxWidth="md"
    >
      {created && (
        <Alert severity="info">
          {created.name} was created; its file was not stored.{' '}
          {upload.canKeepValid
            ? 'Keep its valid identifiers, or choose a fixed file and upload it.'
            : 'Choose a fixed file and upload it.'}
        </Alert>
      )}
      <TextField
        autoFocus
        required
        label="Name"
        value={values.name}
        onChange={(event) => change({ name: event.target.value })}
        error={errors.name !== undefined}
        helperText={errors.name}
        disabled={isLocked || created !== null}
      />
      <TextField
        label="Description"
        multiline
        minRows={2}
        value={values.description}
        onChange={(event) => change({ description: event.target.value })}
        error={errors.description !== undefined}
        helperText={errors.description}
        disabled={isLocked || created !== null}
      />
      {!audience && (
        <EnumSelect
          required
          label="Type"
          value={values.type}
          options={typesFor(isDataPartner)}
          labels={AUDIENCE_TYPE_LABELS}
          onChange={(type) => change({ type })}
          error={errors.type}
          disabled={isLocked || created !== null}
          sx={{ maxWidth: 320 }}
        />
      )}
      {values.type === 'interaction' && (
        <>
          <Autocomplete<AudienceKpi, true>
            multiple
            options={AUDIENCE_KPIS}
            value={[...values.kpis]}
            getOptionLabel={(kpi) => AUDIENCE_KPI_LABELS[kpi]}
            onChange={(_event, kpis) => change({ kpis })}
            disabled={isLocked}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label="KPIs"
                error={errors.kpis !== undefined}
                helperText={errors.kpis ?? 'The events that add a device to the audience'}
              />
            )}
          />
          <Autocomplete<CampaignChoice, true>
            multiple
            options={campaignsQuery.data ?? []}
            value={[...values.campaigns]}
            filterOptions={(options) => options}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            getOptionLabel={(campaign) => campaign.name}
            onInputChange={(_event, text) => setCampaignSearch(text)}
            onChange={(_event, campaigns) => change({ campaigns })}
            loading={campaignsQuery.isFetching}
            disabled={isLocked}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label="Campaigns"
                error={errors.campaigns !== undefined}
                helperText={errors.campaigns ?? 'Their devices that triggered the KPIs join the audience'}
              />
            )}
          />
        </>
      )}
      {isSegmentType(values.type) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label="Users in the segment"
            inputMode="numeric"
            value={values.usersCount}
            onChange={(event) => change({ usersCount: event.target.value })}
            error={errors.users_count !== undefined}
            helperText={errors.users_count ?? 'The size your catalogue states'}
            disabled={isLocked}
          />
          <FormControlLabel
            control={
              <Switch
                checked={values.isShared}
                onChange={(event) => change({ isShared: event.target.checked })}
                disabled={isLocked}
              />
            }
            label="Published for other organizations"
          />
        </Stack>
      )}
      {!audience && isUploadType(values.type) && (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            Device identifiers
          </Typography>
          <IdentifiersFields upload={upload} disabled={isLocked} />
        </Box>
      )}
    </ResourceDialog>
  );
};
