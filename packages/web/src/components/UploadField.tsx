import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export type UploadFieldProps = {
  /** The button's text and the file input's accessible name. */
  readonly label: string;
  /** The types the browser's picker offers, `.csv,.json`; the server reads the content whatever the name. */
  readonly accept: string;
  readonly file: File | null;
  readonly onChange: (file: File | null) => void;
  /** What the file holds (§5), under the button. */
  readonly hint?: string | undefined;
  /** The field's error, shown (and announced) instead of the hint. */
  readonly error?: string | undefined;
  /** The share sent (0 to 1) while uploading, null otherwise. */
  readonly progress: number | null;
  readonly disabled?: boolean | undefined;
  /** Marks the button's text as required. */
  readonly isRequired?: boolean | undefined;
  /** What is stored already (an edit), shown while no new file is chosen. */
  readonly current?: string | undefined;
  /** The button's text once a file is chosen. */
  readonly changeLabel?: string | undefined;
  /** How the chosen file is named beside the button (its name by default). */
  readonly describeFile?: ((file: File) => string) | undefined;
  /** Said once the file is sent, while the server checks it. */
  readonly checkingText?: string | undefined;
};

/**
 * A file chosen for upload (the file input behind a button, the file's name and a way to remove it), its hint or
 * error, and the progress of its sending (§5). Every dialog that uploads a file uses it: geolists, publisher
 * lists, audience identifiers, creatives.
 */
export const UploadField = ({
  label,
  accept,
  file,
  onChange,
  hint,
  error,
  progress,
  disabled,
  isRequired = false,
  current,
  changeLabel = 'Choose another file',
  describeFile = (chosen) => chosen.name,
  checkingText = 'Uploaded, checking every line…',
}: UploadFieldProps) => {
  const inputId = useId();
  const hintId = useId();
  return (
    <Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          color={error ? 'error' : 'primary'}
          startIcon={<UploadFileOutlined />}
          disabled={disabled}
        >
          {file ? changeLabel : `${label}${isRequired ? ' *' : ''}`}
          <input
            id={inputId}
            type="file"
            accept={accept}
            hidden
            aria-label={label}
            aria-describedby={hintId}
            aria-invalid={error !== undefined}
            disabled={disabled}
            onChange={(event) => {
              onChange(event.target.files?.[0] ?? null);
              // Choosing the same file again after fixing it must still count as a change.
              event.target.value = '';
            }}
          />
        </Button>
        {file ? (
          <>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {describeFile(file)}
            </Typography>
            <Button size="small" onClick={() => onChange(null)} disabled={disabled}>
              Remove
            </Button>
          </>
        ) : (
          current && (
            <Typography variant="body2" color="text.secondary">
              {current}
            </Typography>
          )
        )}
      </Stack>
      <FormHelperText id={hintId} error={error !== undefined} role={error ? 'alert' : undefined}>
        {error ?? hint}
      </FormHelperText>
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant={progress < 1 ? 'determinate' : 'indeterminate'}
            value={Math.round(progress * 100)}
            aria-label={
              progress < 1 ? `Uploading ${file?.name ?? 'the file'}` : `Checking ${file?.name ?? 'the file'}`
            }
          />
          <Typography variant="caption" color="text.secondary">
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : checkingText}
          </Typography>
        </Box>
      )}
    </Box>
  );
};
