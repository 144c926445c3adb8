import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { TextInput, type TextInputProps } from './TextInput';

export type PasswordFieldProps = Omit<TextInputProps, 'type' | 'endAdornment' | 'autoComplete'> & {
  readonly autoComplete: 'current-password' | 'new-password';
};

/** A password input with a button that shows or hides what was typed. */
export const PasswordField = ({ htmlInput, ...props }: PasswordFieldProps) => {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={isVisible ? 'text' : 'password'}
      htmlInput={{ spellCheck: false, autoCapitalize: 'none', ...htmlInput }}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={isVisible ? 'Hide password' : 'Show password'}
            onClick={() => setIsVisible((visible) => !visible)}
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
            size="small"
          >
            {isVisible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
};
