import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export type FileFieldProps = {
  readonly label: string;
  /** `.csv,.json`. */
  readonly accept: string;
  readonly file: File | null;
  readonly onChange: (file: File | null) => void;
  readonly hint?: string;
  readonly error?: string | undefined;
  /** The share sent (0 to 1) while uploading, null otherwise. */
  readonly progress: number | null;
  readonly disabled?: boolean;
};

/** A file chosen for upload, with the progress of its sending (§5). */
export const FileField = ({
  label,
  accept,
  file,
  onChange,
  hint,
  error,
  progress,
  disabled,
}: FileFieldProps) => {
  const inputId = useId();
  const hintId = useId();
  return (
    <Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          disabled={disabled}
        >
          {file ? 'Choose another file' : label}
          <input
            id={inputId}
            type="file"
            accept={accept}
            hidden
            aria-label={label}
            aria-describedby={hintId}
            disabled={disabled}
            onChange={(event) => {
              onChange(event.target.files?.[0] ?? null);
              // Choosing the same file again after fixing it must still count as a change.
              event.target.value = '';
            }}
          />
        </Button>
        {file && (
          <>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {file.name}
            </Typography>
            <Button size="small" onClick={() => onChange(null)} disabled={disabled}>
              Remove
            </Button>
          </>
        )}
      </Stack>
      <FormHelperText id={hintId} error={error !== undefined}>
        {error ?? hint}
      </FormHelperText>
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant={progress < 1 ? 'determinate' : 'indeterminate'}
            value={Math.round(progress * 100)}
            aria-label={progress < 1 ? `Uploading ${file?.name ?? 'the file'}` : 'Checking the file'}
          />
          <Typography variant="caption" color="text.secondary">
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Uploaded, checking every line…'}
          </Typography>
        </Box>
      )}
    </Box>
  );
};
