/**
 * The dialogs of the creatives screens, opened on the dialog stack (§2) and loaded on first use: the creative
 * dialog (new, edit), the creative studio, bulk tags, link to campaigns, delete (confirmed by typing the word) and history; and
 * duplicate, which opens the copy.
 */
import type { CreativeType } from '@beacon/domain/dictionary/creatives';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/api-error';
import { useDialogStack } from '../../../app/dialogs/dialog-stack';
import {
  CREATIVES_PATH,
  CREATIVES_QUERY_KEY,
  type Creative,
  creativePath,
  creativeQueryKey,
} from '../../../components/creative/api/creative';
import { lazy } from '../../../lib/lazy';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { deleteCreative, duplicateCreative } from '../api/creative-writes';

const CreativeDialog = lazy(() =>
  import('../components/CreativeDialog').then((module) => ({ default: module.CreativeDialog })),
);
const BulkTagsDialog = lazy(() =>
  import('../components/BulkTagsDialog').then((module) => ({ default: module.BulkTagsDialog })),
);
const CreativeStudioDialog = lazy(() =>
  import('../components/CreativeStudioDialog').then((module) => ({ default: module.CreativeStudioDialog })),
);
const CreativeReportDialog = lazy(() =>
  import('../components/CreativeReportDialog').then((module) => ({ default: module.CreativeReportDialog })),
);
const LinkCampaignsDialog = lazy(() =>
  import('../components/LinkCampaignsDialog').then((module) => ({ default: module.LinkCampaignsDialog })),
);
const ConfirmWordDialog = lazy(() =>
  import('../../../components/ConfirmWordDialog').then((module) => ({ default: module.ConfirmWordDialog })),
);
const CreativeHistoryDialog = lazy(() =>
  import('../../../components/creative/CreativeHistoryDialog').then((module) => ({
    default: module.CreativeHistoryDialog,
  })),
);

export type CreativeDialogs = {
  readonly openCreate: (type?: CreativeType) => void;
  readonly openEdit: (creative: Creative) => void;
  readonly openBulkTags: () => void;
  readonly openStudio: () => void;
  readonly openReport: () => void;
  readonly openLinkCampaigns: (creative: Creative) => void;
  readonly openDelete: (creative: Creative) => void;
  readonly openHistory: (creative: Creative) => void;
  readonly duplicate: (creative: Creative) => Promise<void>;
};

export const useCreativeDialogs = (): CreativeDialogs => {
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: CREATIVES_QUERY_KEY });
    const open = (id: string, element: ReactNode) =>
      stack.open(id, <Suspense fallback={null}>{element}</Suspense>);
    return {
      openCreate: (type) =>
        open('creative-new', <CreativeDialog creative={null} {...(type ? { initialType: type } : {})} />),
      openEdit: (creative) => open(`creative-${creative.id}`, <CreativeDialog creative={creative} />),
      openBulkTags: () => open('bulk-tags', <BulkTagsDialog />),
      openStudio: () => open('creative-studio', <CreativeStudioDialog />),
      openReport: () => open('creatives-report', <CreativeReportDialog />),
      openLinkCampaigns: (creative) => open('link-campaigns', <LinkCampaignsDialog creative={creative} />),
      openHistory: (creative) =>
        open('creative-history', <CreativeHistoryDialog creativeId={creative.id} name={creative.name} />),
      openDelete: (creative) =>
        open(
          'delete-creative',
          <ConfirmWordDialog
            title={`Delete ${creative.name}?`}
            description={
              creative.campaigns.length > 0
                ? `It stops serving in the ${creative.campaigns.length} linked campaigns and leaves the library; its history is kept.`
                : 'It leaves the library; its history is kept.'
            }
            word="Delete"
            confirmLabel="Delete creative"
            isDestructive
            onConfirm={async () => {
              await deleteCreative(creative.id, creative.version);
              queryClient.removeQueries({ queryKey: creativeQueryKey(creative.id) });
              await refresh();
              await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
              enqueueSnackbar(`${creative.name} deleted`, { variant: 'success' });
              void navigate(CREATIVES_PATH);
            }}
          />,
        ),
      duplicate: async (creative) => {
        try {
          const copy = await duplicateCreative(creative.id);
          await refresh();
          enqueueSnackbar(`${copy.name} created as a copy, waiting for approval`, { variant: 'success' });
          void navigate(creativePath(copy.id));
        } catch (error) {
          enqueueSnackbar(`The creative could not be duplicated: ${errorMessage(error)}`, {
            variant: 'error',
          });
        }
      },
    };
  }, [stack, queryClient, navigate]);
};
