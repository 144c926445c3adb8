/**
 * The review actions of the back office's creatives queue: approve (at once: approval is undone by a
 * rejection), reject with a reason (dialog), one or many, and the preview dialog with both.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useMemo } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useDialogStack } from '../../../app/dialogs/dialog-stack';
import { CAMPAIGNS_QUERY_KEY } from '../../../components/campaign/api/campaign-row';
import { CREATIVES_QUERY_KEY, type CreativeRow } from '../../../components/creative/api/creative';
import { lazy } from '../../../lib/lazy';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { approveCreative, approveCreatives, rejectCreative, rejectCreatives } from '../api/creative-review';

const RejectCreativesDialog = lazy(() =>
  import('../components/RejectCreativesDialog').then((module) => ({ default: module.RejectCreativesDialog })),
);
const CreativePreviewDialog = lazy(() =>
  import('../components/CreativePreviewDialog').then((module) => ({ default: module.CreativePreviewDialog })),
);

export type CreativeReview = {
  readonly approve: (creatives: readonly CreativeRow[]) => Promise<boolean>;
  readonly openReject: (creatives: readonly CreativeRow[], onDone?: () => void) => void;
  readonly openPreview: (creative: CreativeRow) => void;
};

export const useCreativeReview = (): CreativeReview => {
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const open = (id: string, element: ReactNode) =>
      stack.open(id, <Suspense fallback={null}>{element}</Suspense>);
    const refresh = async () => {
      await queryClient.invalidateQueries({ queryKey: CREATIVES_QUERY_KEY });
      // A campaign waiting for approval may deliver now (its delivery status follows its creatives).
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
    };
    const approve = async (creatives: readonly CreativeRow[]): Promise<boolean> => {
      const [first] = creatives;
      if (!first) return false;
      try {
        if (creatives.length === 1) await approveCreative(first.id);
        else await approveCreatives({ ids: creatives.map((creative) => creative.id) });
        await refresh();
        enqueueSnackbar(
          creatives.length === 1 ? `${first.name} approved` : `${creatives.length} creatives approved`,
          {
            variant: 'success',
          },
        );
        return true;
      } catch (error) {
        enqueueSnackbar(errorMessage(error), { variant: 'error' });
        return false;
      }
    };
    const openReject = (creatives: readonly CreativeRow[], onDone?: () => void) =>
      open(
        'reject-creatives',
        <RejectCreativesDialog
          names={creatives.map((creative) => creative.name)}
          onReject={async (reason) => {
            const [first] = creatives;
            if (!first) return;
            if (creatives.length === 1) await rejectCreative(first.id, { reason });
            else await rejectCreatives({ ids: creatives.map((creative) => creative.id), reason });
            await refresh();
            onDone?.();
          }}
        />,
      );
    const openPreview = (creative: CreativeRow) =>
      open(
        'creative-preview',
        <CreativePreviewDialog
          creative={creative}
          {...(creative.state === 'pending-approval'
            ? {
                onApprove: () =>
                  void approve([creative]).then((isDone) => {
                    if (isDone) stack.close('creative-preview');
                  }),
                onReject: () => openReject([creative], () => stack.close('creative-preview')),
              }
            : {})}
        />,
      );
    return { approve, openReject, openPreview };
  }, [stack, queryClient]);
};
