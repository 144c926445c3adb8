import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import {
  acceptOf,
  isPdfAddress,
  kindsText,
  sizeText,
  type UploadRule,
  uploadError,
  uploadKindOf,
} from './upload';
import { useObjectUrl } from './use-object-url';

export type UploadFieldProps = {
  /** The field's visible name ("Logo", "Favicon"). */
  readonly label: string;
  readonly rule: UploadRule;
  /** The stored file's address, or null when there is none. */
  readonly current: string | null;
  /** The file chosen and not saved yet. */
  readonly file: File | null;
  readonly onFileChange: (file: File | null) => void;
  /** When set, the stored file may be removed; `isRemoved` tells that it will be on save. */
  readonly onRemove?: () => void;
  readonly isRemoved?: boolean;
  /** The server's message for this file. */
  readonly error?: string;
  readonly previewSize?: { readonly width: number; readonly height: number };
  readonly disabled?: boolean;
};

/**
 * A file upload with its preview: an image is drawn as it will look, a PDF shows as a file chip. Choosing a file
 * does not send it: the form sends it on save. A file of the wrong kind or size is refused at once, with the
 * message the server would answer.
 */
export const UploadField = ({
  label,
  rule,
  current,
  file,
  onFileChange,
  onRemove,
  isRemoved = false,
  error,
  previewSize = { width: 96, height: 96 },
  disabled = false,
}: UploadFieldProps) => {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string>();
  const fileUrl = useObjectUrl(file && uploadKindOf(file) !== 'pdf' ? file : null);
  const shown = file ? null : isRemoved ? null : current;
  const isPdf = file ? uploadKindOf(file) === 'pdf' : shown !== null && isPdfAddress(shown);
  const imageUrl = file ? fileUrl : shown && !isPdf ? shown : undefined;
  const name = label.toLowerCase();
  const message = localError ?? error;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file chosen again after an undo must still be a change.
    event.target.value = '';
    if (!chosen) return;
    const problem = uploadError(chosen, rule);
    setLocalError(problem);
    if (!problem) onFileChange(chosen);
  };

  return (
    <Box role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            ...previewSize,
            flexShrink: 0,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.default',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {imageUrl ? (
            <Box
              component="img"
              src={imageUrl}
              alt={`${label} preview`}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
            />
          ) : isPdf ? (
            <PictureAsPdfOutlined color="error" sx={{ fontSize: 36 }} aria-hidden />
          ) : (
            <ImageOutlined sx={{ fontSize: 32, color: 'text.disabled' }} aria-hidden />
          )}
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0, alignItems: 'flex-start' }}>
          {isPdf && file && (
            <Chip
              icon={<PictureAsPdfOutlined />}
              label={file.name}
              variant="outlined"
              sx={{ maxWidth: '100%' }}
            />
          )}
          {isPdf && !file && shown && (
            <Chip
              icon={<PictureAsPdfOutlined />}
              label={`Open the current ${name} (PDF)`}
              variant="outlined"
              component="a"
              href={shown}
              target="_blank"
              rel="noopener noreferrer"
              clickable
              sx={{ maxWidth: '100%' }}
            />
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              size="small"
              startIcon={<UploadFileOutlined />}
              onClick={() => inputRef.current?.click()}
              disabled={disabled}
              aria-describedby={`${id}-hint`}
            >
              {file || shown ? `Replace ${name}` : `Upload ${name}`}
            </Button>
            {file && (
              <Button
                size="small"
                startIcon={<UndoOutlined />}
                onClick={() => onFileChange(null)}
                disabled={disabled}
              >
                {current && !isRemoved ? `Keep the current ${name}` : `Clear ${name}`}
              </Button>
            )}
            {!file && shown && onRemove && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlined />}
                onClick={onRemove}
                disabled={disabled}
              >
                Remove {name}
              </Button>
            )}
          </Stack>
          <FormHelperText id={`${id}-hint`} error={message !== undefined} sx={{ m: 0 }}>
            {message ??
              (isRemoved && !file
                ? `The ${name} will be removed when you save.`
                : `${kindsText(rule.kinds)}, at most ${sizeText(rule.maxBytes)}.`)}
          </FormHelperText>
        </Stack>
      </Stack>
      <input
        ref={inputRef}
        type="file"
        hidden
        tabIndex={-1}
        aria-hidden
        accept={acceptOf(rule.kinds)}
        onChange={choose}
      />
    </Box>
  );
};
