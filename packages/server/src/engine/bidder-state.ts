/**
 * The state the bidder reads besides the strategy index (docs/engine.md): the exchanges it answers, whether
 * platform bidding is on (spec §4 "Stop bidding"), the control plane's heartbeat, and the exchange rates for
 * prices and floors. Read from the database in three small queries; the bidder polls it and fails closed when
 * it cannot.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type ExchangeRates, rateKey } from './price';

/** The `platform_settings` key of platform bidding: `'false'` stops every bid; absent or `'true'`: on. */
export const BIDDING_ENABLED_SETTING = 'bidding_enabled';

/**
 * The `platform_settings` key of the control plane's heartbeat (docs/operations.md "Scaling out the engine"):
 * the ISO time at which a process running the console and API last wrote it. A bidder process that runs no
 * control plane of its own bids nothing while it is older than HEARTBEAT_MAX_AGE_MS (a dead-man switch).
 */
export const CONTROL_PLANE_HEARTBEAT_SETTING = 'control_plane_heartbeat';
/** How often a control plane writes its heartbeat. */
export const HEARTBEAT_INTERVAL_MS = 10_000;
/** A heartbeat older than this (or none) stops the bidders that depend on it. */
export const HEARTBEAT_MAX_AGE_MS = 60_000;

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
  /** The control plane's last heartbeat as read (ms since the epoch), or null when none was ever written. */
  readonly heartbeatAt: number | null;
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

/** Switches platform bidding (the back office's switch, modules/bidding). */
export const writeBiddingEnabled = async (db: Kysely<Database>, enabled: boolean): Promise<void> => {
  const value = String(enabled);
  await db
    .insertInto('platform_settings')
    .values({ key: BIDDING_ENABLED_SETTING, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
};

/** Writes the control plane's heartbeat at `now` (its own clock). */
export const writeHeartbeat = async (db: Kysely<Database>, now: Date): Promise<void> => {
  const value = now.toISOString();
  await db
    .insertInto('platform_settings')
    .values({ key: CONTROL_PLANE_HEARTBEAT_SETTING, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
};

/** Whether a bidder depending on the control plane may bid at `now`: its heartbeat is at most a minute old. */
export const isHeartbeatFresh = (state: BidderState, now: Date): boolean =>
  state.heartbeatAt !== null && now.getTime() - state.heartbeatAt <= HEARTBEAT_MAX_AGE_MS;

/** Platform bidding and the heartbeat, in one read of `platform_settings`. */
const readSwitches = async (
  db: Kysely<Database>,
): Promise<{ biddingEnabled: boolean; heartbeatAt: number | null }> => {
  const rows = await db
    .selectFrom('platform_settings')
    .select(['key', 'value'])
    .where('key', 'in', [BIDDING_ENABLED_SETTING, CONTROL_PLANE_HEARTBEAT_SETTING])
    .execute();
  const settingOf = (key: string) => rows.find((row) => row.key === key)?.value;
  const heartbeat = Date.parse(settingOf(CONTROL_PLANE_HEARTBEAT_SETTING) ?? '');
  return {
    biddingEnabled: settingOf(BIDDING_ENABLED_SETTING) !== 'false',
    heartbeatAt: Number.isNaN(heartbeat) ? null : heartbeat,
  };
};

export const loadBidderState = async (db: Kysely<Database>): Promise<BidderState> => {
  const [{ biddingEnabled, heartbeatAt }, exchanges, rates] = await Promise.all([
    readSwitches(db),
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
    heartbeatAt,
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
