import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useDialogStack, useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { EXCHANGES_QUERY_KEY, exchangeQueryOptions, rotateExchangeToken } from '../api/exchanges';
import { ConfirmActionDialog } from './ConfirmActionDialog';

/**
 * An exchange's token (docs/engine.md): what the exchange sends as `x-beacon-exchange-token`, with a copy
 * button, and "Rotate token", which gives it a new one after a confirmation (the old one stops working).
 */
export const ExchangeTokenDialog = ({ id, name }: { readonly id: number; readonly name: string }) => {
  const { dialogProps, close } = useStackedDialog();
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  const titleId = useId();
  const field = useRef<HTMLInputElement | null>(null);
  const exchange = useQuery(exchangeQueryOptions(id));
  const token = exchange.data?.token ?? '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      enqueueSnackbar('Token copied', { variant: 'success' });
    } catch {
      // Without clipboard access the token is selected, ready for the keyboard's copy.
      field.current?.focus();
      field.current?.select();
      enqueueSnackbar('Copy the selected token with your keyboard', { variant: 'info' });
    }
  };

  const rotate = () =>
    stack.open(
      'rotate-exchange-token',
      <ConfirmActionDialog
        title="Rotate token"
        message={`Give ${name} a new token? The current one stops working at once: the exchange must be set up with the new one.`}
        confirmLabel="Rotate token"
        onConfirm={async () => {
          const rotated = await rotateExchangeToken(id);
          queryClient.setQueryData(exchangeQueryOptions(id).queryKey, rotated);
          await queryClient.invalidateQueries({ queryKey: EXCHANGES_QUERY_KEY });
          enqueueSnackbar(`${name} has a new token`, { variant: 'success' });
        }}
      />,
    );

  return (
    <Dialog {...dialogProps} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Token of {name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The exchange sends this token in the <code>x-beacon-exchange-token</code> header of its bid
          requests. Requests from its allowed addresses need none.
        </DialogContentText>
        {exchange.isError ? (
          <Alert severity="error">{errorMessage(exchange.error)}</Alert>
        ) : (
          <Stack spacing={1}>
            <TextField
              fullWidth
              label="Token"
              value={exchange.isPending ? 'Loading…' : token || 'No token'}
              inputRef={field}
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label="Copy token"
                        onClick={() => void copy()}
                        disabled={token === ''}
                        edge="end"
                      >
                        <ContentCopyOutlined />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="warning" onClick={rotate} disabled={!exchange.isSuccess}>
          Rotate token
        </Button>
        <Button variant="contained" onClick={close}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
};
