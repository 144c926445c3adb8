/**
 * The dialogs of the deals section, opened on the dialog stack (§2): the deal form (create, edit), duplicate
 * (with the §8 deal duplication error), delete, monitor and history.
 */
import { duplicateDealName, ZDealDuplicate } from '@beacon/domain/validation/deal-form';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useDialogStack } from '../../../../app/dialogs/dialog-stack';
import { DeleteResourceDialog } from '../../components/DeleteResourceDialog';
import { DuplicateResourceDialog } from '../../components/DuplicateResourceDialog';
import { HistoryDialog } from '../../components/HistoryDialog';
import { DEALS_QUERY_KEY, type DealRow, deleteDeal, duplicateDeal, fetchDealHistory } from '../api/deal';
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
      openDuplicate: (deal) =>
        stack.open(
          'duplicate-deal',
          <DuplicateResourceDialog
            kind="deal"
            sourceName={deal.name}
            defaultName={duplicateDealName(deal.name)}
            schema={ZDealDuplicate}
            description="The copy is inactive and keeps the deal ID and supply partner, the type, floor price and dates."
            onDuplicate={async (name) => {
              const copy = await duplicateDeal(deal.id, { name });
              await refresh();
              return copy;
            }}
          />,
        ),
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
