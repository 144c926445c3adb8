/**
 * Bundle ids of the promoted apps, typed one at a time (Enter or Add) or pasted as a list. A malformed one is
 * refused with the §5 message before it joins the list; the schema checks the list again on save.
 */
import { isBundleId } from '@beacon/domain/validation/campaign';
import { BUNDLE_ID_MESSAGE } from '@beacon/domain/validation/messages';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { hintOf } from './fields';

type BundleIdsFieldProps = {
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  readonly error?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
};

export const BundleIdsField = ({
  value,
  onChange,
  error,
  required = false,
  disabled,
}: BundleIdsFieldProps) => {
  const [text, setText] = useState('');
  const [typedError, setTypedError] = useState<string>();

  const add = () => {
    const typed = text
      .split(/[\s,]+/)
      .map((item) => item.trim())
      .filter(Boolean);
    if (typed.length === 0) return;
    const malformed = typed.find((item) => !isBundleId(item));
    if (malformed !== undefined) {
      setTypedError(BUNDLE_ID_MESSAGE);
      return;
    }
    onChange([...new Set([...value, ...typed])]);
    setText('');
    setTypedError(undefined);
  };

  const message = typedError ?? error;
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          fullWidth
          label="Bundle IDs"
          required={required}
          disabled={disabled}
          value={text}
          placeholder="com.example.app or id123456789"
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
          error={message !== undefined}
          helperText={hintOf(
            message,
            'Android package names or store ids; press Enter to add',
            disabled === true,
          )}
          slotProps={{ htmlInput: { autoComplete: 'off' } }}
        />
        <Button variant="outlined" startIcon={<Add />} onClick={add} disabled={disabled} sx={{ mt: 1 }}>
          Add
        </Button>
      </Stack>
      {value.length > 0 && (
        <Box
          component="ul"
          aria-label="Bundle IDs added"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, mt: 1, listStyle: 'none' }}
        >
          {value.map((bundleId) => (
            <li key={bundleId}>
              <Chip
                label={bundleId}
                onDelete={disabled ? undefined : () => onChange(value.filter((item) => item !== bundleId))}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
};
