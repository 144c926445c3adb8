import { SUPPLY_PARTNER_LABELS, SUPPLY_PARTNERS } from '@beacon/domain/dictionary/partners';
import { duplicateDealName, ZDealDuplicate } from '@beacon/domain/validation/deal-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../../api/api-error';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { checkWith, errorsOfApiError, type FieldErrors } from '../../utils/form-errors';
import { DEALS_QUERY_KEY, type DealRow, duplicateDeal } from '../api/deal';

/**
 * Duplicate a deal (spec §3): the copy is inactive and keeps everything but its name unless another ID at the
 * exchange or supply partner is given. A copy whose ID is already used with that supply partner answers §8's
 * deal duplication error, shown above the form and on the ID.
 */
export const DuplicateDealDialog = ({ deal }: { readonly deal: DealRow }) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [name, setName] = useState(() => duplicateDealName(deal.name));
  const [externalId, setExternalId] = useState(deal.external_id);
  const [supplyPartner, setSupplyPartner] = useState(deal.supply_partner);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const check = checkWith(ZDealDuplicate, { name, external_id: externalId, supply_partner: supplyPartner });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      const copy = await duplicateDeal(deal.id, check.value);
      await queryClient.invalidateQueries({ queryKey: DEALS_QUERY_KEY });
      enqueueSnackbar(`${copy.name} created as a copy of ${deal.name}`, { variant: 'success' });
      close();
    } catch (error) {
      const fieldErrors = errorsOfApiError(error);
      setErrors(fieldErrors);
      // The duplication error names the ID: it shows on the field and, whole, above the form.
      setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog
      {...dialogProps}
      onClose={isBusy ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Duplicate deal {deal.name}</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <DialogContentText sx={{ mb: 2 }}>
            The copy is inactive, with the type, floor price, currency and dates of {deal.name}. An ID at the
            exchange is used once per supply partner: give the copy its own.
          </DialogContentText>
          <Stack spacing={2.5}>
            <TextField
              autoFocus
              required
              label="Name of the copy"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={errors.name !== undefined}
              helperText={errors.name}
              disabled={isBusy}
            />
            <TextField
              required
              label="Deal ID at the exchange"
              value={externalId}
              onChange={(event) => setExternalId(event.target.value)}
              error={errors.external_id !== undefined}
              helperText={errors.external_id}
              disabled={isBusy}
            />
            <TextField
              select
              required
              label="Supply partner"
              value={supplyPartner}
              onChange={(event) => {
                const chosen = SUPPLY_PARTNERS.find((partner) => partner === event.target.value);
                if (chosen) setSupplyPartner(chosen);
              }}
              error={errors.supply_partner !== undefined}
              helperText={errors.supply_partner}
              disabled={isBusy}
            >
              {SUPPLY_PARTNERS.map((partner) => (
                <MenuItem key={partner} value={partner}>
                  {SUPPLY_PARTNER_LABELS[partner]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            Duplicate
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
