/**
 * The exchange dialog's values and what it sends: texts as typed, turned into the body of
 * `POST|PUT /backoffice/exchanges…` (checked with the domain's schema), and errors — the schema's or the
 * server's `details` — placed on their field (an address's line named in its message).
 */
import type { AuctionType, ExchangePartner, TExchangeRow } from '@beacon/domain/api/exchanges';
import type { Currency } from '@beacon/domain/dictionary/currencies';

export type ExchangeFormValues = {
  readonly name: string;
  readonly key: string;
  /** '' for no partner. */
  readonly partner: ExchangePartner | '';
  readonly auction_type: '1' | '2';
  readonly currency: Currency;
  readonly enabled: boolean;
  /** '' for no limit. */
  readonly qps_limit: string;
  /** One IP or CIDR block a line. */
  readonly allowed_addresses: string;
  readonly allow_loopback: boolean;
};

export const exchangeFormValues = (exchange: TExchangeRow | null): ExchangeFormValues => ({
  name: exchange?.name ?? '',
  key: exchange?.key ?? '',
  partner: exchange?.partner ?? '',
  auction_type: exchange?.auction_type === 2 ? '2' : '1',
  currency: exchange?.currency ?? 'usd',
  enabled: exchange?.enabled ?? true,
  qps_limit: exchange?.qps_limit === null || exchange === null ? '' : String(exchange.qps_limit),
  allowed_addresses: exchange?.allowed_addresses.join('\n') ?? '',
  allow_loopback: exchange?.allow_loopback ?? false,
});

const AUCTION_TYPE_OF: Readonly<Record<ExchangeFormValues['auction_type'], AuctionType>> = { 1: 1, 2: 2 };

/** The lines that hold an address, trimmed. */
const addressLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The body of a create or update (the update adds `version`); a QPS limit that is no number stays text. */
export const exchangeBodyOf = (values: ExchangeFormValues) => {
  const qps = values.qps_limit.trim();
  return {
    name: values.name,
    key: values.key.trim(),
    partner: values.partner === '' ? null : values.partner,
    auction_type: AUCTION_TYPE_OF[values.auction_type],
    currency: values.currency,
    enabled: values.enabled,
    qps_limit: qps === '' ? null : /^\d+$/.test(qps) ? Number(qps) : qps,
    allowed_addresses: addressLines(values.allowed_addresses),
    allow_loopback: values.allow_loopback,
  };
};

export type ExchangeFormErrors = Readonly<Partial<Record<keyof ExchangeFormValues | 'form', string>>>;

const FIELDS = new Set<string>([
  'name',
  'key',
  'partner',
  'auction_type',
  'currency',
  'enabled',
  'qps_limit',
  'allowed_addresses',
  'allow_loopback',
]);

/** The first message of each field; an address's names its line (`allowed_addresses.2` → "Address 3: …"). */
export const exchangeFormErrors = (
  issues: readonly { readonly path: string | readonly PropertyKey[]; readonly message: string }[],
): ExchangeFormErrors => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.split('.') : issue.path.map(String);
    const field = FIELDS.has(path[0] ?? '') ? (path[0] ?? 'form') : 'form';
    if (errors[field] !== undefined) continue;
    const line = field === 'allowed_addresses' && path[1] !== undefined ? Number(path[1]) + 1 : undefined;
    errors[field] =
      line === undefined || Number.isNaN(line) ? issue.message : `Address ${line}: ${issue.message}`;
  }
  return errors;
};
