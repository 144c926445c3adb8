import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';

export type TextInputProps = {
  readonly label: string;
  readonly value: string;
  readonly onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  readonly name?: string;
  readonly type?: 'text' | 'email' | 'password' | 'search' | 'tel' | 'url';
  readonly autoComplete?: string;
  readonly autoFocus?: boolean;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly error?: boolean;
  readonly helperText?: ReactNode;
  readonly placeholder?: string;
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly startAdornment?: ReactNode;
  readonly endAdornment?: ReactNode;
  readonly htmlInput?: InputHTMLAttributes<HTMLInputElement>;
};

/**
 * An outlined text input with its label and helper text, like MUI's TextField without its select mode: the
 * TextField module always brings Select, Menu and Modal along, which the login page must not load (its
 * budget). Label, input and helper text are tied together for assistive technology the same way.
 */
export const TextInput = ({
  label,
  value,
  onChange,
  name,
  type = 'text',
  autoComplete,
  autoFocus,
  required = false,
  disabled = false,
  error = false,
  helperText,
  placeholder,
  inputRef,
  startAdornment,
  endAdornment,
  htmlInput,
}: TextInputProps) => {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth required={required} disabled={disabled} error={error} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
        inputRef={inputRef}
        startAdornment={startAdornment}
        endAdornment={endAdornment}
        aria-describedby={helperTextId}
        inputProps={htmlInput}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
};
