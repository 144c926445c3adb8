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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { useUnsavedChanges } from '../../../app/unsaved-changes';
import { EnumSelect } from '../../../components/EnumSelect';
import { ResourceDialog } from '../../../components/ResourceDialog';
import {
  createExchange,
  EXCHANGES_QUERY_KEY,
  type Exchange,
  type ExchangeRow,
  updateExchange,
} from '../api/exchanges';
import {
  type ExchangeFormErrors,
  type ExchangeFormValues,
  exchangeBodyOf,
  exchangeFormErrors,
  exchangeFormValues,
} from '../utils/exchange-form';

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

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
 * server's answers (a key already used, an address that is no IP or CIDR block, a stale version) show beside
 * the field or above the form.
 */
export const ExchangeDialog = ({ exchange, onCreated }: ExchangeDialogProps) => {
  const { close } = useStackedDialog();
  const queryClient = useQueryClient();
  const [initial] = useState(() => exchangeFormValues(exchange));
  const [values, setValues] = useState<ExchangeFormValues>(initial);
  const [errors, setErrors] = useState<ExchangeFormErrors>({});
  const [isDone, setIsDone] = useState(false);
  const isDirty = !isDone && JSON.stringify(values) !== JSON.stringify(initial);
  useUnsavedChanges(`exchange-${exchange?.id ?? 'new'}`, isDirty);
  const change = (next: Partial<ExchangeFormValues>) => setValues({ ...values, ...next });

  const mutation = useMutation({
    mutationFn: (run: () => Promise<Exchange>) => run(),
    onSuccess: async (saved) => {
      setIsDone(true);
      await queryClient.invalidateQueries({ queryKey: EXCHANGES_QUERY_KEY });
      enqueueSnackbar(exchange ? `${saved.name} saved` : `${saved.name} created`, { variant: 'success' });
      close();
      if (!exchange) onCreated?.(saved);
    },
    onError: (error) => {
      const details = isApiError(error) ? error.details : [];
      const fieldErrors = exchangeFormErrors(details);
      setErrors(Object.keys(fieldErrors).length === 0 ? { form: errorMessage(error) } : fieldErrors);
    },
  });

  /** The input checked with the exact schema of the call: its value, or null with the errors shown. */
  const check = <T,>(result: { success: true; data: T } | { success: false; error: { issues: Issue[] } }) => {
    setErrors(result.success ? {} : exchangeFormErrors(result.error.issues));
    return result.success ? result.data : null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = exchangeBodyOf(values);
    if (exchange) {
      const update = check(ZExchangeUpdate.safeParse({ version: exchange.version, ...body }));
      if (update) mutation.mutate(() => updateExchange(exchange.id, update));
    } else {
      const create = check(ZExchangeCreate.safeParse(body));
      if (create) mutation.mutate(() => createExchange(create));
    }
  };
  const isBusy = mutation.isPending;

  return (
    <ResourceDialog
      title={exchange ? `Edit ${exchange.name}` : 'New exchange'}
      onSubmit={submit}
      submitLabel={exchange ? 'Save' : 'Create'}
      isBusy={isBusy}
      isDirty={isDirty}
      failure={errors.form}
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
