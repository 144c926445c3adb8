import {
  BULK_TAG_COLUMN_LABELS,
  BULK_TAG_COLUMNS,
  BULK_TAG_FILE_EXTENSION,
} from '@beacon/domain/dictionary/creatives';
import { REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { CREATIVES_QUERY_KEY, type CreativeRow } from '../../../components/creative/api/creative';
import { ResourceDialog } from '../../../components/ResourceDialog';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { useResourceSave } from '../../../lib/use-resource-save';
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
  const { close } = useStackedDialog();
  const identity = useSessionStore(selectActiveIdentity);
  const advertisers = useAdvertiserOptions(identity?.organization.id);
  const [organization, setOrganization] = useState<number | null>(identity?.organization.id ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [rejection, setRejection] = useState<{ message: string; rows: readonly BulkTagRowError[] } | null>(
    null,
  );
  const [progress, setProgress] = useState<number | null>(null);
  const form = useResourceSave<readonly CreativeRow[]>({
    unsaved: { id: 'bulk-tags', isDirty: file !== null },
    queryKey: CREATIVES_QUERY_KEY,
    onSaved: (created) => {
      enqueueSnackbar(
        `${created.length} tag ${created.length === 1 ? 'creative' : 'creatives'} created, waiting for approval`,
        { variant: 'success' },
      );
      close();
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRejection(null);
    if (!file) {
      setFileError(REQUIRED_MESSAGE);
      return;
    }
    setFileError(undefined);
    await form.save(async () => {
      try {
        return await uploadBulkTags(organization, { file, onProgress: setProgress });
      } catch (error) {
        // The sheet's refusal belongs to the file: its bad rows listed above the form, or its message under it.
        const rows = bulkRowErrorsOf(error);
        if (rows.length > 0) setRejection({ message: errorMessage(error), rows });
        else setFileError(errorMessage(error));
        return null;
      } finally {
        setProgress(null);
      }
    });
  };

  return (
    <ResourceDialog
      title="Bulk tags"
      onSubmit={submit}
      submitLabel="Create tags"
      isBusy={form.isBusy}
      isDirty={form.isDirty}
      failure={form.failure}
    >
      <DialogContentText>
        One tag creative per row of an .{BULK_TAG_FILE_EXTENSION} sheet with the columns {COLUMNS_TEXT}, in
        this order (a header row is optional). Every row is checked; if any row is wrong, nothing is created.
      </DialogContentText>
      {rejection && <RowErrors message={rejection.message} rows={rejection.rows} />}
      {advertisers.data && advertisers.data.length > 1 && (
        <TextField
          select
          label="Advertiser"
          value={organization === null ? '' : String(organization)}
          onChange={(event) => setOrganization(Number(event.target.value))}
          disabled={form.isBusy}
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
        disabled={form.isBusy}
      />
    </ResourceDialog>
  );
};
