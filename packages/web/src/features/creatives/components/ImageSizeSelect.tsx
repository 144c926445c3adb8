import { formatSize, IMAGE_SIZES } from '@beacon/domain/dictionary/creatives';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** One of the §3 image sizes ("300x250"), as the creative dialog and the creative studio offer them. */
export const ImageSizeSelect = ({
  value,
  onChange,
  error,
  isRequired = false,
  disabled,
}: {
  readonly value: string;
  readonly onChange: (size: string) => void;
  readonly error?: string | undefined;
  readonly isRequired?: boolean;
  readonly disabled?: boolean;
}) => (
  <TextField
    select
    required={isRequired}
    label="Size"
    value={value}
    onChange={(event) => onChange(event.target.value)}
    error={error !== undefined}
    helperText={error}
    disabled={disabled}
  >
    {IMAGE_SIZES.map((size) => (
      <MenuItem key={formatSize(size)} value={formatSize(size)}>
        {formatSize(size)}
      </MenuItem>
    ))}
  </TextField>
);
