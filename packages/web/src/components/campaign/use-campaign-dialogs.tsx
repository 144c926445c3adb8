/**
 * The dialogs of the campaigns grid, opened on the dialog stack (§2) and loaded on first use: duplicate
 * campaign, export campaign info, and the bulk activate, pause and delete confirmations. The campaign detail
 * may open the duplicate and export dialogs through this hook too.
 */
import { Suspense, useMemo } from 'react';
import { useDialogStack } from '../../app/dialogs/dialog-stack';
import { lazy } from '../../lib/lazy';
import type { CampaignRow } from './api/campaign-row';
import type { DuplicateSource } from './DuplicateCampaignDialog';

const DuplicateCampaignDialog = lazy(() =>
  import('./DuplicateCampaignDialog').then((module) => ({ default: module.DuplicateCampaignDialog })),
);
const ExportCampaignInfoDialog = lazy(() =>
  import('./ExportCampaignInfoDialog').then((module) => ({ default: module.ExportCampaignInfoDialog })),
);
const CampaignStateDialog = lazy(() =>
  import('./CampaignStateDialog').then((module) => ({ default: module.CampaignStateDialog })),
);
const DeleteCampaignsDialog = lazy(() =>
  import('./DeleteCampaignsDialog').then((module) => ({ default: module.DeleteCampaignsDialog })),
);

export type CampaignDialogs = {
  readonly openDuplicate: (source: DuplicateSource, options?: { readonly openCopy?: boolean }) => void;
  readonly openExport: (campaign: { readonly id: number; readonly name: string }) => void;
  readonly openStateChange: (
    action: 'activate' | 'pause',
    campaigns: readonly CampaignRow[],
    skipped: number,
    onDone: () => void,
  ) => void;
  readonly openDelete: (campaigns: readonly CampaignRow[], onDeleted: () => void) => void;
};

export const useCampaignDialogs = (): CampaignDialogs => {
  const stack = useDialogStack();
  return useMemo(
    () => ({
      openDuplicate: (source, options) =>
        stack.open(
          'duplicate-campaign',
          <Suspense fallback={null}>
            <DuplicateCampaignDialog source={source} openCopy={options?.openCopy ?? false} />
          </Suspense>,
        ),
      openExport: (campaign) =>
        stack.open(
          'export-campaign-info',
          <Suspense fallback={null}>
            <ExportCampaignInfoDialog campaign={campaign} />
          </Suspense>,
        ),
      openStateChange: (action, campaigns, skipped, onDone) =>
        stack.open(
          `campaigns-${action}`,
          <Suspense fallback={null}>
            <CampaignStateDialog action={action} campaigns={campaigns} skipped={skipped} onDone={onDone} />
          </Suspense>,
        ),
      openDelete: (campaigns, onDeleted) =>
        stack.open(
          'delete-campaigns',
          <Suspense fallback={null}>
            <DeleteCampaignsDialog campaigns={campaigns} onDeleted={onDeleted} />
          </Suspense>,
        ),
    }),
    [stack],
  );
};
