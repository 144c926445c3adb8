import { LOCATION_PRECISION_LABELS } from '@beacon/domain/dictionary/audiences';
import { GEOLIST_DEFAULT_RADIUS, LOCATION_AUDIENCE_MIN_USERS } from '@beacon/domain/dictionary/constants';
import {
  LOCATION_AUDIENCE_DEFAULT_PRECISION,
  LOCATION_AUDIENCE_DEFAULT_TIMEZONE,
  LOCATION_AUDIENCE_PRECISIONS,
  LOCATION_AUDIENCE_WHOLE_DAY,
  type LocationAudiencePrecision,
} from '@beacon/domain/dictionary/location-audiences';
import {
  ZLocationAudienceCreate,
  ZLocationAudienceUpdate,
} from '@beacon/domain/validation/location-audience-form';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { DateField } from '../../../../components/DateField';
import { EnumSelect } from '../../../../components/EnumSelect';
import { ResourceDialog } from '../../../../components/ResourceDialog';
import { formatNumber } from '../../../../lib/format';
import { enqueueSnackbar } from '../../../../lib/snackbar';
import { useResourceSave } from '../../../../lib/use-resource-save';
import { AreasEditor } from '../../components/AreasEditor';
import type { MapArea } from '../../components/map-areas';
import {
  createLocationAudience,
  LOCATION_AUDIENCES_QUERY_KEY,
  type LocationAudience,
  locationAudiencePath,
  updateLocationAudience,
} from '../api/location-audience';
import { TIME_ZONES } from '../utils/time-zones';

type Values = {
  readonly name: string;
  readonly areas: readonly MapArea[];
  readonly start_date: string;
  readonly end_date: string;
  readonly max_users: string;
  readonly from: string;
  readonly to: string;
  readonly timezone: string;
  readonly precision: LocationAudiencePrecision;
};

const today = (): string => new Date().toISOString().slice(0, 10);

const valuesOf = (audience: LocationAudience | null): Values => ({
  name: audience?.name ?? '',
  areas: audience?.areas ?? [],
  start_date: audience?.start_date ?? today(),
  end_date: audience?.end_date ?? '',
  max_users: String(audience?.max_users ?? LOCATION_AUDIENCE_MIN_USERS),
  from: audience?.time_range.from ?? LOCATION_AUDIENCE_WHOLE_DAY.from,
  to: audience?.time_range.to ?? LOCATION_AUDIENCE_WHOLE_DAY.to,
  timezone: audience?.timezone ?? LOCATION_AUDIENCE_DEFAULT_TIMEZONE,
  precision: audience?.precision ?? LOCATION_AUDIENCE_DEFAULT_PRECISION,
});

/** Whole numbers may be typed with thousands separators ("10,000"). */
const numberOf = (text: string): number => {
  const plain = text.replace(/[\s,]/g, '');
  return plain === '' ? Number.NaN : Number(plain);
};

const bodyOf = (values: Values) => ({
  name: values.name,
  areas: values.areas,
  start_date: values.start_date,
  end_date: values.end_date,
  max_users: numberOf(values.max_users),
  time_range: { from: values.from.trim(), to: values.to.trim() },
  timezone: values.timezone,
  precision: values.precision,
});

/**
 * The location audience dialog (spec §3): its areas drawn on the map, start and end date, max users (at least
 * 10,000, §9), the time range within a day, its time zone and precision. Checked with the exact schema of
 * the call; the server's answers show beside their fields.
 */
export const LocationAudienceDialog = ({ audience }: { readonly audience: LocationAudience | null }) => {
  const { close } = useStackedDialog();
  const navigate = useNavigate();
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('md'));
  const [initial] = useState(() => valuesOf(audience));
  const [values, setValues] = useState<Values>(initial);
  const form = useResourceSave<LocationAudience>({
    unsaved: {
      id: `location-audience-${audience?.id ?? 'new'}`,
      isDirty: JSON.stringify(values) !== JSON.stringify(initial),
    },
    queryKey: LOCATION_AUDIENCES_QUERY_KEY,
    onSaved: (saved) => {
      enqueueSnackbar(audience ? `${saved.name} saved` : `${saved.name} created`, { variant: 'success' });
      close();
      if (!audience) void navigate(locationAudiencePath(saved.id));
    },
  });
  const { errors, isBusy } = form;
  const change = (next: Partial<Values>) => setValues({ ...values, ...next });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    if (audience) {
      const update = form.check(ZLocationAudienceUpdate, { version: audience.version, ...body });
      if (update) await form.save(() => updateLocationAudience(audience.id, update));
    } else {
      const create = form.check(ZLocationAudienceCreate, body);
      if (create) await form.save(() => createLocationAudience(create));
    }
  };

  return (
    <ResourceDialog
      title={audience ? `Edit ${audience.name}` : 'New location audience'}
      onSubmit={submit}
      submitLabel={audience ? 'Save' : 'Create'}
      isBusy={isBusy}
      isDirty={form.isDirty}
      failure={form.failure}
      maxWidth="lg"
      fullScreen={isSmall}
    >
      <TextField
        autoFocus
        required
        label="Name"
        value={values.name}
        onChange={(event) => change({ name: event.target.value })}
        error={errors.name !== undefined}
        helperText={errors.name}
        disabled={isBusy}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField
          required
          label="Start date"
          value={values.start_date}
          onChange={(start_date) => change({ start_date })}
          error={errors.start_date}
          disabled={isBusy}
        />
        <DateField
          required
          label="End date"
          value={values.end_date}
          min={values.start_date}
          onChange={(end_date) => change({ end_date })}
          error={errors.end_date}
          disabled={isBusy}
        />
        <TextField
          required
          label="Max users"
          value={values.max_users}
          inputMode="numeric"
          onChange={(event) => change({ max_users: event.target.value })}
          error={errors.max_users !== undefined}
          helperText={errors.max_users ?? `At least ${formatNumber(LOCATION_AUDIENCE_MIN_USERS)}`}
          disabled={isBusy}
        />
      </Stack>
      <Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            required
            label="From (HH:mm)"
            value={values.from}
            onChange={(event) => change({ from: event.target.value })}
            error={errors.time_range !== undefined}
            disabled={isBusy}
          />
          <TextField
            required
            label="To (HH:mm)"
            value={values.to}
            onChange={(event) => change({ to: event.target.value })}
            error={errors.time_range !== undefined}
            disabled={isBusy}
          />
          <Autocomplete<string, false, true>
            disableClearable
            options={TIME_ZONES}
            value={values.timezone}
            onChange={(_event, timezone) => change({ timezone })}
            disabled={isBusy}
            sx={{ width: '100%' }}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label="Time zone"
                error={errors.timezone !== undefined}
                helperText={errors.timezone}
              />
            )}
          />
          <EnumSelect
            label="Precision"
            value={values.precision}
            options={LOCATION_AUDIENCE_PRECISIONS}
            labels={LOCATION_PRECISION_LABELS}
            onChange={(precision) => change({ precision })}
            error={errors.precision}
            disabled={isBusy}
          />
        </Stack>
        <FormHelperText error={errors.time_range !== undefined}>
          {errors.time_range ??
            'The hours of each day the users are counted in, 00:00 to 24:00 for the whole day'}
        </FormHelperText>
      </Box>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          Areas
        </Typography>
        {errors.areas && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {errors.areas}
          </Alert>
        )}
        <AreasEditor
          areas={values.areas}
          onChange={isBusy ? undefined : (areas) => change({ areas })}
          defaultRadius={GEOLIST_DEFAULT_RADIUS}
          label={values.name || 'the new location audience'}
          mapHeight={isSmall ? 320 : 420}
        />
      </Box>
    </ResourceDialog>
  );
};
