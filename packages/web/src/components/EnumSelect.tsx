import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

export type EnumSelectProps<V extends string> = {
  readonly label: string;
  /** '' while nothing is chosen. */
  readonly value: V | '';
  /** The domain's enumeration, in the order offered. */
  readonly options: readonly V[];
  /** The domain's label of each value. */
  readonly labels: Readonly<Record<V, string>>;
  readonly onChange: (value: V) => void;
  /** Called when the empty choice is chosen; without it, choosing it changes nothing. */
  readonly onClear?: () => void;
  /** The field's error (shown instead of the helper text). */
  readonly error?: string | undefined;
  /** An empty first choice with this label (e.g. "The organization's currency"); none when absent. */
  readonly emptyLabel?: string | undefined;
  readonly helperText?: ReactNode;
  readonly disabled?: boolean;
  readonly required?: boolean;
  readonly fullWidth?: boolean;
  readonly sx?: SxProps<Theme>;
};

/** A select over a domain enumeration and its label map: only the enumeration's values reach `onChange`. */
export const EnumSelect = <V extends string>({
  label,
  value,
  options,
  labels,
  onChange,
  onClear,
  error,
  emptyLabel,
  helperText,
  disabled,
  required,
  fullWidth,
  sx,
}: EnumSelectProps<V>) => (
  <TextField
    select
    fullWidth={fullWidth}
    required={required}
    label={label}
    value={value}
    disabled={disabled}
    onChange={(event) => {
      const chosen = options.find((option) => option === event.target.value);
      if (chosen) onChange(chosen);
      else if (event.target.value === '') onClear?.();
    }}
    error={error !== undefined}
    helperText={error ?? helperText}
    sx={sx}
  >
    {emptyLabel !== undefined && (
      <MenuItem value="">
        <em>{emptyLabel}</em>
      </MenuItem>
    )}
    {options.map((option) => (
      <MenuItem key={option} value={option}>
        {labels[option]}
      </MenuItem>
    ))}
  </TextField>
);
