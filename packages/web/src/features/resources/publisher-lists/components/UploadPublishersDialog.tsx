import {
  PUBLISHER_UPLOAD_MODE_LABELS,
  PUBLISHER_UPLOAD_MODES,
  type PublisherUploadMode,
} from '@beacon/domain/dictionary/publisher-lists';
import { PUBLISHER_FILE_REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { type FormEvent, useId, useState } from 'react';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { ResourceDialog } from '../../../../components/ResourceDialog';
import { formatNumber } from '../../../../lib/format';
import { enqueueSnackbar } from '../../../../lib/snackbar';
import { useResourceSave } from '../../../../lib/use-resource-save';
import { FileRejectionAlert } from '../../components/FileRejectionAlert';
import { PUBLISHER_LISTS_QUERY_KEY, type PublisherListRow, uploadPublishers } from '../api/publisher-list';
import { publisherRejectionOf } from '../utils/file-rejection';
import { PublisherFileField } from './PublisherFileField';

/**
 * Uploads more publishers to a list (§2 "uploads show progress and per-row errors"): the file adds to the
 * list's publishers or replaces them, as chosen. A rejected file changes nothing and lists its bad lines.
 */
export const UploadPublishersDialog = ({ list }: { readonly list: PublisherListRow }) => {
  const { close } = useStackedDialog();
  const titleId = useId();
  const [mode, setMode] = useState<PublisherUploadMode>('append');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useResourceSave<PublisherListRow>({
    queryKey: PUBLISHER_LISTS_QUERY_KEY,
    rejectionOf: publisherRejectionOf,
    showsFieldErrors: false,
    onSaved: (saved) => {
      enqueueSnackbar(`${saved.name} now has ${formatNumber(saved.publishers_count)} publishers`, {
        variant: 'success',
      });
      close();
    },
  });
  const { isBusy } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.setRejection(null);
    if (!file) {
      form.setFailure(PUBLISHER_FILE_REQUIRED_MESSAGE);
      return;
    }
    setProgress(0);
    await form.save(() =>
      uploadPublishers(list.id, { version: list.version, mode }, { file, onProgress: setProgress }),
    );
    setProgress(null);
  };

  return (
    <ResourceDialog
      title={`Upload publishers to ${list.name}`}
      onSubmit={submit}
      submitLabel="Upload"
      isBusy={isBusy}
      failure={form.failure}
      dividers={false}
    >
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
          form.setRejection(null);
          form.setFailure(undefined);
        }}
        progress={progress}
        disabled={isBusy}
      />
      {form.rejection && <FileRejectionAlert rejection={form.rejection} />}
    </ResourceDialog>
  );
};
