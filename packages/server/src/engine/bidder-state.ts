/**
 * The state the bidder reads besides the strategy index (docs/engine.md): the exchanges it answers, whether
 * platform bidding is on (spec §4 "Stop bidding"), and the exchange rates for prices and floors. Read from
 * the database in three small queries; the bidder polls it and fails closed when it cannot.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type ExchangeRates, rateKey } from './price';

/** The `platform_settings` key of platform bidding: `'false'` stops every bid; absent or `'true'`: on. */
export const BIDDING_ENABLED_SETTING = 'bidding_enabled';

export type BidderExchange = {
  readonly id: string;
  readonly key: string;
  readonly name: string;
  /** A supply partner or DOOH supplier of §3, or null. */
  readonly partner: string | null;
  /** OpenRTB `at`: 1 first price, 2 second price plus. */
  readonly auctionType: number;
  /** The bid currency (ISO 4217). */
  readonly currency: string;
  readonly enabled: boolean;
  readonly qpsLimit: number | null;
  readonly token: string | null;
  /** IPs and CIDR blocks admitted without a token. */
  readonly allowedAddresses: readonly string[];
  readonly allowLoopback: boolean;
};

export type BidderState = {
  readonly biddingEnabled: boolean;
  /** Live (not deleted) exchanges by key, enabled or not (a disabled one answers 204, an unknown one 404). */
  readonly exchanges: ReadonlyMap<string, BidderExchange>;
  readonly rates: ExchangeRates;
};

export const readBiddingEnabled = async (db: Kysely<Database>): Promise<boolean> => {
  const row = await db
    .selectFrom('platform_settings')
    .select('value')
    .where('key', '=', BIDDING_ENABLED_SETTING)
    .executeTakeFirst();
  return row?.value !== 'false';
};

export const loadBidderState = async (db: Kysely<Database>): Promise<BidderState> => {
  const [biddingEnabled, exchanges, rates] = await Promise.all([
    readBiddingEnabled(db),
    db
      .selectFrom('exchanges')
      .select([
        'id',
        'key',
        'name',
        'partner',
        'auction_type',
        'currency',
        'enabled',
        'qps_limit',
        'token',
        'allowed_addresses',
        'allow_loopback',
      ])
      .where('deleted_at', 'is', null)
      .execute(),
    db.selectFrom('currency_rates').select(['base', 'quote', 'rate']).execute(),
  ]);
  return {
    biddingEnabled,
    exchanges: new Map(
      exchanges.map((row) => [
        row.key,
        {
          id: String(row.id),
          key: row.key,
          name: row.name,
          partner: row.partner,
          auctionType: Number(row.auction_type),
          currency: row.currency,
          enabled: row.enabled,
          qpsLimit: row.qps_limit,
          token: row.token,
          allowedAddresses: row.allowed_addresses,
          allowLoopback: row.allow_loopback,
        },
      ]),
    ),
    rates: new Map(rates.map((row) => [rateKey(row.base, row.quote), String(row.rate)])),
  };
};
