/**
 * Inputs of the organization dialogs: a select over a domain enumeration, a list of host names typed one by
 * one, a colour, a file with its preview, and the main user's fields. Each shows its error (the §5 message)
 * as its helper text, which is also its accessible description.
 */
import { COUNTRIES, type Country } from '@beacon/domain/dictionary/countries';
import { PASSWORD_RULE_MESSAGE } from '@beacon/domain/validation/messages';
import Add from '@mui/icons-material/Add';
import Cancel from '@mui/icons-material/Cancel';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { EnumSelect as SharedEnumSelect } from '../../../components/EnumSelect';
import { PasswordField } from '../../../components/PasswordField';
import type { FormErrors, MainUserValues } from '../utils/organization-form';

type EnumSelectProps<V extends string> = {
  readonly label: string;
  readonly value: V | '';
  readonly options: readonly V[];
  readonly labels: Readonly<Record<V, string>>;
  readonly onChange: (value: V | '') => void;
  readonly required?: boolean;
  readonly error?: string;
  readonly helperText?: ReactNode;
  /** The text of the empty choice of an optional field. */
  readonly emptyLabel?: string;
};

/** A select of one value of an enumeration (the shared one), full width, with an empty choice unless required. */
export const EnumSelect = <V extends string>({
  required = false,
  emptyLabel = 'Not set',
  onChange,
  ...props
}: EnumSelectProps<V>) => (
  <SharedEnumSelect
    {...props}
    fullWidth
    required={required}
    emptyLabel={required ? undefined : emptyLabel}
    onChange={onChange}
    onClear={() => onChange('')}
  />
);

type CountryFieldProps = {
  readonly value: string;
  readonly onChange: (iso2: string) => void;
  readonly error?: string;
  readonly required?: boolean;
};

/** The company's country, searchable by name or code. */
export const CountryField = ({ value, onChange, error, required = false }: CountryFieldProps) => (
  <Autocomplete<Country>
    options={COUNTRIES}
    value={COUNTRIES.find((country) => country.iso2 === value) ?? null}
    onChange={(_event, country) => onChange(country?.iso2 ?? '')}
    getOptionLabel={(country) => country.name}
    getOptionKey={(country) => country.iso2}
    filterOptions={(options, { inputValue }) => {
      const text = inputValue.trim().toLowerCase();
      return text === ''
        ? options
        : options.filter(
            (country) =>
              country.name.toLowerCase().includes(text) ||
              country.iso2.toLowerCase() === text ||
              country.iso3.toLowerCase() === text,
          );
    }}
    renderInput={(params) => (
      <TextField
        {...params}
        label="Country"
        required={required}
        error={error !== undefined}
        helperText={error}
      />
    )}
  />
);

type HostListFieldProps = {
  readonly label: string;
  readonly values: readonly string[];
  readonly onChange: (values: string[]) => void;
  /** Checks a typed value before it joins the list: its error message, or undefined. */
  readonly check: (value: string) => string | undefined;
  readonly error?: string;
  readonly helperText: string;
  readonly addLabel: string;
};

/** A list of host names: typed one at a time (Enter or the add button), each a chip that can be removed. */
export const HostListField = ({
  label,
  values,
  onChange,
  check,
  error,
  helperText,
  addLabel,
}: HostListFieldProps) => {
  const [text, setText] = useState('');
  const [typedError, setTypedError] = useState<string>();
  const listId = useId();

  const add = () => {
    const value = text.trim().toLowerCase();
    if (value === '') return;
    const problem = check(value);
    if (problem) {
      setTypedError(problem);
      return;
    }
    if (!values.includes(value)) onChange([...values, value]);
    setText('');
    setTypedError(undefined);
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          fullWidth
          label={label}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setTypedError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={(typedError ?? error) !== undefined}
          helperText={typedError ?? error ?? helperText}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <Button variant="outlined" startIcon={<Add />} onClick={add} sx={{ height: 56, flexShrink: 0 }}>
          {addLabel}
        </Button>
      </Stack>
      {values.length > 0 && (
        <Box
          component="ul"
          aria-label={label}
          id={listId}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}
        >
          {values.map((value) => (
            <li key={value}>
              <Chip
                label={value}
                onDelete={() => onChange(values.filter((item) => item !== value))}
                // The chip itself takes focus and Delete or Backspace removes it; the icon is for the mouse.
                deleteIcon={<Cancel titleAccess={`Remove ${value}`} />}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
};

type ColorFieldProps = {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string;
};

/** A #rrggbb colour: typed, or picked with the browser's colour picker. */
export const ColorField = ({ value, onChange, error }: ColorFieldProps) => (
  <TextField
    fullWidth
    label="Colour"
    value={value}
    onChange={(event) => onChange(event.target.value)}
    error={error !== undefined}
    helperText={error ?? '#rrggbb, darkened where text needs contrast'}
    placeholder="#1f5eff"
    slotProps={{
      input: {
        startAdornment: (
          <Box
            component="input"
            type="color"
            aria-label="Pick the colour"
            value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#1f5eff'}
            onChange={(event) => onChange(event.target.value)}
            sx={{ width: 32, height: 32, p: 0, mr: 1, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
          />
        ),
      },
      htmlInput: { spellCheck: false, maxLength: 7 },
    }}
  />
);

/** A URL for a chosen file while it is shown, revoked when it changes or goes. */
export const useObjectUrl = (file: File | null): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
};

type ImageFileFieldProps = {
  readonly label: string;
  /** The stored image's URL, if any. */
  readonly current: string | null;
  readonly file: File | null;
  readonly isRemoved: boolean;
  readonly accept: string;
  readonly hint: string;
  readonly error?: string;
  readonly onFile: (file: File | null) => void;
  readonly onRemove: () => void;
};

/** An image upload (logo, favicon) with a preview of the chosen file or of the stored one. */
export const ImageFileField = ({
  label,
  current,
  file,
  isRemoved,
  accept,
  hint,
  error,
  onFile,
  onRemove,
}: ImageFileFieldProps) => {
  const id = useId();
  const preview = useObjectUrl(file);
  const shown = preview ?? (isRemoved ? null : current);

  return (
    <Box>
      <Typography id={`${id}-label`} variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: 72,
            height: 48,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'background.default',
            flexShrink: 0,
          }}
        >
          {shown ? (
            <Box component="img" src={shown} alt={`${label} preview`} sx={{ maxWidth: 64, maxHeight: 40 }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              None
            </Typography>
          )}
        </Box>
        <Button variant="outlined" component="label" aria-describedby={`${id}-hint`}>
          {shown ? 'Replace' : 'Upload'} {label.toLowerCase()}
          <input
            hidden
            type="file"
            accept={accept}
            onChange={(event) => {
              onFile(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
        </Button>
        {shown && (
          <Button
            color="inherit"
            onClick={() => (file ? onFile(null) : onRemove())}
            aria-label={`Remove the ${label.toLowerCase()}`}
          >
            Remove
          </Button>
        )}
      </Stack>
      <FormHelperText id={`${id}-hint`} error={error !== undefined}>
        {error ?? hint}
      </FormHelperText>
    </Box>
  );
};

type MainUserFieldsProps = {
  readonly values: MainUserValues;
  readonly errors: FormErrors;
  readonly onChange: (changes: Partial<MainUserValues>) => void;
};

const mainUserError = (errors: FormErrors, field: keyof MainUserValues): string | undefined =>
  errors[`main_user.${field}`];

/** The main user created with an organization (or its duplicate): the owner who signs in first. */
export const MainUserFields = ({ values, errors, onChange }: MainUserFieldsProps) => {
  const text = (
    field: 'name' | 'username' | 'phone' | 'email',
    label: string,
    options: { required?: boolean; type?: string; autoComplete?: string; hint?: string } = {},
  ) => (
    <TextField
      fullWidth
      label={label}
      value={values[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      required={options.required ?? false}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete ?? 'off'}
      error={mainUserError(errors, field) !== undefined}
      helperText={mainUserError(errors, field) ?? options.hint}
      slotProps={{ htmlInput: { spellCheck: false } }}
    />
  );
  return (
    <>
      {text('name', 'Full name', { required: true })}
      {text('username', 'Username', { required: true, hint: 'Unique across the platform' })}
      {text('email', 'Email address', { required: true, type: 'email' })}
      {text('phone', 'Phone', { type: 'tel', hint: 'Optional, e.g. +34 600 000 000' })}
      <PasswordField
        label="Password"
        autoComplete="new-password"
        value={values.password}
        onChange={(event) => onChange({ password: event.target.value })}
        error={mainUserError(errors, 'password') !== undefined}
        helperText={mainUserError(errors, 'password') ?? PASSWORD_RULE_MESSAGE}
        required
      />
      <PasswordField
        label="Confirm the password"
        autoComplete="new-password"
        value={values.confirmation}
        onChange={(event) => onChange({ confirmation: event.target.value })}
        error={mainUserError(errors, 'confirmation') !== undefined}
        helperText={mainUserError(errors, 'confirmation')}
        required
      />
    </>
  );
};
