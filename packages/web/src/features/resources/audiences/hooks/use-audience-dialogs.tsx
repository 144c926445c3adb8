/**
 * The dialogs of the audiences, opened on the dialog stack (§2): new audience and its edit form, identifiers
 * upload, duplicate, delete and history.
 */
import { duplicateAudienceName, ZAudienceDuplicate } from '@beacon/domain/validation/audience-form';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { useDialogStack } from '../../../../app/dialogs/dialog-stack';
import { lazy } from '../../../../lib/lazy';
import { DeleteResourceDialog } from '../../components/DeleteResourceDialog';
import { DuplicateResourceDialog } from '../../components/DuplicateResourceDialog';
import { HistoryDialog } from '../../components/HistoryDialog';
import {
  AUDIENCES_QUERY_KEY,
  type Audience,
  deleteAudience,
  duplicateAudience,
  fetchAudienceHistory,
} from '../api/audience';

const AudienceDialog = lazy(() =>
  import('../components/AudienceDialog').then((module) => ({ default: module.AudienceDialog })),
);
const UploadIdentifiersDialog = lazy(() =>
  import('../components/UploadIdentifiersDialog').then((module) => ({
    default: module.UploadIdentifiersDialog,
  })),
);

export type AudienceDialogs = {
  readonly openCreate: () => void;
  readonly openEdit: (audience: Audience) => void;
  readonly openUpload: (audience: Audience) => void;
  readonly openDuplicate: (audience: Audience) => void;
  readonly openDelete: (audience: Audience, onDeleted?: () => void) => void;
  readonly openHistory: (audience: Audience) => void;
};

export const useAudienceDialogs = (): AudienceDialogs => {
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: AUDIENCES_QUERY_KEY });
    const openForm = (audience: Audience | null) =>
      stack.open(
        `audience-${audience?.id ?? 'new'}`,
        <Suspense fallback={null}>
          <AudienceDialog audience={audience} />
        </Suspense>,
      );
    return {
      openCreate: () => openForm(null),
      openEdit: (audience) => openForm(audience),
      openUpload: (audience) =>
        stack.open(
          `audience-upload-${audience.id}`,
          <Suspense fallback={null}>
            <UploadIdentifiersDialog audience={audience} />
          </Suspense>,
        ),
      openDuplicate: (audience) =>
        stack.open(
          'duplicate-audience',
          <DuplicateResourceDialog
            kind="audience"
            sourceName={audience.name}
            defaultName={duplicateAudienceName(audience.name)}
            schema={ZAudienceDuplicate}
            description="The copy gets the name, description, type, KPIs and campaigns. Identifiers are not copied: upload them to the copy."
            onDuplicate={async (name) => {
              const copy = await duplicateAudience(audience.id, { name });
              await refresh();
              return copy;
            }}
          />,
        ),
      openDelete: (audience, onDeleted) =>
        stack.open(
          'delete-audience',
          <DeleteResourceDialog
            kind="audience"
            name={audience.name}
            onDelete={async () => {
              await deleteAudience(audience.id, audience.version);
              await refresh();
            }}
            onDeleted={onDeleted}
          />,
        ),
      openHistory: (audience) =>
        stack.open(
          'audience-history',
          <HistoryDialog
            title={`History of ${audience.name}`}
            queryKey={[...AUDIENCES_QUERY_KEY, 'history', audience.id]}
            fetcher={(signal) => fetchAudienceHistory(audience.id, signal)}
          />,
        ),
    };
  }, [stack, queryClient]);
};
