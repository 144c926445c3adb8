import {
  BULK_TAG_COLUMN_LABELS,
  BULK_TAG_COLUMNS,
  BULK_TAG_FILE_EXTENSION,
} from '@beacon/domain/dictionary/creatives';
import { REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { useUnsavedChanges } from '../../../app/unsaved-changes';
import { CREATIVES_QUERY_KEY } from '../../../components/creative/api/creative';
import { useAdvertiserOptions } from '../api/advertisers';
import { type BulkTagRowError, uploadBulkTags } from '../api/creative-writes';
import { bulkRowErrorsOf } from '../utils/bulk-tags';
import { CreativeFileField } from './CreativeFileField';

const MAX_ROWS_SHOWN = 100;

const COLUMNS_TEXT = BULK_TAG_COLUMNS.map((column) => BULK_TAG_COLUMN_LABELS[column]).join(', ');

const RowErrors = ({
  message,
  rows,
}: {
  readonly message: string;
  readonly rows: readonly BulkTagRowError[];
}) => {
  const shown = rows.slice(0, MAX_ROWS_SHOWN);
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{message}</AlertTitle>
      <Box
        component="ul"
        sx={{ m: 0, pl: 2.5, maxHeight: 240, overflowY: 'auto' }}
        tabIndex={0}
        aria-label="Rejected rows"
      >
        {shown.map((row) => (
          <li key={row.row}>
            Row {row.row}: {row.messages.join('; ')}
          </li>
        ))}
        {rows.length > shown.length && <li>and {rows.length - shown.length} more rows</li>}
      </Box>
    </Alert>
  );
};

/**
 * Tags in bulk (§5): an XLSX sheet with the columns creative name, size, HTML markup, impression pixel and
 * click URL. Every row is checked; a sheet with a bad row creates nothing and lists each bad row's problems,
 * and the dialog keeps the chosen file and advertiser for the next try.
 */
export const BulkTagsDialog = () => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const titleId = useId();
  const identity = useSessionStore(selectActiveIdentity);
  const advertisers = useAdvertiserOptions(identity?.organization.id);
  const [organization, setOrganization] = useState<number | null>(identity?.organization.id ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [rejection, setRejection] = useState<{ message: string; rows: readonly BulkTagRowError[] } | null>(
    null,
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  useUnsavedChanges('bulk-tags', !isDone && file !== null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRejection(null);
    if (!file) {
      setFileError(REQUIRED_MESSAGE);
      return;
    }
    setFileError(undefined);
    setIsBusy(true);
    try {
      const created = await uploadBulkTags(organization, { file, onProgress: setProgress });
      setIsDone(true);
      await queryClient.invalidateQueries({ queryKey: CREATIVES_QUERY_KEY });
      enqueueSnackbar(
        `${created.length} tag ${created.length === 1 ? 'creative' : 'creatives'} created, waiting for approval`,
        {
          variant: 'success',
        },
      );
      close();
    } catch (error) {
      const rows = bulkRowErrorsOf(error);
      if (rows.length > 0) setRejection({ message: errorMessage(error), rows });
      else setFileError(errorMessage(error));
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
        <DialogTitle id={titleId}>Bulk tags</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <DialogContentText>
              One tag creative per row of an .{BULK_TAG_FILE_EXTENSION} sheet with the columns {COLUMNS_TEXT},
              in this order (a header row is optional). Every row is checked; if any row is wrong, nothing is
              created.
            </DialogContentText>
            {rejection && <RowErrors message={rejection.message} rows={rejection.rows} />}
            {advertisers.data && advertisers.data.length > 1 && (
              <TextField
                select
                label="Advertiser"
                value={organization === null ? '' : String(organization)}
                onChange={(event) => setOrganization(Number(event.target.value))}
                disabled={isBusy}
              >
                {advertisers.data.map((option) => (
                  <MenuItem key={option.id} value={String(option.id)}>
                    {option.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <CreativeFileField
              label="Tags sheet"
              accept={`.${BULK_TAG_FILE_EXTENSION}`}
              file={file}
              onChange={(next) => {
                setFile(next);
                setFileError(undefined);
                setRejection(null);
              }}
              hint={`An .${BULK_TAG_FILE_EXTENSION} file: ${COLUMNS_TEXT}`}
              error={fileError}
              isRequired
              progress={progress}
              disabled={isBusy}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            Create tags
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
