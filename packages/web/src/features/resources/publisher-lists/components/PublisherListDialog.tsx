import {
  PUBLISHER_LIST_KIND_LABELS,
  PUBLISHER_LIST_KINDS,
  type PublisherListKind,
} from '@beacon/domain/dictionary/publisher-lists';
import { ZPublisherListCreate, ZPublisherListUpdate } from '@beacon/domain/validation/publisher-list';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../../api/api-error';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { FileRejectionAlert } from '../../components/FileRejectionAlert';
import {
  checkWith,
  errorsOfApiError,
  type FieldErrors,
  type FileRejection,
  fileRejectionOf,
} from '../../utils/form-errors';
import {
  createPublisherList,
  PUBLISHER_LISTS_QUERY_KEY,
  type PublisherListRow,
  updatePublisherList,
} from '../api/publisher-list';
import { moreLinesOf, rejectionToShow } from '../utils/file-rejection';
import { PublisherFileField } from './PublisherFileField';

type Saved =
  | { readonly ok: true; readonly list: PublisherListRow }
  | { readonly ok: false; readonly errors: FieldErrors };

export type PublisherListDialogProps = {
  /** The list to edit; a new list when absent. */
  readonly list?: PublisherListRow;
  readonly onSaved?: (list: PublisherListRow) => void;
};

/**
 * The publisher list dialog (§2): name and kind (allowlist or blocklist), and for a new list an optional file
 * of publishers, uploaded with progress; a rejected file shows its message and every bad line, and nothing
 * is stored, so the user fixes the file and chooses it again.
 */
export const PublisherListDialog = ({ list, onSaved }: PublisherListDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [name, setName] = useState(list?.name ?? '');
  const [kind, setKind] = useState<PublisherListKind | ''>(list?.kind ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [rejection, setRejection] = useState<FileRejection | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  /** The form checked with the exact schema of its call, then sent; field errors when the check fails. */
  const save = async (): Promise<Saved> => {
    if (list) {
      const check = checkWith(ZPublisherListUpdate, { version: list.version, name, kind });
      return check.ok ? { ok: true, list: await updatePublisherList(list.id, check.value) } : check;
    }
    const check = checkWith(ZPublisherListCreate, { name, kind });
    if (!check.ok) return check;
    const body = { name: check.value.name, kind: check.value.kind };
    if (!file) return { ok: true, list: await createPublisherList(body) };
    setProgress(0);
    return { ok: true, list: await createPublisherList(body, { file, onProgress: setProgress }) };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setRejection(null);
    setIsBusy(true);
    try {
      const result = await save();
      if (!result.ok) {
        setErrors(result.errors);
        return;
      }
      const saved = result.list;
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: PUBLISHER_LISTS_QUERY_KEY });
      enqueueSnackbar(list ? `${saved.name} saved` : `${saved.name} created`, { variant: 'success' });
      close();
      onSaved?.(saved);
    } catch (error) {
      const fileProblem = fileRejectionOf(error);
      const fieldErrors = errorsOfApiError(error);
      setErrors(fieldErrors);
      if (fileProblem) setRejection(rejectionToShow(fileProblem, moreLinesOf(error)));
      else if (Object.keys(fieldErrors).length === 0) setFailure(errorMessage(error));
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
        <DialogTitle id={titleId}>
          {list ? `Edit publisher list ${list.name}` : 'New publisher list'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <TextField
              autoFocus
              required
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={errors.name !== undefined}
              helperText={errors.name}
              disabled={isBusy}
            />
            <FormControl error={errors.kind !== undefined} required disabled={isBusy}>
              <FormLabel id={`${titleId}-kind`}>Kind</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${titleId}-kind`}
                value={kind}
                onChange={(event) => {
                  const value = PUBLISHER_LIST_KINDS.find((candidate) => candidate === event.target.value);
                  if (value) setKind(value);
                }}
              >
                {PUBLISHER_LIST_KINDS.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={PUBLISHER_LIST_KIND_LABELS[value]}
                  />
                ))}
              </RadioGroup>
              {errors.kind && <FormHelperText>{errors.kind}</FormHelperText>}
            </FormControl>
            {!list && (
              <PublisherFileField
                file={file}
                onChange={(next) => {
                  setFile(next);
                  setRejection(null);
                }}
                progress={progress}
                disabled={isBusy}
                label="Choose a file of publishers"
              />
            )}
            {rejection && <FileRejectionAlert rejection={rejection} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            {list ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
