/**
 * A time zone chooser (organizations and campaigns, docs/engine.md "Time zones"): a searchable list of the IANA
 * zones the API takes (domain TIME_ZONES), `UTC` first.
 */
import { TIME_ZONES } from '@beacon/domain/validation/time-zone';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

type TimeZoneFieldProps = {
  readonly value: string;
  readonly onChange: (timeZone: string) => void;
  readonly label?: string;
  readonly error?: string;
  readonly helperText?: string;
  readonly disabled?: boolean;
  readonly required?: boolean;
};

export const TimeZoneField = ({
  value,
  onChange,
  label = 'Time zone',
  error,
  helperText,
  disabled,
  required,
}: TimeZoneFieldProps) => (
  <Autocomplete<string, false, true>
    disableClearable
    options={TIME_ZONES}
    value={value}
    onChange={(_event, timeZone) => onChange(timeZone)}
    disabled={disabled}
    fullWidth
    renderInput={(params) => (
      <TextField
        {...params}
        required={required}
        label={label}
        error={error !== undefined}
        helperText={error ?? helperText}
      />
    )}
  />
);
