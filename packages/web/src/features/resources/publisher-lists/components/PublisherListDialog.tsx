import {
  PUBLISHER_LIST_KIND_LABELS,
  PUBLISHER_LIST_KINDS,
  type PublisherListKind,
} from '@beacon/domain/dictionary/publisher-lists';
import { ZPublisherListCreate, ZPublisherListUpdate } from '@beacon/domain/validation/publisher-list';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { ResourceDialog } from '../../../../components/ResourceDialog';
import { enqueueSnackbar } from '../../../../lib/snackbar';
import { useResourceSave } from '../../../../lib/use-resource-save';
import { FileRejectionAlert } from '../../components/FileRejectionAlert';
import {
  createPublisherList,
  PUBLISHER_LISTS_QUERY_KEY,
  type PublisherListRow,
  updatePublisherList,
} from '../api/publisher-list';
import { publisherRejectionOf } from '../utils/file-rejection';
import { PublisherFileField } from './PublisherFileField';

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
  const { close } = useStackedDialog();
  const titleId = useId();
  const [name, setName] = useState(list?.name ?? '');
  const [kind, setKind] = useState<PublisherListKind | ''>(list?.kind ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useResourceSave<PublisherListRow>({
    queryKey: PUBLISHER_LISTS_QUERY_KEY,
    rejectionOf: publisherRejectionOf,
    onSaved: (saved) => {
      enqueueSnackbar(list ? `${saved.name} saved` : `${saved.name} created`, { variant: 'success' });
      close();
      onSaved?.(saved);
    },
  });
  const { errors, isBusy } = form;

  /** The form checked with the exact schema of its call, then sent; field errors when the check fails. */
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (list) {
      const update = form.check(ZPublisherListUpdate, { version: list.version, name, kind });
      if (update) await form.save(() => updatePublisherList(list.id, update));
      return;
    }
    const create = form.check(ZPublisherListCreate, { name, kind });
    if (!create) return;
    const body = { name: create.name, kind: create.kind };
    if (file) setProgress(0);
    await form.save(() => createPublisherList(body, file ? { file, onProgress: setProgress } : undefined));
    setProgress(null);
  };

  return (
    <ResourceDialog
      title={list ? `Edit publisher list ${list.name}` : 'New publisher list'}
      onSubmit={submit}
      submitLabel={list ? 'Save' : 'Create'}
      isBusy={isBusy}
      failure={form.failure}
      dividers={false}
    >
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
            form.setRejection(null);
          }}
          progress={progress}
          disabled={isBusy}
          label="Choose a file of publishers"
        />
      )}
      {form.rejection && <FileRejectionAlert rejection={form.rejection} />}
    </ResourceDialog>
  );
};
