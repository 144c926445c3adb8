import {
  PUBLISHER_UPLOAD_MODE_LABELS,
  PUBLISHER_UPLOAD_MODES,
  type PublisherUploadMode,
} from '@beacon/domain/dictionary/publisher-lists';
import { PUBLISHER_FILE_REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../../api/api-error';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { formatNumber } from '../../../../lib/format';
import { FileRejectionAlert } from '../../components/FileRejectionAlert';
import { type FileRejection, fileRejectionOf } from '../../utils/form-errors';
import { PUBLISHER_LISTS_QUERY_KEY, type PublisherListRow, uploadPublishers } from '../api/publisher-list';
import { moreLinesOf, rejectionToShow } from '../utils/file-rejection';
import { PublisherFileField } from './PublisherFileField';

/**
 * Uploads more publishers to a list (§2 "uploads show progress and per-row errors"): the file adds to the
 * list's publishers or replaces them, as chosen. A rejected file changes nothing and lists its bad lines.
 */
export const UploadPublishersDialog = ({ list }: { readonly list: PublisherListRow }) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [mode, setMode] = useState<PublisherUploadMode>('append');
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string>();
  const [rejection, setRejection] = useState<FileRejection | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setRejection(null);
    if (!file) {
      setFailure(PUBLISHER_FILE_REQUIRED_MESSAGE);
      return;
    }
    setIsBusy(true);
    setProgress(0);
    try {
      const saved = await uploadPublishers(
        list.id,
        { version: list.version, mode },
        { file, onProgress: setProgress },
      );
      await queryClient.invalidateQueries({ queryKey: PUBLISHER_LISTS_QUERY_KEY });
      enqueueSnackbar(`${saved.name} now has ${formatNumber(saved.publishers_count)} publishers`, {
        variant: 'success',
      });
      close();
    } catch (error) {
      const fileProblem = fileRejectionOf(error);
      if (fileProblem) setRejection(rejectionToShow(fileProblem, moreLinesOf(error)));
      else setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
      setProgress(null);
    }
  };

  return (
    <Dialog
      {...dialogProps}
      onClose={isBusy ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Upload publishers to {list.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <FormControl disabled={isBusy}>
              <FormLabel id={`${titleId}-mode`}>The file’s publishers</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-mode`}
                value={mode}
                onChange={(event) => {
                  const value = PUBLISHER_UPLOAD_MODES.find((candidate) => candidate === event.target.value);
                  if (value) setMode(value);
                }}
              >
                {PUBLISHER_UPLOAD_MODES.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={PUBLISHER_UPLOAD_MODE_LABELS[value]}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <PublisherFileField
              file={file}
              onChange={(next) => {
                setFile(next);
                setRejection(null);
                setFailure(undefined);
              }}
              progress={progress}
              disabled={isBusy}
            />
            {rejection && <FileRejectionAlert rejection={rejection} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            Upload
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
