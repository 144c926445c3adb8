/**
 * Exchanges the bidder answers (`POST /rtb/{key}`, docs/engine.md) and platform bidding (spec §4 "Stop bidding"),
 * as the back office manages them: the bodies of `POST|PUT /backoffice/exchanges…` and `PUT /backoffice/bidding`,
 * and the answers the server validates and the console types with `z.infer`. Every body is strict.
 *
 * Allowed addresses are checked as IPs or CIDR blocks by the server (node:net), which answers each bad entry on
 * `allowed_addresses.N`; the domain holds no I/O, so here they are only trimmed, bounded texts.
 */
import { z } from 'zod';
import { CURRENCIES, CURRENCY_LABELS } from '../dictionary/currencies';
import {
  DOOH_SUPPLIER_LABELS,
  DOOH_SUPPLIERS,
  SUPPLY_PARTNER_LABELS,
  SUPPLY_PARTNERS,
} from '../dictionary/partners';
import { intAtLeast, textRule } from '../validation/fields';
import { requiredOrInvalid, ZVersion } from '../validation/generic';
import type { ListSpec } from '../validation/list-query';
import { INVALID_FORMAT_MESSAGE, maxLengthMessage, maxValueMessage } from '../validation/messages';

export const EXCHANGE_NAME_MAX_LENGTH = 100;
/** The exchange's part of the bidder's URL, `/rtb/{key}`: lower-case letters, digits, `_` and `-`. */
export const EXCHANGE_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/;
export const EXCHANGE_QPS_LIMIT_MAX = 1_000_000;
export const EXCHANGE_ADDRESSES_MAX = 100;
const ADDRESS_MAX_LENGTH = 64;

export const EXCHANGE_KEY_MESSAGE =
  'Use up to 40 lower-case letters, digits, _ or -, starting with a letter or a digit';
export const EXCHANGE_KEY_TAKEN_MESSAGE = 'This key is already used by another exchange';
export const EXCHANGE_ADDRESS_MESSAGE = 'Enter an IP address or a CIDR block (e.g. 203.0.113.0/24)';
export const EXCHANGE_DELETED_MESSAGE = 'A deleted exchange cannot be changed';

/** The partner an exchange stands for: a supply partner or a DOOH supplier of §3. */
export const EXCHANGE_PARTNERS = [...SUPPLY_PARTNERS, ...DOOH_SUPPLIERS] as const;
export type ExchangePartner = (typeof EXCHANGE_PARTNERS)[number];
export const EXCHANGE_PARTNER_LABELS = {
  ...SUPPLY_PARTNER_LABELS,
  ...DOOH_SUPPLIER_LABELS,
} as const satisfies Record<ExchangePartner, string>;

/** OpenRTB `at`: 1 first price, 2 second price plus. */
export const AUCTION_TYPES = [1, 2] as const;
export type AuctionType = (typeof AUCTION_TYPES)[number];
export const AUCTION_TYPE_LABELS = {
  1: 'First price',
  2: 'Second price',
} as const satisfies Record<AuctionType, string>;

export const EXCHANGE_CURRENCY_LABELS = CURRENCY_LABELS;

const FIELDS = {
  name: textRule((value) =>
    value.length > EXCHANGE_NAME_MAX_LENGTH ? maxLengthMessage(EXCHANGE_NAME_MAX_LENGTH) : undefined,
  ),
  key: textRule((value) => (EXCHANGE_KEY_PATTERN.test(value) ? undefined : EXCHANGE_KEY_MESSAGE)),
  partner: z.enum(EXCHANGE_PARTNERS, { error: requiredOrInvalid }).nullable(),
  auction_type: z.union([z.literal(1), z.literal(2)], { error: INVALID_FORMAT_MESSAGE }),
  currency: z.enum(CURRENCIES, { error: requiredOrInvalid }),
  enabled: z.boolean({ error: INVALID_FORMAT_MESSAGE }),
  qps_limit: intAtLeast(1)
    .max(EXCHANGE_QPS_LIMIT_MAX, { error: maxValueMessage(EXCHANGE_QPS_LIMIT_MAX) })
    .nullable(),
  allowed_addresses: z
    .array(
      z
        .string({ error: INVALID_FORMAT_MESSAGE })
        .trim()
        .min(1, { error: EXCHANGE_ADDRESS_MESSAGE })
        .max(ADDRESS_MAX_LENGTH, { error: EXCHANGE_ADDRESS_MESSAGE }),
      { error: INVALID_FORMAT_MESSAGE },
    )
    .max(EXCHANGE_ADDRESSES_MAX, { error: maxLengthMessage(EXCHANGE_ADDRESSES_MAX) }),
  allow_loopback: z.boolean({ error: INVALID_FORMAT_MESSAGE }),
};

/** `POST /backoffice/exchanges`: a name and a key; the rest defaults to an enabled first-price USD exchange. */
export const ZExchangeCreate = z.strictObject({
  name: FIELDS.name,
  key: FIELDS.key,
  partner: FIELDS.partner.default(null),
  auction_type: FIELDS.auction_type.default(1),
  currency: FIELDS.currency.default('usd'),
  enabled: FIELDS.enabled.default(true),
  qps_limit: FIELDS.qps_limit.default(null),
  allowed_addresses: FIELDS.allowed_addresses.default([]),
  allow_loopback: FIELDS.allow_loopback.default(false),
});
export type TExchangeCreate = z.infer<typeof ZExchangeCreate>;
export type TExchangeCreateInput = z.input<typeof ZExchangeCreate>;

/** `PUT /backoffice/exchanges/{id}`: the changes (left out = unchanged) at the version last read. */
export const ZExchangeUpdate = z.strictObject({
  version: ZVersion,
  name: FIELDS.name.optional(),
  key: FIELDS.key.optional(),
  partner: FIELDS.partner.optional(),
  auction_type: FIELDS.auction_type.optional(),
  currency: FIELDS.currency.optional(),
  enabled: FIELDS.enabled.optional(),
  qps_limit: FIELDS.qps_limit.optional(),
  allowed_addresses: FIELDS.allowed_addresses.optional(),
  allow_loopback: FIELDS.allow_loopback.optional(),
});
export type TExchangeUpdate = z.infer<typeof ZExchangeUpdate>;

/** One row of the exchanges list (no token: it is read on the exchange itself). */
export const ZExchangeRow = z.object({
  id: z.number(),
  name: z.string(),
  key: z.string().meta({ description: 'The exchange’s bidder URL is /rtb/{key}' }),
  partner: z.enum(EXCHANGE_PARTNERS).nullable(),
  auction_type: z.union([z.literal(1), z.literal(2)]).meta({ description: 'OpenRTB `at`' }),
  currency: z.enum(CURRENCIES),
  enabled: z.boolean(),
  qps_limit: z.number().nullable(),
  allowed_addresses: z.array(z.string()),
  allow_loopback: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
});
export type TExchangeRow = z.infer<typeof ZExchangeRow>;

/** One exchange, with the token it sends as `x-beacon-exchange-token`. */
export const ZExchange = ZExchangeRow.extend({
  token: z.string().nullable(),
  deleted_at: z.string().nullable(),
});
export type TExchange = z.infer<typeof ZExchange>;

export const EXCHANGE_LIST_SPEC = {
  fields: {
    id: { type: 'number' },
    name: { type: 'text' },
    key: { type: 'text' },
    partner: { type: 'enum', values: EXCHANGE_PARTNERS },
    auction_type: { type: 'number' },
    currency: { type: 'enum', values: CURRENCIES },
    enabled: { type: 'boolean' },
    qps_limit: { type: 'number' },
    created_at: { type: 'date' },
    updated_at: { type: 'date' },
  },
  defaultSort: 'name',
  searchable: true,
} as const satisfies ListSpec;

/** The word the "Stop bidding" confirmation asks for (spec §5). */
export const STOP_BIDDING_WORD = 'Stop bidding';

const ZBiddingUser = z.object({ id: z.number(), name: z.string(), username: z.string() });

/** `GET|PUT /backoffice/bidding`: whether platform bidding is on, and the last change (none: never changed). */
export const ZBiddingState = z.object({
  enabled: z.boolean(),
  changed_at: z.string().nullable(),
  changed_by: ZBiddingUser.nullable(),
});
export type TBiddingState = z.infer<typeof ZBiddingState>;

export const ZBiddingUpdate = z.strictObject({ enabled: z.boolean({ error: requiredOrInvalid }) });
export type TBiddingUpdate = z.infer<typeof ZBiddingUpdate>;
