import {
  LOCATION_PRECISION_LABELS,
  LOCATION_PRECISIONS,
  type LocationPrecision,
} from '@beacon/domain/dictionary/audiences';
import { GEOLIST_DEFAULT_RADIUS } from '@beacon/domain/dictionary/constants';
import { ZGeolistCreate, ZGeolistUpdate } from '@beacon/domain/validation/geolist-form';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { EnumSelect } from '../../../../components/EnumSelect';
import { ResourceDialog } from '../../../../components/ResourceDialog';
import { UploadField } from '../../../../components/UploadField';
import { formatNumber } from '../../../../lib/format';
import { fileRejectionOf } from '../../../../lib/resource-form-errors';
import { enqueueSnackbar } from '../../../../lib/snackbar';
import { useResourceSave } from '../../../../lib/use-resource-save';
import { FileRejectionAlert } from '../../components/FileRejectionAlert';
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
  const { close } = useStackedDialog();
  const navigate = useNavigate();
  const [initial] = useState(() => valuesOf(geolist));
  const [values, setValues] = useState<Values>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The version saved last: fields saved before a rejected file must not make the next try stale.
  const [version, setVersion] = useState(geolist?.version ?? 0);
  const form = useResourceSave<GeolistRow>({
    unsaved: {
      id: `geolist-${geolist?.id ?? 'new'}`,
      isDirty: file !== null || JSON.stringify(values) !== JSON.stringify(initial),
    },
    queryKey: GEOLISTS_QUERY_KEY,
    rejectionOf: fileRejectionOf,
    onSaved: (saved) => {
      enqueueSnackbar(
        geolist
          ? `${saved.name} saved`
          : `${saved.name} created with ${formatNumber(saved.areas_count)} areas`,
        { variant: 'success' },
      );
      close();
      if (!geolist) void navigate(geolistPath(saved.id));
    },
  });
  const { errors, isBusy } = form;
  const change = (next: Partial<Values>) => setValues({ ...values, ...next });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    const upload = file ? { file, onProgress: setProgress } : undefined;
    const send = async (run: () => Promise<GeolistRow>) => {
      await form.save(run);
      setProgress(null);
    };
    if (geolist) {
      const update = form.check(ZGeolistUpdate, { version, ...body });
      if (!update) return;
      await send(async () => {
        const saved = await updateGeolist(geolist.id, update);
        setVersion(saved.version);
        return upload ? replaceGeolistAreas(geolist.id, { version: saved.version }, upload) : saved;
      });
    } else {
      const create = form.check(ZGeolistCreate, body);
      if (create) await send(() => createGeolist(create, upload));
    }
  };

  return (
    <ResourceDialog
      title={geolist ? `Edit ${geolist.name}` : 'New geolist'}
      onSubmit={submit}
      submitLabel={geolist ? 'Save' : 'Create'}
      isBusy={isBusy}
      isDirty={form.isDirty}
      failure={form.failure}
    >
      {form.rejection && <FileRejectionAlert rejection={form.rejection} />}
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
        <EnumSelect
          label="Precision"
          value={values.precision}
          options={LOCATION_PRECISIONS}
          labels={LOCATION_PRECISION_LABELS}
          onChange={(precision) => change({ precision })}
          error={errors.precision}
          disabled={isBusy}
        />
      </Stack>
      <UploadField
        label={geolist ? 'Replace the areas from a file' : 'Upload areas'}
        accept=".csv,.json"
        file={file}
        onChange={(next) => {
          setFile(next);
          form.setRejection(null);
        }}
        hint={
          geolist
            ? `A .csv (latitude, longitude, radius, name) or .json file replaces the ${formatNumber(geolist.areas_count)} areas.`
            : 'A .csv (latitude, longitude, radius, name) or .json file; or draw the areas on the map after creating.'
        }
        error={errors.file}
        progress={progress}
        disabled={isBusy}
      />
    </ResourceDialog>
  );
};
