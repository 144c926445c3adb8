/**
 * Inputs of the campaign forms. Each shows its error (the schema's §5 message) as its helper text, which is
 * also its accessible description, so that every message sits under its field.
 */
import { CURRENCY_SYMBOLS, type Currency } from '@beacon/domain/dictionary/currencies';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type ReactNode, useId } from 'react';
import { DateField as SharedDateField } from '../../../components/DateField';
import { EnumSelect as SharedEnumSelect } from '../../../components/EnumSelect';

/**
 * The text under a field: its message, else its hint — which a read-only (disabled) field leaves out, since
 * it asks nothing of the user and disabled text is too faint to read.
 */
export const hintOf = (error: string | undefined, hint: ReactNode, disabled: boolean): ReactNode =>
  error ?? (disabled ? undefined : hint);

type EnumSelectProps<V extends string | number> = {
  readonly label: string;
  readonly value: V | '';
  readonly options: readonly V[];
  readonly labels: Readonly<Record<V, string>>;
  /** What each value means, when its label is a code (see components/EnumSelect). */
  readonly descriptions?: Readonly<Record<V, string>>;
  readonly onChange: (value: V | '') => void;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly error?: string;
  readonly helperText?: ReactNode;
  readonly emptyLabel?: string;
};

/** The console's enumeration select, full width, with an empty choice unless required and the forms' hint rule. */
export const EnumSelect = <V extends string | number>({
  label,
  value,
  options,
  labels,
  descriptions,
  onChange,
  required = false,
  disabled = false,
  error,
  helperText,
  emptyLabel = 'Not set',
}: EnumSelectProps<V>) => (
  <SharedEnumSelect
    fullWidth
    label={label}
    value={value}
    options={options}
    labels={labels}
    {...(descriptions && !disabled ? { descriptions } : {})}
    onChange={onChange}
    onClear={() => onChange('')}
    required={required}
    disabled={disabled}
    error={error}
    helperText={hintOf(undefined, helperText, disabled)}
    emptyLabel={required ? undefined : emptyLabel}
  />
);

type CheckboxGroupProps<V extends string> = {
  readonly label: string;
  readonly values: readonly V[];
  readonly options: readonly V[];
  readonly labels: Readonly<Record<V, string>>;
  readonly onChange: (values: V[]) => void;
  readonly error?: string;
  readonly helperText?: ReactNode;
  readonly disabled?: boolean;
  /** Shows the required mark on the legend (at least one value is needed). */
  readonly required?: boolean;
};

/** Several values of an enumeration, in the enumeration's order. */
export const CheckboxGroup = <V extends string>({
  label,
  values,
  options,
  labels,
  onChange,
  error,
  helperText,
  disabled = false,
  required = false,
}: CheckboxGroupProps<V>) => {
  const id = useId();
  const toggle = (option: V, isChecked: boolean) =>
    onChange(options.filter((candidate) => (candidate === option ? isChecked : values.includes(candidate))));
  const description = hintOf(error, helperText, disabled);
  return (
    <FormControl
      component="fieldset"
      error={error !== undefined}
      disabled={disabled}
      aria-describedby={description ? `${id}-text` : undefined}
    >
      <FormLabel component="legend" required={required}>
        {label}
      </FormLabel>
      <FormGroup row>
        {options.map((option) => (
          <FormControlLabel
            key={option}
            control={
              <Checkbox
                checked={values.includes(option)}
                onChange={(event) => toggle(option, event.target.checked)}
              />
            }
            label={labels[option]}
          />
        ))}
      </FormGroup>
      {description && <FormHelperText id={`${id}-text`}>{description}</FormHelperText>}
    </FormControl>
  );
};

type TextFieldBaseProps = {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string;
  readonly helperText?: ReactNode;
  readonly required?: boolean;
  readonly disabled?: boolean;
};

/** An amount of money in the campaign's currency, typed as the exact decimal the API takes. */
export const MoneyField = ({
  currency,
  label,
  value,
  onChange,
  error,
  helperText,
  required = false,
  disabled = false,
}: TextFieldBaseProps & { readonly currency: Currency }) => (
  <TextField
    fullWidth
    label={label}
    value={value}
    required={required}
    disabled={disabled}
    onChange={(event) => onChange(event.target.value.replace(',', '.'))}
    error={error !== undefined}
    helperText={hintOf(error, helperText, disabled)}
    slotProps={{
      input: {
        startAdornment: <InputAdornment position="start">{CURRENCY_SYMBOLS[currency]}</InputAdornment>,
      },
      htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
    }}
  />
);

/** A whole number (daily impressions, clicks, a percentage). */
export const IntegerField = ({
  label,
  value,
  onChange,
  error,
  helperText,
  required = false,
  disabled = false,
  unit,
}: TextFieldBaseProps & { readonly unit?: string }) => (
  <TextField
    fullWidth
    label={label}
    value={value}
    required={required}
    disabled={disabled}
    onChange={(event) => onChange(event.target.value)}
    error={error !== undefined}
    helperText={hintOf(error, helperText, disabled)}
    slotProps={{
      input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {},
      htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
    }}
  />
);

/**
 * A calendar day, typed or picked from a calendar, shown `YYYY-MM-DD` (§9): the console's DateField, with the
 * campaign forms' hint rule. The schema answers "Invalid format" for anything else.
 */
export const DateField = ({
  helperText,
  error,
  disabled = false,
  ...props
}: TextFieldBaseProps & { readonly min?: string | undefined; readonly max?: string | undefined }) => (
  <SharedDateField
    {...props}
    error={error}
    disabled={disabled}
    helperText={hintOf(error, helperText, disabled)}
  />
);

/** Free text (a name, notes). */
export const PlainTextField = ({
  label,
  value,
  onChange,
  error,
  helperText,
  required = false,
  disabled = false,
  multiline = false,
}: TextFieldBaseProps & { readonly multiline?: boolean }) => (
  <TextField
    fullWidth
    label={label}
    value={value}
    required={required}
    disabled={disabled}
    multiline={multiline}
    minRows={multiline ? 3 : undefined}
    onChange={(event) => onChange(event.target.value)}
    error={error !== undefined}
    helperText={hintOf(error, helperText, disabled)}
    slotProps={{ htmlInput: { autoComplete: 'off' } }}
  />
);
