import { SUPPLY_PARTNER_LABELS, SUPPLY_PARTNERS } from '@beacon/domain/dictionary/partners';
import { duplicateDealName, ZDealDuplicate } from '@beacon/domain/validation/deal-form';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { EnumSelect } from '../../../../components/EnumSelect';
import { ResourceDialog } from '../../../../components/ResourceDialog';
import { enqueueSnackbar } from '../../../../lib/snackbar';
import { useResourceSave } from '../../../../lib/use-resource-save';
import { DEALS_QUERY_KEY, type DealRow, duplicateDeal } from '../api/deal';

/**
 * Duplicate a deal (spec §3): the copy is inactive and keeps everything but its name unless another ID at the
 * exchange or supply partner is given. A copy whose ID is already used with that supply partner answers §8's
 * deal duplication error, shown above the form and on the ID.
 */
export const DuplicateDealDialog = ({ deal }: { readonly deal: DealRow }) => {
  const { close } = useStackedDialog();
  const [name, setName] = useState(() => duplicateDealName(deal.name));
  const [externalId, setExternalId] = useState(deal.external_id);
  const [supplyPartner, setSupplyPartner] = useState(deal.supply_partner);
  const form = useResourceSave<DealRow>({
    queryKey: DEALS_QUERY_KEY,
    // The duplication error names the ID: it shows on the field and, whole, above the form.
    alwaysShowsFailure: true,
    onSaved: (copy) => {
      enqueueSnackbar(`${copy.name} created as a copy of ${deal.name}`, { variant: 'success' });
      close();
    },
  });
  const { errors, isBusy } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(ZDealDuplicate, {
      name,
      external_id: externalId,
      supply_partner: supplyPartner,
    });
    if (body) await form.save(() => duplicateDeal(deal.id, body));
  };

  return (
    <ResourceDialog
      title={`Duplicate deal ${deal.name}`}
      onSubmit={submit}
      submitLabel="Duplicate"
      isBusy={isBusy}
      failure={form.failure}
      dividers={false}
    >
      <DialogContentText>
        The copy is inactive, with the type, floor price, currency and dates of {deal.name}. An ID at the
        exchange is used once per supply partner: give the copy its own.
      </DialogContentText>
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
      <EnumSelect
        required
        label="Supply partner"
        value={supplyPartner}
        options={SUPPLY_PARTNERS}
        labels={SUPPLY_PARTNER_LABELS}
        onChange={setSupplyPartner}
        error={errors.supply_partner}
        disabled={isBusy}
      />
    </ResourceDialog>
  );
};
