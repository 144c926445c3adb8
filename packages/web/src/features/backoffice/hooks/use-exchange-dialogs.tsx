/**
 * The dialogs of the exchanges page, opened on the dialog stack (§2): the exchange form (create, edit), its
 * token (copy, rotate) — opened right after a create, since the exchange is set up with it — and delete.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDialogStack, useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { deleteExchange, EXCHANGES_QUERY_KEY, type ExchangeRow } from '../api/exchanges';
import { ExchangeDialog } from '../components/ExchangeDialog';
import { ExchangeTokenDialog } from '../components/ExchangeTokenDialog';

const DeleteExchangeDialog = ({ exchange }: { readonly exchange: ExchangeRow }) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  return (
    <ConfirmDeleteDialog
      dialogProps={dialogProps}
      title="Delete exchange"
      message={`Delete the exchange “${exchange.name}”? The bidder stops answering its requests at once; it is kept with its history and its key can be used again.`}
      onDelete={async () => {
        await deleteExchange(exchange.id, exchange.version);
        await queryClient.invalidateQueries({ queryKey: EXCHANGES_QUERY_KEY });
      }}
      onClose={close}
      onDeleted={() => enqueueSnackbar(`${exchange.name} deleted`, { variant: 'success' })}
    />
  );
};

export type ExchangeDialogs = {
  readonly openCreate: () => void;
  readonly openEdit: (exchange: ExchangeRow) => void;
  readonly openToken: (exchange: { readonly id: number; readonly name: string }) => void;
  readonly openDelete: (exchange: ExchangeRow) => void;
};

export const useExchangeDialogs = (): ExchangeDialogs => {
  const stack = useDialogStack();
  return useMemo(() => {
    const openToken: ExchangeDialogs['openToken'] = (exchange) =>
      stack.open('exchange-token', <ExchangeTokenDialog id={exchange.id} name={exchange.name} />);
    return {
      openCreate: () => stack.open('exchange-new', <ExchangeDialog exchange={null} onCreated={openToken} />),
      openEdit: (exchange) => stack.open(`exchange-${exchange.id}`, <ExchangeDialog exchange={exchange} />),
      openToken,
      openDelete: (exchange) => stack.open('delete-exchange', <DeleteExchangeDialog exchange={exchange} />),
    };
  }, [stack]);
};
