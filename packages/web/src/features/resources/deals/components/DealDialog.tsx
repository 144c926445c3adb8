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
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../../../../api/api-error';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { useUnsavedChanges } from '../../../../app/unsaved-changes';
import { checkWith, errorsOfApiError, type FieldErrors } from '../../utils/form-errors';
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

type SelectProps<V extends string> = {
  readonly label: string;
  readonly value: V | '';
  readonly options: readonly V[];
  readonly labels: Readonly<Record<V, string>>;
  readonly onChange: (value: V) => void;
  readonly error: string | undefined;
  readonly emptyLabel?: string;
  readonly helperText?: ReactNode;
  readonly disabled: boolean;
  readonly required?: boolean;
};

const Select = <V extends string>({
  label,
  value,
  options,
  labels,
  onChange,
  error,
  emptyLabel,
  helperText,
  disabled,
  required,
}: SelectProps<V>) => (
  <TextField
    select
    required={required}
    label={label}
    value={value}
    disabled={disabled}
    onChange={(event) => {
      const chosen = options.find((option) => option === event.target.value);
      if (chosen) onChange(chosen);
    }}
    error={error !== undefined}
    helperText={error ?? helperText}
  >
    {emptyLabel !== undefined && (
      <MenuItem value="">
        <em>{emptyLabel}</em>
      </MenuItem>
    )}
    {options.map((option) => (
      <MenuItem key={option} value={option}>
        {labels[option]}
      </MenuItem>
    ))}
  </TextField>
);

/**
 * The deal dialog (spec §3): id at the exchange, name, supply partner, type, floor price and currency, dates
 * and state. Checked with the exact schema of the call; the server's answers (an id already used with the
 * supply partner, a stale version) show beside the field or above the form.
 */
export const DealDialog = ({ deal }: { readonly deal: DealRow | null }) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [initial] = useState(() => valuesOf(deal));
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  useUnsavedChanges(
    `deal-${deal?.id ?? 'new'}`,
    !isDone && JSON.stringify(values) !== JSON.stringify(initial),
  );
  const change = (next: Partial<Values>) => setValues({ ...values, ...next });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const body = bodyOf(values);
    const create = deal ? null : checkWith(ZDealCreate, body);
    const update = deal ? checkWith(ZDealUpdate, { version: deal.version, ...body }) : null;
    const check = create ?? update;
    if (check && !check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      const saved =
        deal && update?.ok
          ? await updateDeal(deal.id, update.value)
          : create?.ok
            ? await createDeal(create.value)
            : null;
      if (!saved) return;
      setIsDone(true);
      await queryClient.invalidateQueries({ queryKey: DEALS_QUERY_KEY });
      enqueueSnackbar(deal ? `${saved.name} saved` : `${saved.name} created`, { variant: 'success' });
      close();
    } catch (error) {
      const fieldErrors = errorsOfApiError(error);
      setErrors(fieldErrors);
      setFailure(Object.keys(fieldErrors).length === 0 ? errorMessage(error) : undefined);
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
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>{deal ? `Edit ${deal.name}` : 'New deal'}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
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
              <Select
                required
                label="Supply partner"
                value={values.supply_partner}
                options={SUPPLY_PARTNERS}
                labels={SUPPLY_PARTNER_LABELS}
                onChange={(supply_partner) => change({ supply_partner })}
                error={errors.supply_partner}
                disabled={isBusy}
              />
              <Select
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
              <Select
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
              <TextField
                required
                type="date"
                label="Start date"
                value={values.start_date}
                onChange={(event) => change({ start_date: event.target.value })}
                error={errors.start_date !== undefined}
                helperText={errors.start_date}
                slotProps={{ inputLabel: { shrink: true } }}
                disabled={isBusy}
              />
              <TextField
                type="date"
                label="End date"
                value={values.end_date}
                onChange={(event) => change({ end_date: event.target.value })}
                error={errors.end_date !== undefined}
                helperText={errors.end_date ?? 'Required for programmatic guaranteed'}
                slotProps={{ inputLabel: { shrink: true } }}
                disabled={isBusy}
              />
            </Stack>
            <Select
              required
              label="State"
              value={values.state}
              options={DEAL_EDITABLE_STATES}
              labels={DEAL_STATE_LABELS}
              onChange={(state) => change({ state })}
              error={errors.state}
              disabled={isBusy}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            {deal ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
