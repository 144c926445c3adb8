import {
  AUCTION_TYPE_LABELS,
  EXCHANGE_PARTNER_LABELS,
  EXCHANGE_PARTNERS,
  ZExchangeCreate,
  ZExchangeUpdate,
} from '@beacon/domain/api/exchanges';
import { CURRENCIES, CURRENCY_LABELS } from '@beacon/domain/dictionary/currencies';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { EnumSelect } from '../../../components/EnumSelect';
import { ReloadButton, ResourceDialog } from '../../../components/ResourceDialog';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { useReloadableForm } from '../../../lib/use-reloadable-form';
import { useResourceSave } from '../../../lib/use-resource-save';
import {
  createExchange,
  EXCHANGES_QUERY_KEY,
  type Exchange,
  type ExchangeRow,
  fetchExchange,
  updateExchange,
} from '../api/exchanges';
import {
  type ExchangeFormValues,
  exchangeBodyOf,
  exchangeFormErrors,
  exchangeFormValues,
} from '../utils/exchange-form';

const AUCTION_TYPE_OPTIONS = ['1', '2'] as const;
const AUCTION_TYPE_OPTION_LABELS = { 1: AUCTION_TYPE_LABELS[1], 2: AUCTION_TYPE_LABELS[2] } as const;

export type ExchangeDialogProps = {
  readonly exchange: ExchangeRow | null;
  /** After a create: the new exchange (its token is shown next). */
  readonly onCreated?: (exchange: Exchange) => void;
};

/**
 * The exchange dialog (docs/engine.md): name, key, partner, auction type, currency, QPS limit, the addresses
 * admitted without a token and whether the machine itself is. Checked with the exact schema of the call; the
 * server's answers (a key already used, an address that is no IP or CIDR block) show beside the field or above
 * the form. A stale version shows the server's message and offers to reload, which brings the other changes
 * and keeps what was typed.
 */
export const ExchangeDialog = ({ exchange, onCreated }: ExchangeDialogProps) => {
  const { close } = useStackedDialog();
  const { row: source, initial, values, setValues, rebase } = useReloadableForm(exchange, exchangeFormValues);
  const form = useResourceSave<Exchange>({
    unsaved: {
      id: `exchange-${exchange?.id ?? 'new'}`,
      isDirty: JSON.stringify(values) !== JSON.stringify(initial),
    },
    queryKey: EXCHANGES_QUERY_KEY,
    errorsOf: exchangeFormErrors,
    onSaved: (saved) => {
      enqueueSnackbar(source ? `${saved.name} saved` : `${saved.name} created`, { variant: 'success' });
      close();
      if (!source) onCreated?.(saved);
    },
  });
  const { errors, isBusy } = form;
  const change = (next: Partial<ExchangeFormValues>) => setValues({ ...values, ...next });

  const reload = () =>
    form.reload(async () => {
      if (source) rebase(await fetchExchange(source.id));
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = exchangeBodyOf(values);
    if (source) {
      const update = form.check(ZExchangeUpdate, { version: source.version, ...body });
      if (update) await form.save(() => updateExchange(source.id, update));
    } else {
      const create = form.check(ZExchangeCreate, body);
      if (create) await form.save(() => createExchange(create));
    }
  };

  return (
    <ResourceDialog
      title={source ? `Edit ${source.name}` : 'New exchange'}
      onSubmit={submit}
      submitLabel={source ? 'Save' : 'Create'}
      isBusy={isBusy}
      isDirty={form.isDirty}
      // A message on no field of the form (the schema's `version`) shows above it.
      failure={form.failure ?? errors.form}
      failureAction={form.isStale ? <ReloadButton onClick={() => void reload()} /> : undefined}
    >
      <TextField
        autoFocus
        required
        label="Name"
        value={values.name}
        onChange={(event) => change({ name: event.target.value })}
        error={errors.name !== undefined}
        helperText={errors.name}
        disabled={isBusy}
      />
      <TextField
        required
        label="Key"
        value={values.key}
        onChange={(event) => change({ key: event.target.value })}
        error={errors.key !== undefined}
        helperText={
          errors.key ?? `The exchange sends its bid requests to /rtb/${values.key.trim() || '{key}'}`
        }
        disabled={isBusy}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <EnumSelect
          fullWidth
          label="Partner"
          value={values.partner}
          options={EXCHANGE_PARTNERS}
          labels={EXCHANGE_PARTNER_LABELS}
          emptyLabel="None"
          onChange={(partner) => change({ partner })}
          onClear={() => change({ partner: '' })}
          error={errors.partner}
          disabled={isBusy}
        />
        <EnumSelect
          fullWidth
          required
          label="Auction type"
          value={values.auction_type}
          options={AUCTION_TYPE_OPTIONS}
          labels={AUCTION_TYPE_OPTION_LABELS}
          onChange={(auction_type) => change({ auction_type })}
          error={errors.auction_type}
          disabled={isBusy}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <EnumSelect
          fullWidth
          required
          label="Currency"
          value={values.currency}
          options={CURRENCIES}
          labels={CURRENCY_LABELS}
          onChange={(currency) => change({ currency })}
          error={errors.currency}
          disabled={isBusy}
        />
        <TextField
          fullWidth
          label="QPS limit"
          value={values.qps_limit}
          inputMode="numeric"
          onChange={(event) => change({ qps_limit: event.target.value })}
          error={errors.qps_limit !== undefined}
          helperText={errors.qps_limit ?? 'Requests a second; empty for no limit'}
          disabled={isBusy}
        />
      </Stack>
      <TextField
        multiline
        minRows={2}
        label="Allowed addresses"
        value={values.allowed_addresses}
        onChange={(event) => change({ allowed_addresses: event.target.value })}
        error={errors.allowed_addresses !== undefined}
        helperText={errors.allowed_addresses ?? 'IPs or CIDR blocks admitted without the token, one a line'}
        disabled={isBusy}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormControlLabel
          control={
            <Switch
              checked={values.enabled}
              onChange={(event) => change({ enabled: event.target.checked })}
              disabled={isBusy}
            />
          }
          label="Enabled"
        />
        <FormControlLabel
          control={
            <Switch
              checked={values.allow_loopback}
              onChange={(event) => change({ allow_loopback: event.target.checked })}
              disabled={isBusy}
            />
          }
          label="Admit this machine without the token"
        />
      </Stack>
    </ResourceDialog>
  );
};
