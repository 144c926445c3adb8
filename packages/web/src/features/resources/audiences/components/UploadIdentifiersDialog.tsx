import { keepValidIdentifiersLabel } from '@beacon/domain/validation/messages';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { useUnsavedChanges } from '../../../../app/unsaved-changes';
import { ResourceDialog } from '../../../../components/ResourceDialog';
import { formatNumber } from '../../../../lib/format';
import { AUDIENCES_QUERY_KEY, type Audience, type AudienceUploadResult } from '../api/audience';
import { useIdentifiersUpload } from '../hooks/use-identifiers-upload';
import { IdentifiersFields } from './IdentifiersFields';
import { UploadReport } from './UploadReport';

/**
 * Adds identifiers to an existing audience (§5: the checkbox, progress). A file with bad lines shows its report and
 * stores nothing until the user keeps its valid identifiers or chooses a fixed file; a stored upload shows what
 * the file held and its match rate.
 */
export const UploadIdentifiersDialog = ({ audience }: { readonly audience: Audience }) => {
  const { close } = useStackedDialog();
  const queryClient = useQueryClient();
  const upload = useIdentifiersUpload();
  const [stored, setStored] = useState<AudienceUploadResult | null>(null);
  const isSending = upload.progress !== null;
  useUnsavedChanges(
    `audience-upload-${audience.id}`,
    upload.values.file !== null && !isSending && stored === null,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stored) {
      close();
      return;
    }
    if (!upload.check()) return;
    const result = await upload.send(audience.id, { keepValid: upload.canKeepValid });
    if (!result) return;
    await queryClient.invalidateQueries({ queryKey: AUDIENCES_QUERY_KEY });
    setStored(result);
  };

  const keepCount = upload.refusal?.report.identifiers ?? 0;
  return (
    <ResourceDialog
      title={`Upload identifiers to ${audience.name}`}
      onSubmit={submit}
      submitLabel={stored ? 'Done' : upload.canKeepValid ? keepValidIdentifiersLabel(keepCount) : 'Upload'}
      isBusy={isSending}
      failure={upload.failure}
      maxWidth="md"
    >
      {stored ? (
        <UploadReport
          report={stored}
          severity="success"
          title={`${formatNumber(stored.identifiers)} ${stored.identifiers === 1 ? 'identifier' : 'identifiers'} added to ${audience.name}`}
        >
          <Typography variant="body2" sx={{ mt: 1 }}>
            {stored.bad_lines > 0 ? 'The bad lines were dropped. ' : ''}
            Its users count is updating: it shows on the audience as soon as the count has run.
          </Typography>
        </UploadReport>
      ) : (
        <IdentifiersFields upload={upload} disabled={isSending} />
      )}
    </ResourceDialog>
  );
};
