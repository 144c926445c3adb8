import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

export type EnumSelectProps<V extends string | number> = {
  readonly label: string;
  /** '' while nothing is chosen. */
  readonly value: V | '';
  /** The domain's enumeration (text or numbers), in the order offered. */
  readonly options: readonly V[];
  /** The domain's label of each value. */
  readonly labels: Readonly<Record<V, string>>;
  /**
   * What each value means, in words, for labels that are codes (§3 fixes some): a second line under each
   * option and the chosen one's hint under the field (unless `helperText` is given).
   */
  readonly descriptions?: Readonly<Record<V, string>>;
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
export const EnumSelect = <V extends string | number>({
  label,
  value,
  options,
  labels,
  descriptions,
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
    value={String(value)}
    disabled={disabled}
    onChange={(event) => {
      const chosen = options.find((option) => String(option) === event.target.value);
      if (chosen !== undefined) onChange(chosen);
      else if (event.target.value === '') onClear?.();
    }}
    error={error !== undefined}
    helperText={error ?? helperText ?? (descriptions && value !== '' ? descriptions[value] : undefined)}
    sx={sx}
    // With descriptions the options have two lines; the field shows the label only.
    slotProps={
      descriptions
        ? {
            select: {
              renderValue: (chosen) => {
                const option = options.find((candidate) => String(candidate) === chosen);
                return option === undefined ? '' : labels[option];
              },
            },
          }
        : undefined
    }
  >
    {emptyLabel !== undefined && (
      <MenuItem value="">
        <em>{emptyLabel}</em>
      </MenuItem>
    )}
    {options.map((option) => (
      <MenuItem key={option} value={String(option)}>
        {descriptions ? (
          <ListItemText primary={labels[option]} secondary={descriptions[option]} sx={{ my: 0 }} />
        ) : (
          labels[option]
        )}
      </MenuItem>
    ))}
  </TextField>
);
