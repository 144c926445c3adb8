import { CURRENCIES, CURRENCY_LABELS, type Currency } from '@beacon/domain/dictionary/currencies';
import {
  DEAL_EDITABLE_STATES,
  DEAL_STATE_LABELS,
  DEAL_TYPE_LABELS,
  DEAL_TYPES,
  type DealEditableState,
  type DealType,
} from '@beacon/domain/dictionary/deals';
import {
  SUPPLY_PARTNER_LABELS,
  SUPPLY_PARTNERS,
  type SupplyPartner,
} from '@beacon/domain/dictionary/partners';
import { ZDealCreate, ZDealUpdate } from '@beacon/domain/validation/deal-form';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { DateField } from '../../../../components/DateField';
import { EnumSelect } from '../../../../components/EnumSelect';
import { ResourceDialog } from '../../../../components/ResourceDialog';
import { enqueueSnackbar } from '../../../../lib/snackbar';
import { useResourceSave } from '../../../../lib/use-resource-save';
import { createDeal, DEALS_QUERY_KEY, type DealRow, updateDeal } from '../api/deal';

type Values = {
  readonly external_id: string;
  readonly name: string;
  readonly supply_partner: SupplyPartner | '';
  readonly type: DealType | '';
  readonly floor_price: string;
  /** '' leaves the organization's currency (create only). */
  readonly currency: Currency | '';
  readonly start_date: string;
  readonly end_date: string;
  readonly state: DealEditableState;
};

const today = (): string => new Date().toISOString().slice(0, 10);

const valuesOf = (deal: DealRow | null): Values => ({
  external_id: deal?.external_id ?? '',
  name: deal?.name ?? '',
  supply_partner: deal?.supply_partner ?? '',
  type: deal?.type ?? '',
  floor_price: deal?.floor_price ?? '',
  currency: deal?.currency ?? '',
  start_date: deal?.start_date ?? today(),
  end_date: deal?.end_date ?? '',
  state: deal?.state === 'inactive' ? 'inactive' : 'active',
});

/** What the form sends: empty choices left out so that the schema says "required". */
const bodyOf = (values: Values) => ({
  external_id: values.external_id,
  name: values.name,
  supply_partner: values.supply_partner || undefined,
  type: values.type || undefined,
  floor_price: values.floor_price.trim(),
  ...(values.currency ? { currency: values.currency } : {}),
  start_date: values.start_date,
  end_date: values.end_date || null,
  state: values.state,
});

/**
 * The deal dialog (spec §3): id at the exchange, name, supply partner, type, floor price and currency, dates
 * and state. Checked with the exact schema of the call; the server's answers (an id already used with the
 * supply partner, a stale version) show beside the field or above the form.
 */
export const DealDialog = ({ deal }: { readonly deal: DealRow | null }) => {
  const { close } = useStackedDialog();
  const [initial] = useState(() => valuesOf(deal));
  const [values, setValues] = useState<Values>(initial);
  const form = useResourceSave<DealRow>({
    unsaved: { id: `deal-${deal?.id ?? 'new'}`, isDirty: JSON.stringify(values) !== JSON.stringify(initial) },
    queryKey: DEALS_QUERY_KEY,
    onSaved: (saved) => {
      enqueueSnackbar(deal ? `${saved.name} saved` : `${saved.name} created`, { variant: 'success' });
      close();
    },
  });
  const { errors, isBusy } = form;
  const change = (next: Partial<Values>) => setValues({ ...values, ...next });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    if (deal) {
      const update = form.check(ZDealUpdate, { version: deal.version, ...body });
      if (update) await form.save(() => updateDeal(deal.id, update));
    } else {
      const create = form.check(ZDealCreate, body);
      if (create) await form.save(() => createDeal(create));
    }
  };

  return (
    <ResourceDialog
      title={deal ? `Edit ${deal.name}` : 'New deal'}
      onSubmit={submit}
      submitLabel={deal ? 'Save' : 'Create'}
      isBusy={isBusy}
      isDirty={form.isDirty}
      failure={form.failure}
    >
      <TextField
        autoFocus
        required
        label="Deal ID at the exchange"
        value={values.external_id}
        onChange={(event) => change({ external_id: event.target.value })}
        error={errors.external_id !== undefined}
        helperText={errors.external_id}
        disabled={isBusy}
      />
      <TextField
        required
        label="Name"
        value={values.name}
        onChange={(event) => change({ name: event.target.value })}
        error={errors.name !== undefined}
        helperText={errors.name}
        disabled={isBusy}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <EnumSelect
          required
          label="Supply partner"
          value={values.supply_partner}
          options={SUPPLY_PARTNERS}
          labels={SUPPLY_PARTNER_LABELS}
          onChange={(supply_partner) => change({ supply_partner })}
          error={errors.supply_partner}
          disabled={isBusy}
        />
        <EnumSelect
          required
          label="Type"
          value={values.type}
          options={DEAL_TYPES}
          labels={DEAL_TYPE_LABELS}
          onChange={(type) => change({ type })}
          error={errors.type}
          disabled={isBusy}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          required
          label="Floor price"
          value={values.floor_price}
          inputMode="decimal"
          onChange={(event) => change({ floor_price: event.target.value })}
          error={errors.floor_price !== undefined}
          helperText={errors.floor_price ?? 'CPM, e.g. 2.50'}
          disabled={isBusy}
        />
        <EnumSelect
          label="Currency"
          value={values.currency}
          options={CURRENCIES}
          labels={CURRENCY_LABELS}
          onChange={(currency) => change({ currency })}
          error={errors.currency}
          emptyLabel={deal ? undefined : "The organization's currency"}
          disabled={isBusy}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField
          required
          label="Start date"
          value={values.start_date}
          onChange={(start_date) => change({ start_date })}
          error={errors.start_date}
          disabled={isBusy}
        />
        <DateField
          label="End date"
          value={values.end_date}
          min={values.start_date}
          onChange={(end_date) => change({ end_date })}
          error={errors.end_date}
          helperText="Required for programmatic guaranteed"
          disabled={isBusy}
        />
      </Stack>
      <EnumSelect
        required
        label="State"
        value={values.state}
        options={DEAL_EDITABLE_STATES}
        labels={DEAL_STATE_LABELS}
        onChange={(state) => change({ state })}
        error={errors.state}
        disabled={isBusy}
      />
    </ResourceDialog>
  );
};
