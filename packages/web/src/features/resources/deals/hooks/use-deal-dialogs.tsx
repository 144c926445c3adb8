/**
 * The dialogs of the deals section, opened on the dialog stack (§2): the deal form (create, edit), duplicate
 * (with the §8 deal duplication error), delete, monitor and history.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { useDialogStack } from '../../../../app/dialogs/dialog-stack';
import { lazy } from '../../../../lib/lazy';
import { DeleteResourceDialog } from '../../components/DeleteResourceDialog';
import { HistoryDialog } from '../../components/HistoryDialog';
import { DEALS_QUERY_KEY, type DealRow, deleteDeal, fetchDealHistory } from '../api/deal';
import { DuplicateDealDialog } from '../components/DuplicateDealDialog';
import { MonitorDealDialog } from '../components/MonitorDealDialog';

const DealDialog = lazy(() =>
  import('../components/DealDialog').then((module) => ({ default: module.DealDialog })),
);

export type DealDialogs = {
  readonly openCreate: () => void;
  readonly openEdit: (deal: DealRow) => void;
  readonly openDuplicate: (deal: DealRow) => void;
  readonly openDelete: (deal: DealRow) => void;
  readonly openMonitor: (deal: DealRow) => void;
  readonly openHistory: (deal: DealRow) => void;
};

export const useDealDialogs = (): DealDialogs => {
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: DEALS_QUERY_KEY });
    return {
      openCreate: () =>
        stack.open(
          'deal-new',
          <Suspense fallback={null}>
            <DealDialog deal={null} />
          </Suspense>,
        ),
      openEdit: (deal) =>
        stack.open(
          `deal-${deal.id}`,
          <Suspense fallback={null}>
            <DealDialog deal={deal} />
          </Suspense>,
        ),
      openDuplicate: (deal) => stack.open('duplicate-deal', <DuplicateDealDialog deal={deal} />),
      openDelete: (deal) =>
        stack.open(
          'delete-deal',
          <DeleteResourceDialog
            kind="deal"
            name={deal.name}
            onDelete={async () => {
              await deleteDeal(deal.id, deal.version);
              await refresh();
            }}
          />,
        ),
      openMonitor: (deal) => stack.open('monitor-deal', <MonitorDealDialog deal={deal} />),
      openHistory: (deal) =>
        stack.open(
          'deal-history',
          <HistoryDialog
            title={`History of ${deal.name}`}
            queryKey={[...DEALS_QUERY_KEY, 'history', deal.id]}
            fetcher={(signal) => fetchDealHistory(deal.id, signal)}
          />,
        ),
    };
  }, [stack, queryClient]);
};
