/**
 * "Modify campaign start date" (§2, §4). For a lifetime budget, changing the start resets the budget (the
 * spend counted so far restarts at zero): the dialog says so before the user confirms.
 */
import { START_DATE_RESETS_BUDGET_MESSAGE } from '@beacon/domain/validation/messages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage, isApiError } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { formatCurrency } from '../../../lib/format';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { CAMPAIGNS_QUERY_KEY, type Campaign, campaignQueryKey } from '../api/get-campaign';
import { modifyStartDate } from '../api/modify-start-date';
import { DateField } from '../components/fields';

const isZeroAmount = (amount: string): boolean => /^0*(?:\.0*)?$/.test(amount.trim());

export const ModifyStartDateDialog = ({ campaign }: { campaign: Campaign }) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [startDate, setStartDate] = useState(campaign.start_date ?? '');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const isLifetime = campaign.budget_timespan === 'lifetime';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setFieldError(undefined);
    setIsBusy(true);
    try {
      const saved = await modifyStartDate(campaign.id, {
        start_date: startDate,
        version: campaign.version,
        reset_budget: true,
      });
      queryClient.setQueryData(campaignQueryKey(campaign.id), saved);
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
      enqueueSnackbar(`The campaign now starts on ${saved.start_date}`, { variant: 'success' });
      close();
    } catch (error) {
      const detail = isApiError(error) ? error.detailFor('start_date') : undefined;
      if (detail) setFieldError(detail);
      else setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog
      {...dialogProps}
      onClose={isBusy ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Modify campaign start date</DialogTitle>
        <DialogContent>
          {isLifetime ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {START_DATE_RESETS_BUDGET_MESSAGE}.{' '}
              {isZeroAmount(campaign.delivery.budget_spend)
                ? 'Nothing has been spent yet.'
                : `The ${formatCurrency(campaign.delivery.budget_spend, { currency: campaign.currency })} spent so far will count from zero against the ${formatCurrency(campaign.budget ?? '0', { currency: campaign.currency })} budget.`}
            </Alert>
          ) : (
            <DialogContentText sx={{ mb: 2 }}>
              The daily budget applies from the new start date.
            </DialogContentText>
          )}
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <DateField
            label="New start date"
            required
            value={startDate}
            onChange={setStartDate}
            error={fieldError}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={isLifetime ? 'warning' : 'primary'}
            loading={isBusy}
          >
            {isLifetime ? 'Change date and reset budget' : 'Change start date'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
