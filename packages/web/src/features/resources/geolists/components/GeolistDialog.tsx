import {
  LOCATION_PRECISION_LABELS,
  LOCATION_PRECISIONS,
  type LocationPrecision,
} from '@beacon/domain/dictionary/audiences';
import { GEOLIST_DEFAULT_RADIUS } from '@beacon/domain/dictionary/constants';
import { ZGeolistCreate, ZGeolistUpdate } from '@beacon/domain/validation/geolist-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../../api/api-error';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { useUnsavedChanges } from '../../../../app/unsaved-changes';
import { FileField } from '../../components/FileField';
import { FileRejectionAlert } from '../../components/FileRejectionAlert';
import {
  checkWith,
  errorsOfApiError,
  type FieldErrors,
  type FileRejection,
  fileRejectionOf,
} from '../../utils/form-errors';
import {
  createGeolist,
  GEOLISTS_QUERY_KEY,
  type GeolistRow,
  geolistPath,
  replaceGeolistAreas,
  updateGeolist,
} from '../api/geolist';
import { CityField, CountryField, RegionField } from './place-fields';

type Values = {
  readonly name: string;
  readonly country: string | null;
  readonly region: string | null;
  readonly city: string | null;
  readonly radius: string;
  readonly precision: LocationPrecision;
};

const valuesOf = (geolist: GeolistRow | null): Values => ({
  name: geolist?.name ?? '',
  country: geolist?.country ?? null,
  region: geolist?.region ?? null,
  city: geolist?.city ?? null,
  radius: String(geolist?.radius ?? GEOLIST_DEFAULT_RADIUS),
  precision: geolist?.precision ?? 'standard',
});

const bodyOf = (values: Values) => ({
  name: values.name,
  country: values.country,
  region: values.region,
  city: values.city,
  radius: values.radius.trim() === '' ? Number.NaN : Number(values.radius),
  precision: values.precision,
});

export type GeolistDialogProps = {
  /** null creates one. */
  readonly geolist: GeolistRow | null;
};

/**
 * The geolist dialog (spec §2, §3): name, place (country, region, city from the dictionary), default radius
 * (250 m), precision and a .csv or .json file of areas sent with its progress. A rejected file shows the
 * server's message (§5, §8) and every bad line; the form keeps everything typed and the file chosen.
 */
export const GeolistDialog = ({ geolist }: GeolistDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const titleId = useId();
  const [initial] = useState(() => valuesOf(geolist));
  const [values, setValues] = useState<Values>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [rejection, setRejection] = useState<FileRejection | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  // The version saved last: fields saved before a rejected file must not make the next try stale.
  const [version, setVersion] = useState(geolist?.version ?? 0);
  useUnsavedChanges(
    `geolist-${geolist?.id ?? 'new'}`,
    !isDone && (file !== null || JSON.stringify(values) !== JSON.stringify(initial)),
  );
  const change = (next: Partial<Values>) => setValues({ ...values, ...next });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setRejection(null);
    const body = bodyOf(values);
    const create = geolist ? null : checkWith(ZGeolistCreate, body);
    const update = geolist ? checkWith(ZGeolistUpdate, { version, ...body }) : null;
    const check = create ?? update;
    if (check && !check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setIsBusy(true);
    const upload = file ? { file, onProgress: setProgress } : undefined;
    try {
      let saved: GeolistRow;
      if (create?.ok) {
        saved = await createGeolist(create.value, upload);
      } else if (geolist && update?.ok) {
        saved = await updateGeolist(geolist.id, update.value);
        setVersion(saved.version);
        if (upload) saved = await replaceGeolistAreas(geolist.id, { version: saved.version }, upload);
      } else {
        return;
      }
      setIsDone(true);
      await queryClient.invalidateQueries({ queryKey: GEOLISTS_QUERY_KEY });
      enqueueSnackbar(
        geolist ? `${saved.name} saved` : `${saved.name} created with ${saved.areas_count} areas`,
        { variant: 'success' },
      );
      close();
      if (!geolist) void navigate(geolistPath(saved.id));
    } catch (error) {
      const fileRejection = fileRejectionOf(error);
      const fieldErrors = fileRejection ? {} : errorsOfApiError(error);
      setRejection(fileRejection);
      setErrors(fieldErrors);
      if (!fileRejection && Object.keys(fieldErrors).length === 0) setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
      setProgress(null);
    }
  };

  return (
    <Dialog
      {...dialogProps}
      onClose={isBusy ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>{geolist ? `Edit ${geolist.name}` : 'New geolist'}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            {rejection && <FileRejectionAlert rejection={rejection} />}
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
            <CountryField
              value={values.country}
              onChange={(country) => change({ country, region: null, city: null })}
              error={errors.country}
              disabled={isBusy}
            />
            <RegionField
              country={values.country}
              value={values.region}
              onChange={(region) => change({ region, city: null })}
              error={errors.region}
              disabled={isBusy}
            />
            <CityField
              country={values.country}
              region={values.region}
              value={values.city}
              onChange={(city) => change({ city })}
              error={errors.city}
              disabled={isBusy}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Radius (m)"
                value={values.radius}
                inputMode="decimal"
                onChange={(event) => change({ radius: event.target.value })}
                error={errors.radius !== undefined}
                helperText={errors.radius ?? 'For areas whose file leaves the radius empty'}
                disabled={isBusy}
              />
              <TextField
                select
                label="Precision"
                value={values.precision}
                onChange={(event) => {
                  const precision = LOCATION_PRECISIONS.find((option) => option === event.target.value);
                  if (precision) change({ precision });
                }}
                error={errors.precision !== undefined}
                helperText={errors.precision}
                disabled={isBusy}
              >
                {LOCATION_PRECISIONS.map((option) => (
                  <MenuItem key={option} value={option}>
                    {LOCATION_PRECISION_LABELS[option]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <FileField
              label={geolist ? 'Replace the areas from a file' : 'Upload areas'}
              accept=".csv,.json"
              file={file}
              onChange={(next) => {
                setFile(next);
                setRejection(null);
              }}
              hint={
                geolist
                  ? `A .csv (latitude, longitude, radius, name) or .json file replaces the ${geolist.areas_count} areas.`
                  : 'A .csv (latitude, longitude, radius, name) or .json file; or draw the areas on the map after creating.'
              }
              error={errors.file}
              progress={progress}
              disabled={isBusy}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            {geolist ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
