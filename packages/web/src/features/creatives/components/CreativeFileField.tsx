import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { fileSizeText } from '../../../components/creative/creative-text';

export type CreativeFileFieldProps = {
  readonly label: string;
  /** `.png,.jpg,.jpeg,.gif`. */
  readonly accept: string;
  readonly file: File | null;
  readonly onChange: (file: File | null) => void;
  /** The §5 hint of the asset. */
  readonly hint: string;
  /** What is stored already (edit), shown when no new file is chosen. */
  readonly current?: string | undefined;
  readonly error?: string | undefined;
  readonly isRequired?: boolean;
  /** The share sent (0 to 1) while uploading, null otherwise. */
  readonly progress: number | null;
  readonly disabled?: boolean;
};

/** A creative's file chosen for upload, its §5 hint or the server's refusal, and the progress of its sending. */
export const CreativeFileField = ({
  label,
  accept,
  file,
  onChange,
  hint,
  current,
  error,
  isRequired = false,
  progress,
  disabled,
}: CreativeFileFieldProps) => {
  const inputId = useId();
  const hintId = useId();
  const name = `${label}${isRequired ? ' *' : ''}`;
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
          {file ? `Choose another file (${label.toLowerCase()})` : name}
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
              {file.name} · {fileSizeText(file.size)}
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
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Uploaded, checking the file…'}
          </Typography>
        </Box>
      )}
    </Box>
  );
};
