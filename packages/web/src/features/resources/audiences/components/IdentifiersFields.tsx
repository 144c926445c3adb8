import { MAX_IDENTIFIER_FILE_BYTES } from '@beacon/domain/dictionary/audiences';
import { DEVICE_ID_TYPE_LABELS } from '@beacon/domain/dictionary/campaigns';
import { AUDIENCE_IDENTIFIER_TYPES } from '@beacon/domain/validation/audience-identifiers';
import { AUDIENCE_NO_REBUILD_LABEL, keepValidIdentifiersLabel } from '@beacon/domain/validation/messages';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EnumSelect } from '../../../../components/EnumSelect';
import { UploadField } from '../../../../components/UploadField';
import { FileRejectionAlert } from '../../components/FileRejectionAlert';
import type { IdentifiersUpload } from '../hooks/use-identifiers-upload';
import { UploadReport } from './UploadReport';

type Props = {
  /** The upload's state (use-identifiers-upload.ts): values, field errors, refusal and progress. */
  readonly upload: IdentifiersUpload;
  readonly disabled: boolean;
};

/**
 * The identifiers upload of a private audience (§5): the file (one identifier per line, optionally
 * `identifier,type`), the type of lines without one, and the checkbox committing not to rebuild the audience
 * from the identifiers, without which the server refuses the upload. Progress while sending; the report of a
 * file with bad lines (counts, match rate, the first bad lines), whose valid identifiers the dialog's main button
 * then offers to keep.
 */
export const IdentifiersFields = ({
  upload: { values, setValues: onChange, errors, rejection, refusal, canKeepValid, progress },
  disabled,
}: Props) => (
  <Stack spacing={2}>
    {rejection && <FileRejectionAlert rejection={rejection} />}
    {refusal && (
      <UploadReport
        report={refusal.report}
        title={refusal.message}
        severity={canKeepValid ? 'warning' : 'error'}
      >
        <Typography variant="body2" sx={{ mt: 1 }}>
          {canKeepValid
            ? `Nothing is stored until you choose: "${keepValidIdentifiersLabel(refusal.report.identifiers)}" stores them without the bad lines, or choose a fixed file.`
            : 'Choose a fixed file to upload.'}
        </Typography>
      </UploadReport>
    )}
    <UploadField
      label="Choose an identifiers file"
      accept=".csv,.txt"
      file={values.file}
      onChange={(file) => onChange({ ...values, file })}
      hint={`One device identifier per line, optionally followed by its type (identifier,type). At most ${MAX_IDENTIFIER_FILE_BYTES / 1024 / 1024} MB. Identifiers are stored so that they cannot be read back.`}
      error={errors.file}
      progress={progress}
      disabled={disabled}
    />
    <EnumSelect
      label="Type of lines without a type"
      value={values.identifierType}
      options={AUDIENCE_IDENTIFIER_TYPES}
      labels={DEVICE_ID_TYPE_LABELS}
      onChange={(identifierType) => onChange({ ...values, identifierType })}
      disabled={disabled}
      sx={{ maxWidth: 320 }}
    />
    <div>
      <FormControlLabel
        control={
          <Checkbox
            checked={values.isCommitted}
            onChange={(event) => onChange({ ...values, isCommitted: event.target.checked })}
            disabled={disabled}
          />
        }
        label={AUDIENCE_NO_REBUILD_LABEL}
      />
      {errors.commits_not_to_rebuild && (
        <FormHelperText error>{errors.commits_not_to_rebuild}</FormHelperText>
      )}
    </div>
  </Stack>
);
