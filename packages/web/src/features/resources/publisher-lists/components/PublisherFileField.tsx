import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** What a publisher list file holds (§5), said next to every file field. */
export const PUBLISHER_FILE_HINT =
  'A text or CSV file with the publishers in a single column, one per line: web domains (example.com) or app bundle and store ids (com.example.app, id389801252).';

/** File types offered by the browser's picker; the server reads the content whatever the name. */
const ACCEPT = '.txt,.csv,text/plain,text/csv';

export type PublisherFileFieldProps = {
  readonly file: File | null;
  readonly onChange: (file: File | null) => void;
  /** The share sent, 0 to 1, while uploading; null otherwise. */
  readonly progress: number | null;
  readonly disabled?: boolean;
  readonly label?: string;
};

/** Picks one publisher list file and shows its upload's progress. */
export const PublisherFileField = ({
  file,
  onChange,
  progress,
  disabled = false,
  label = 'Choose a file',
}: PublisherFileFieldProps) => {
  const inputId = useId();
  const hintId = useId();
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          disabled={disabled}
        >
          {label}
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            hidden
            aria-describedby={hintId}
            disabled={disabled}
            onChange={(event) => {
              onChange(event.target.files?.[0] ?? null);
              // Choosing the same file again after fixing it must fire again.
              event.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
          {file ? file.name : 'No file chosen'}
        </Typography>
      </Box>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {PUBLISHER_FILE_HINT}
      </Typography>
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label="Upload progress"
          sx={{ mt: 1.5 }}
        />
      )}
    </Box>
  );
};
