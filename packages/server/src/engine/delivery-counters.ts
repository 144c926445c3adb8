/**
 * The delivery counters (docs/engine.md "Counters"): the only writer of the delivery rollups of migration 0021
 * and of the strategies' sums of migration 0027.
 *
 * - Bids (from the bidder) and events (from the intake, modules/events) are counted in memory by rollup key:
 *   the UTC hour of the event with the ticket's dimensions (delivery_hourly) and the UTC day with the
 *   publisher and bundle (delivery_daily_publishers).
 * - A flush (every `flushMs`, and when the app closes) writes them in one transaction: the events' keys go
 *   into delivery_events_seen first and only the keys it did not hold yet count, then the rollups are
 *   upserted in batches of array parameters (`col = col + EXCLUDED.col`), and with them what their rows add to
 *   the strategies' sums (impressions, clicks and spend per strategy and hour, and all along; decision 056).
 *   Counts leave memory only once that
 *   transaction committed: a failed flush keeps them for the next one, so nothing is lost or counted twice.
 *   Flushes never overlap (each waits for the one before).
 * - Each (auctionId, kind) counts once: a bounded set of recent keys answers repeats at once, and
 *   delivery_events_seen decides across restarts and processes.
 * - Conversions (docs/engine.md "Conversions"): the same transaction keeps each device's newest impression
 *   and click per campaign (delivery_touches, migration 0022); `recordConversion` counts conversions_N into
 *   the rollup row of the touch attribution.ts chose, once per tracking event (key `tracking:{id}`).
 * - The bidder's questions (`strategyStats`, `mayBid`) are answered from the totals loaded from the strategies'
 *   sums (at start and after every flush) plus what memory holds that is not loaded yet. Until the totals have
 *   been read, and after a reload failed, `mayBid` answers false (fail closed). The totals keep the last hours
 *   per UTC hour, so that a daily limit's "today" starts at the campaign's local midnight (local-day.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { textArrayLiteral } from '../db/text-array';
import type { Clock } from '../lib/clock';
import { type DeliveryTouch, LONGEST_ATTRIBUTION_MS } from './attribution';
import type { DeliverySink } from './delivery-sink';
import { type AuctionTicket, type EventKind, TICKET_LIFETIME_MS } from './event-ticket';
import { localDayStart } from './local-day';
import type { CampaignDay } from './pacing';
import type { SeedTotals } from './shared-budgets';
import type { SharedEventCount } from './shared-events';
import type { CompiledStrategy, StrategyStats } from './strategy-index';

/** The count columns of both rollups (migration 0021), in a fixed order. */
export const COUNT_COLUMNS = [
  'bids',
  'wins',
  'impressions',
  'clicks',
  'video_starts',
  'video_first_quartiles',
  'video_midpoints',
  'video_third_quartiles',
  'video_completes',
  'video_skips',
  'conversions_1',
  'conversions_2',
  'conversions_3',
  'conversions_4',
  'conversions_5',
] as const;
export type CountColumn = (typeof COUNT_COLUMNS)[number];

/**
 * The column an event kind counts into. A billing notice counts no event of its own: it carries the money.
 * A video error has no column in the rollups: it is accepted (the player must get its pixel) and counts nothing.
 */
export const KIND_COLUMN: Readonly<Record<EventKind, CountColumn | null>> = {
  win: 'wins',
  billing: null,
  impression: 'impressions',
  click: 'clicks',
  video_start: 'video_starts',
  video_first_quartile: 'video_first_quartiles',
  video_midpoint: 'video_midpoints',
  video_third_quartile: 'video_third_quartiles',
  video_complete: 'video_completes',
  video_skip: 'video_skips',
  video_error: null,
};

const COLUMN_INDEX = new Map<CountColumn, number>(COUNT_COLUMNS.map((column, index) => [column, index]));
const BIDS = 0;

const HOURLY_KEY = [
  'hour',
  'organization_id',
  'campaign_id',
  'strategy_id',
  'creative_id',
  'exchange_id',
  'deal_id',
  'country',
  'region',
  'device_type',
  'os',
  'size',
  'venue_type',
] as const;
const DAILY_KEY = [
  'day',
  'organization_id',
  'campaign_id',
  'strategy_id',
  'exchange_id',
  'publisher',
  'bundle',
] as const;

// ---------------------------------------------------------------------------------------------------------
// Keys

/** Ids are bigint columns: decimal digits that fit a signed 64-bit integer; '' means none (0). */
const ID_PATTERN = /^\d{1,18}$/;
/** Text dimensions are cut to this length (a rollup key must fit an index entry) and lose NUL characters. */
export const MAX_DIMENSION_LENGTH = 200;

export type HourlyDimensions = {
  readonly hour: string;
  readonly organization_id: string;
  readonly campaign_id: string;
  readonly strategy_id: string;
  readonly creative_id: string;
  readonly exchange_id: string;
  readonly deal_id: string;
  readonly country: string;
  readonly region: string;
  readonly device_type: string;
  readonly os: string;
  readonly size: string;
  readonly venue_type: string;
};
export type DailyDimensions = {
  readonly day: string;
  readonly organization_id: string;
  readonly campaign_id: string;
  readonly strategy_id: string;
  readonly exchange_id: string;
  readonly publisher: string;
  readonly bundle: string;
};

const idOf = (value: string): string | null => {
  if (value === '') return '0';
  return ID_PATTERN.test(value) ? value : null;
};
/** A text dimension as the rollups key it (the goal rates look placements up with it too). */
export const textOf = (value: string): string => {
  const clean = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  return clean.length > MAX_DIMENSION_LENGTH ? clean.slice(0, MAX_DIMENSION_LENGTH) : clean;
};

/** The UTC hour (`2026-11-27T16:00:00.000Z`) and day (`2026-11-27`) of an instant. */
export const utcHour = (at: Date): string => `${at.toISOString().slice(0, 13)}:00:00.000Z`;
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The last hour's texts (utcHour, utcDay): thousands of events a second fall in the same hour. */
let lastHourTexts = { start: Number.NaN, hour: '', day: '' };
const hourTextsOf = (at: Date): { hour: string; day: string } => {
  const start = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
  if (start !== lastHourTexts.start) lastHourTexts = { start, hour: utcHour(at), day: utcDay(at) };
  return lastHourTexts;
};

/**
 * The rollup rows an event of `ticket` at `at` counts into, or null when the ticket's ids are not ids (a
 * ticket is signed by the bidder, so only a bug makes one: refusing it keeps the flush from failing on it).
 */
export const rollupKeysOf = (
  ticket: AuctionTicket,
  at: Date,
): { hourly: HourlyDimensions; daily: DailyDimensions } | null => {
  const organization = idOf(ticket.organizationId);
  const campaign = idOf(ticket.campaignId);
  const strategy = idOf(ticket.strategyId);
  const creative = idOf(ticket.creativeId);
  const exchange = idOf(ticket.exchangeId);
  const deal = idOf(ticket.dealId);
  if (
    organization === null ||
    campaign === null ||
    strategy === null ||
    creative === null ||
    exchange === null ||
    deal === null ||
    campaign === '0' ||
    strategy === '0'
  ) {
    return null;
  }
  const texts = hourTextsOf(at);
  return {
    hourly: {
      hour: texts.hour,
      organization_id: organization,
      campaign_id: campaign,
      strategy_id: strategy,
      creative_id: creative,
      exchange_id: exchange,
      deal_id: deal,
      country: textOf(ticket.country),
      region: textOf(ticket.region),
      device_type: textOf(ticket.deviceType),
      os: textOf(ticket.os),
      size: textOf(ticket.size),
      venue_type: textOf(ticket.venueType),
    },
    daily: {
      day: texts.day,
      organization_id: organization,
      campaign_id: campaign,
      strategy_id: strategy,
      exchange_id: exchange,
      publisher: textOf(ticket.publisher),
      bundle: textOf(ticket.bundle),
    },
  };
};

/**
 * A rollup row's key in memory: its key columns joined by NUL, which no key value holds (ids are digits, times
 * ISO text, and textOf removes NUL from texts) — one string per event, with no array or escaping to build.
 */
const hourlyKeyText = (row: HourlyDimensions): string =>
  `${row.hour}\0${row.organization_id}\0${row.campaign_id}\0${row.strategy_id}\0${row.creative_id}\0${row.exchange_id}\0${row.deal_id}\0${row.country}\0${row.region}\0${row.device_type}\0${row.os}\0${row.size}\0${row.venue_type}`;
const dailyKeyText = (row: DailyDimensions): string =>
  `${row.day}\0${row.organization_id}\0${row.campaign_id}\0${row.strategy_id}\0${row.exchange_id}\0${row.publisher}\0${row.bundle}`;

// ---------------------------------------------------------------------------------------------------------
// Accumulated rows

type Accumulator<D> = { dimensions: D; counts: number[]; mediaCost: bigint; spend: bigint };
type Rows<D> = Map<string, Accumulator<D>>;

const add = <D>(
  rows: Rows<D>,
  key: string,
  dimensions: D,
  column: number | null,
  count: number,
  mediaCost: bigint,
  spend: bigint,
): void => {
  let row = rows.get(key);
  if (!row) {
    row = { dimensions, counts: new Array<number>(COUNT_COLUMNS.length).fill(0), mediaCost: 0n, spend: 0n };
    rows.set(key, row);
  }
  if (column !== null) row.counts[column] = (row.counts[column] ?? 0) + count;
  // Most events carry no money: no BigInt sum for them.
  if (mediaCost !== 0n) row.mediaCost += mediaCost;
  if (spend !== 0n) row.spend += spend;
};

const mergeRows = <D>(into: Rows<D>, from: Rows<D>): void => {
  for (const [key, row] of from) {
    const target = into.get(key);
    if (!target) {
      into.set(key, row);
      continue;
    }
    row.counts.forEach((count, index) => {
      target.counts[index] = (target.counts[index] ?? 0) + count;
    });
    target.mediaCost += row.mediaCost;
    target.spend += row.spend;
  }
};

/** One accepted event (or attributed conversion) waiting for its flush. */
type PendingEvent = {
  /** With `kind`, the de-duplication key (delivery_events_seen); a conversion's is its tracking event. */
  readonly auctionId: string;
  readonly kind: EventKind | 'conversion';
  /** `seenKey(auctionId, kind)`, made once when the event is recorded. */
  readonly key: string;
  /** The count column (COUNT_COLUMNS index) it adds 1 to, or null (billing, video error). */
  readonly column: number | null;
  /** The ticket's device hash ('' none): impressions and clicks with one are kept as touches (migration 0022). */
  readonly device: string;
  readonly seenAt: Date;
  readonly hourly: HourlyDimensions;
  readonly daily: DailyDimensions;
  readonly mediaCostMicros: bigint;
  readonly spendMicros: bigint;
  /** The campaign's zone (the ticket's): the local day its shared budget figures count in (decision 052). */
  readonly timeZone: string;
};

// ---------------------------------------------------------------------------------------------------------
// Totals for the bidder

/** What was delivered in one UTC hour. */
type HourTotals = { impressions: number; clicks: number; spend: bigint };

/**
 * What a campaign (key `c<id>`) or strategy (`s<id>`) has delivered: per UTC hour over the last
 * RECENT_HOURS (`hours`, keyed by the hour's epoch milliseconds), so that "today" can start at each campaign's
 * own local midnight (local-day.ts), and all along.
 */
type Totals = {
  hours: Map<number, HourTotals>;
  impressions: number;
  clicks: number;
  /** Since the campaign's budget reset (migration 0007 `budget_reset_at`), to its hour. */
  lifetimeSpend: bigint;
  /** All along, before the reset too (the shared budgets' all-time hashes, decision 052). */
  allTimeSpend: bigint;
};
/** What today's sums need of a key: today and more, whatever the zone (a local day lasts up to 25 hours). */
const RECENT_HOURS = 27;
const HOUR_MS = 3_600_000;
const hourOf = (at: Date): number => Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;

type DayTotals = {
  dayImpressions: number;
  dayClicks: number;
  daySpend: bigint;
  impressions: number;
  clicks: number;
  lifetimeSpend: bigint;
};

const emptyTotals = (): Totals => ({
  hours: new Map(),
  impressions: 0,
  clicks: 0,
  lifetimeSpend: 0n,
  allTimeSpend: 0n,
});

const addHour = (entry: Totals, hour: number, impressions: number, clicks: number, spend: bigint): void => {
  const bucket = entry.hours.get(hour);
  if (bucket) {
    bucket.impressions += impressions;
    bucket.clicks += clicks;
    bucket.spend += spend;
  } else {
    entry.hours.set(hour, { impressions, clicks, spend });
  }
};

const addTotals = (
  totals: Map<string, Totals>,
  key: string,
  hour: number,
  impressions: number,
  clicks: number,
  spend: bigint,
): void => {
  let entry = totals.get(key);
  if (!entry) {
    entry = emptyTotals();
    totals.set(key, entry);
  }
  addHour(entry, hour, impressions, clicks, spend);
  entry.impressions += impressions;
  entry.clicks += clicks;
  entry.lifetimeSpend += spend;
  entry.allTimeSpend += spend;
};

/**
 * A key's totals as the bidder asks them: the sum of what was loaded, what is being flushed and what waits for
 * a flush, kept as one running sum (updated as each event counts, rebuilt when the parts change), with its
 * "today" summed once per day start. `strategyStats` and `mayBid` are asked for hundreds of candidates a
 * request: each answer is a Map read and a comparison, not a sum over hours.
 */
type RunningTotals = Totals & {
  /** The day start `day*` sums the hours from (epoch ms), or NaN before the first question. */
  dayStart: number;
  dayImpressions: number;
  dayClicks: number;
  daySpend: bigint;
};

const emptyRunning = (): RunningTotals => ({
  ...emptyTotals(),
  dayStart: Number.NaN,
  dayImpressions: 0,
  dayClicks: 0,
  daySpend: 0n,
});

/** Adds every key's totals of `from` into `into`, each new key made by `create`. */
const mergeTotals = <T extends Totals>(
  into: Map<string, T>,
  from: ReadonlyMap<string, Totals>,
  create: () => T,
): void => {
  for (const [key, entry] of from) {
    let target = into.get(key);
    if (!target) {
      target = create();
      into.set(key, target);
    }
    for (const [hour, bucket] of entry.hours)
      addHour(target, hour, bucket.impressions, bucket.clicks, bucket.spend);
    target.impressions += entry.impressions;
    target.clicks += entry.clicks;
    target.lifetimeSpend += entry.lifetimeSpend;
    target.allTimeSpend += entry.allTimeSpend;
  }
};

// ---------------------------------------------------------------------------------------------------------
// The counters

export type DeliveryEvent = {
  readonly ticket: AuctionTicket;
  readonly kind: EventKind;
  /** When it arrived (the app's clock): its rollup hour. */
  readonly at: Date;
  /** What the exchange charged, micros of the campaign's currency; 0 for events that carry no money. */
  readonly mediaCostMicros: bigint;
  /** The advertiser's cost after the organization's fee model (event-cost.ts). */
  readonly spendMicros: bigint;
};

export type RecordResult = 'counted' | 'duplicate' | 'invalid';

/** A conversion postback attributed to a touch (attribution.ts), counted into the touch's rollup row. */
export type DeliveryConversion = {
  /** The tracking event (tracking_events.id): a conversion counts once per tracking event. */
  readonly trackingEventId: string;
  /** The conversion event 1–5: counted into conversions_N. */
  readonly event: 1 | 2 | 3 | 4 | 5;
  readonly touch: DeliveryTouch;
  /** When it arrived (the app's clock): its rollup hour. */
  readonly at: Date;
};

export type DeliveryCounters = DeliverySink & {
  /** Counts an event once per (auctionId, kind); 'duplicate' when it was seen already, 'invalid' for bad ids. */
  readonly recordEvent: (event: DeliveryEvent) => RecordResult;
  /** Counts a conversion into conversions_N of its touch's rollup row (hour: `at`), once per tracking event. */
  readonly recordConversion: (conversion: DeliveryConversion) => RecordResult;
  /** The device's touches (migration 0022) since `since`, newest first: what the last flushes wrote. */
  readonly touchesOf: (deviceHash: string, since: Date) => Promise<DeliveryTouch[]>;
  /** Loads the totals and starts the flush timer. */
  readonly start: () => Promise<void>;
  /** Writes what memory holds (rejects when the transaction failed; the counts stay for the next flush). */
  readonly flush: () => Promise<void>;
  /** Stops the timer and flushes a last time. */
  readonly stop: () => Promise<void>;
  /** The totals are loaded and current: the bidder may trust `mayBid`. */
  readonly isReady: () => boolean;
  /**
   * More events wait to be counted than MAX_PENDING_EVENTS (the database or the shared store is gone): the
   * intake refuses new ones with 503, so that the senders retry later, instead of holding them without bound.
   */
  readonly isOverloaded: () => boolean;
  /**
   * A campaign's (`c<id>`) or strategy's (`s<id>`) totals as the rollups and this process hold them: its local
   * day from `dayStart` (epoch ms), all along, and before its budget reset; undefined until they are loaded.
   * The shared budgets are seeded from them (shared-budgets.ts).
   */
  readonly totalsOf: (key: string, dayStart: number) => SeedTotals | undefined;
};

export type DeliveryCountersOptions = {
  readonly db: Db;
  readonly clock: Clock;
  readonly logger: FastifyBaseLogger;
  /** How often memory is flushed (ms); 0 or less: only when asked (tests). */
  readonly flushMs?: number;
  /** How many recent (auctionId, kind) keys the fast de-duplication path remembers. */
  readonly recentKeys?: number;
  /** Rows per INSERT statement of every table (tests); by default 250, and 1,000 of the seen keys and touches. */
  readonly batchRows?: number;
  /**
   * With `REDIS_URL` (decision 052): events are counted once across processes by the shared store, which also
   * adds them to the shared budgets, every SHARED_COUNT_MS; the rollups' flush then writes only what it counted.
   */
  readonly shared?: SharedEventCount;
  /** How many events may wait to be counted before the intake refuses more (503). */
  readonly maxPendingEvents?: number;
};

export const DEFAULT_FLUSH_MS = 5_000;
/** How often events are counted in the shared store (decision 052): the shared budgets see them this soon. */
export const SHARED_COUNT_MS = 250;
/** Events held at most while they cannot be counted (about 25 MB of memory). */
export const MAX_PENDING_EVENTS = 100_000;
/** Events per script run in the shared store. */
const SHARED_BATCH = 500;
const DEFAULT_RECENT_KEYS = 200_000;
/**
 * Rows per statement of a flush. A statement's parameters are built and serialized on the main thread in one
 * go; 250 rows keep that to a few milliseconds, so bid requests are answered between the statements.
 */
const DEFAULT_BATCH_ROWS = 250;
/**
 * Rows per statement of the seen keys and the touches, one of each per event: narrow rows, so 1,000 of them are
 * built quickly, and each statement the database need not parse and plan saves more than it costs: the server's
 * CPU per event about a fifth lower embedded, where the database's thread runs in the server's process, and about
 * a tenth on PostgreSQL, the event loop's delays unchanged within the noise (docs/engine.md "What is measured").
 */
const DEFAULT_NARROW_BATCH_ROWS = 1_000;
/** delivery_events_seen rows outlive a ticket by a day (a ticket issued a minute ahead is still accepted). */
const SEEN_RETENTION_MS = TICKET_LIFETIME_MS + 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
/** How often an idle process reads the totals again (other processes' spend), when it has nothing to flush. */
const IDLE_RELOAD_MS = 60_000;

type LoadedRow = {
  /** `total`: the strategy all along; `hour`: one recent hour; `reset`: its spend before its campaign's reset. */
  part: 'total' | 'hour' | 'reset';
  campaign_id: string;
  strategy_id: string;
  /** The recent hour of an `hour` row, else null. */
  hour: Date | string | null;
  impressions: string;
  clicks: string;
  spend: string;
};

/**
 * Reads every campaign's and strategy's totals from the strategies' sums (migration 0027, decision 056), in one
 * statement (one snapshot): a row per strategy all along, a row per strategy and recent hour (from `since`), and
 * for a campaign whose budget was reset, the spend of its hours before the reset's hour. What it reads grows with
 * the strategies and the recent hours, not with the rollups' rows; only a campaign whose budget was reset has its
 * strategies' hours before the reset read each time (a late event can still add to them, so they are not kept).
 */
const loadTotals = async (db: Kysely<Database>, since: number): Promise<Map<string, Totals>> => {
  const recent = new Date(since).toISOString();
  const { rows } = await sql<LoadedRow>`SELECT 'total' AS part, t.campaign_id::text AS campaign_id,
        t.strategy_id::text AS strategy_id, NULL::timestamptz AS hour, t.impressions::text AS impressions,
        t.clicks::text AS clicks, t.spend_micros::text AS spend
      FROM delivery_strategy_totals t
    UNION ALL
    SELECT 'hour', h.campaign_id::text, h.strategy_id::text, h.hour, h.impressions::text, h.clicks::text,
        h.spend_micros::text
      FROM delivery_strategy_hourly h
      WHERE h.hour >= ${recent}::timestamptz
    UNION ALL
    SELECT 'reset', h.campaign_id::text, h.strategy_id::text, NULL, '0', '0', sum(h.spend_micros)::text
      FROM campaigns c
      JOIN delivery_strategy_hourly h ON h.campaign_id = c.id AND h.hour < date_trunc('hour', c.budget_reset_at)
      WHERE c.budget_reset_at IS NOT NULL
      GROUP BY h.campaign_id, h.strategy_id`.execute(db);
  const totals = new Map<string, Totals>();
  const addRow = (key: string, row: LoadedRow) => {
    let entry = totals.get(key);
    if (!entry) {
      entry = emptyTotals();
      totals.set(key, entry);
    }
    const spend = BigInt(row.spend);
    if (row.part === 'reset') {
      entry.lifetimeSpend -= spend;
    } else if (row.part === 'hour') {
      if (row.hour !== null)
        addHour(entry, new Date(row.hour).getTime(), Number(row.impressions), Number(row.clicks), spend);
    } else {
      entry.impressions += Number(row.impressions);
      entry.clicks += Number(row.clicks);
      entry.lifetimeSpend += spend;
      entry.allTimeSpend += spend;
    }
  };
  for (const row of rows) {
    addRow(`s${row.strategy_id}`, row);
    addRow(`c${row.campaign_id}`, row);
  }
  return totals;
};

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
};

const seenKey = (auctionId: string, kind: string): string => `${kind} ${auctionId}`;

/**
 * A map's values in the order of their keys (UTF-16 code units, as `<` compares): every process writes the rows of
 * a table in this order, so that two flushes touching the same rows wait for each other rather than deadlock.
 */
const inKeyOrder = <T>(map: ReadonlyMap<string, T>): T[] =>
  [...map.keys()].sort().map((key) => map.get(key) as T);

/** An instant as ISO text, the last one remembered: a flush's events come many to the millisecond. */
let lastInstant = { ms: Number.NaN, text: '' };
const isoTextOf = (at: Date): string => {
  const ms = at.getTime();
  if (ms !== lastInstant.ms) lastInstant = { ms, text: at.toISOString() };
  return lastInstant.text;
};

const TOUCH_KINDS: ReadonlySet<string> = new Set(['impression', 'click']);
/** At most this many touches of one device are read for a conversion (one per campaign and kind). */
const MAX_TOUCHES_READ = 200;

/** The columns of delivery_touches (migration 0022): the key (device, campaign, kind) first. */
const TOUCH_COLUMNS = [
  'device_hash',
  'campaign_id',
  'kind',
  'touched_at',
  'organization_id',
  'strategy_id',
  'creative_id',
  'exchange_id',
  'deal_id',
  'country',
  'region',
  'device_type',
  'os',
  'size',
  'venue_type',
  'publisher',
  'bundle',
] as const;

const touchValue = (event: PendingEvent, column: (typeof TOUCH_COLUMNS)[number]): string => {
  switch (column) {
    case 'device_hash':
      return event.device;
    case 'kind':
      return event.kind;
    case 'touched_at':
      return isoTextOf(event.seenAt);
    case 'publisher':
    case 'bundle':
      return event.daily[column];
    default:
      return event.hourly[column];
  }
};

/**
 * Keeps the newest impression and click of each (device, campaign) among the events that counted
 * (delivery_touches, migration 0022): one upsert of array parameters per batch, rows sorted by key (no
 * deadlock), a row replaced only by a newer touch.
 */
const upsertTouches = async (
  trx: Transaction<Database>,
  counted: readonly PendingEvent[],
  batchRows: number,
): Promise<void> => {
  const newest = new Map<string, PendingEvent>();
  for (const event of counted) {
    if (event.device === '' || !TOUCH_KINDS.has(event.kind)) continue;
    // The device is the bidder's hash of an id and the campaign digits: NUL joins them without ambiguity.
    const key = `${event.device}\0${event.hourly.campaign_id}\0${event.kind}`;
    const known = newest.get(key);
    if (!known || known.seenAt < event.seenAt) newest.set(key, event);
  }
  const sorted = inKeyOrder(newest);
  for (const batch of chunks(sorted, batchRows)) {
    const values = TOUCH_COLUMNS.map((column) => batch.map((event) => touchValue(event, column)));
    await sql`INSERT INTO delivery_touches (${sql.join(TOUCH_COLUMNS.map((column) => sql.ref(column)))})
      ${unnestOf(TOUCH_COLUMNS, values)}
      ON CONFLICT (device_hash, campaign_id, kind) DO UPDATE SET ${sql.join(
        TOUCH_COLUMNS.slice(3).map((column) => sql`${sql.ref(column)} = EXCLUDED.${sql.ref(column)}`),
      )}
      WHERE delivery_touches.touched_at <= EXCLUDED.touched_at`.execute(trx);
  }
};

/** The rollup rows a conversion counts into: its touch's dimensions at the hour and day of `at`. */
const conversionKeysOf = (
  touch: DeliveryTouch,
  at: Date,
): { hourly: HourlyDimensions; daily: DailyDimensions } | null =>
  rollupKeysOf(
    {
      auctionId: '',
      issuedAt: 0,
      organizationId: touch.organizationId,
      campaignId: touch.campaignId,
      strategyId: touch.strategyId,
      creativeId: touch.creativeId,
      exchangeId: touch.exchangeId,
      dealId: touch.dealId,
      currency: '',
      priceMicros: '0',
      campaignCurrency: '',
      maxCostMicros: '0',
      country: touch.country,
      region: touch.region,
      deviceType: touch.deviceType,
      os: touch.os,
      size: touch.size,
      venueType: touch.venueType,
      publisher: touch.publisher,
      bundle: touch.bundle,
      device: '',
    },
    at,
  );

/**
 * Inserts the events' keys; answers the events whose key was there already (they do not count). The keys go as
 * three array parameters (unnest) rather than three parameters a row: one short statement to parse per batch.
 * The statement answers how many keys were new, and lists the new keys only when some were not: in the common
 * case (every key new) one row comes back rather than one per event.
 */
const insertSeen = async (
  trx: Transaction<Database>,
  events: ReadonlyMap<string, PendingEvent>,
  batchRows: number,
): Promise<Set<PendingEvent>> => {
  const seen = new Set<PendingEvent>();
  // In key order, like the rollup rows, so that two processes inserting the same keys wait rather than deadlock.
  const sorted = inKeyOrder(events);
  for (const batch of chunks(sorted, batchRows)) {
    const { rows } = await sql<{ inserted: number; auction_id: string | null; kind: string | null }>`WITH
        fresh AS (INSERT INTO delivery_events_seen (auction_id, kind, seen_at)
          SELECT * FROM unnest(${textArrayLiteral(batch.map((event) => event.auctionId))}::text[],
            ${textArrayLiteral(batch.map((event) => event.kind))}::text[],
            ${textArrayLiteral(batch.map((event) => isoTextOf(event.seenAt)))}::timestamptz[])
          ON CONFLICT (auction_id, kind) DO NOTHING
          RETURNING auction_id, kind),
        total AS (SELECT count(*)::int AS inserted FROM fresh)
      SELECT total.inserted, fresh.auction_id, fresh.kind
        FROM total LEFT JOIN fresh ON total.inserted < ${batch.length}`.execute(trx);
    if (Number(rows[0]?.inserted) === batch.length) continue;
    const fresh = new Set<string>();
    for (const row of rows) {
      if (row.auction_id !== null && row.kind !== null) fresh.add(seenKey(row.auction_id, row.kind));
    }
    for (const event of batch) {
      if (!fresh.has(event.key)) seen.add(event);
    }
  }
  return seen;
};

/** `col = table.col + EXCLUDED.col` for each of `columns`: an upsert adds its counts to the row's. */
const upsertSql = (table: string, columns: readonly string[]) =>
  sql.join(
    columns.map(
      (column) => sql`${sql.ref(column)} = ${sql.ref(`${table}.${column}`)} + EXCLUDED.${sql.ref(column)}`,
    ),
  );

/** The SQL type of a rollup or touch column, for its array parameter (`unnest($1::text[]::bigint[], …)`). */
const columnType = (column: string): 'timestamptz' | 'date' | 'bigint' | 'text' => {
  if (column === 'hour' || column === 'touched_at') return 'timestamptz';
  if (column === 'day') return 'date';
  if (column.endsWith('_id') || column.endsWith('_micros') || COLUMN_INDEX.has(column as CountColumn))
    return 'bigint';
  return 'text';
};

/**
 * `SELECT * FROM unnest(…)` of one array parameter per column: a batch of rows is one short statement with as
 * many parameters as columns, whatever its number of rows (a parameter a value costs the embedded database
 * and PostgreSQL alike to bind and plan). The values go as text and are cast by the column's type.
 */
const unnestOf = (columns: readonly string[], values: readonly (readonly string[])[]) =>
  sql`SELECT * FROM unnest(${sql.join(
    columns.map((column, index) => {
      const type = columnType(column);
      const literal = textArrayLiteral(values[index] ?? []);
      return type === 'text' ? sql`${literal}::text[]` : sql`${literal}::text[]::${sql.raw(type)}[]`;
    }),
  )})`;

const upsertRows = async <D extends HourlyDimensions | DailyDimensions>(
  trx: Transaction<Database>,
  table: 'delivery_hourly' | 'delivery_daily_publishers',
  keyColumns: readonly (keyof D & string)[],
  rows: Rows<D>,
  batchRows: number,
): Promise<void> => {
  // Sorted by key, so that two processes flushing the same rows lock them in the same order (no deadlock).
  const sorted = inKeyOrder(rows);
  for (const batch of chunks(sorted, batchRows)) {
    // Only the counters some row of the batch adds to: the others default to 0 and adding 0 changes nothing
    // (a batch of bids alone sends one counter, not seventeen).
    const counted = COUNT_COLUMNS.flatMap((_, index) =>
      batch.some((row) => row.counts[index] !== 0) ? [index] : [],
    );
    const withMediaCost = batch.some((row) => row.mediaCost !== 0n);
    const withSpend = batch.some((row) => row.spend !== 0n);
    const added: string[] = counted.map((index) => COUNT_COLUMNS[index] ?? '');
    if (withMediaCost) added.push('media_cost_micros');
    if (withSpend) added.push('spend_micros');
    const columns = [...keyColumns, ...added];
    const values: string[][] = columns.map(() => []);
    for (const row of batch) {
      let index = 0;
      for (const column of keyColumns) values[index++]?.push(row.dimensions[column] as string);
      for (const count of counted) values[index++]?.push(String(row.counts[count]));
      if (withMediaCost) values[index++]?.push(row.mediaCost.toString());
      if (withSpend) values[index]?.push(row.spend.toString());
    }
    const action = added.length === 0 ? sql`DO NOTHING` : sql`DO UPDATE SET ${upsertSql(table, added)}`;
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      ${unnestOf(columns, values)}
      ON CONFLICT (${sql.join(keyColumns.map((column) => sql.ref(column)))}) ${action}`.execute(trx);
  }
};

// ---------------------------------------------------------------------------------------------------------
// The strategies' sums (migration 0027)

const IMPRESSIONS = COLUMN_INDEX.get('impressions') ?? -1;
const CLICKS = COLUMN_INDEX.get('clicks') ?? -1;
type StrategySums = { key: readonly string[]; impressions: number; clicks: number; spend: bigint };

/** Each sum's column and its text as a parameter: the one place that pairs them. */
const STRATEGY_SUM_TEXT = {
  impressions: (sums: StrategySums) => String(sums.impressions),
  clicks: (sums: StrategySums) => String(sums.clicks),
  spend_micros: (sums: StrategySums) => sums.spend.toString(),
} as const;
const STRATEGY_SUM_COLUMNS = Object.keys(STRATEGY_SUM_TEXT) as (keyof typeof STRATEGY_SUM_TEXT)[];

/**
 * What a flush's hourly rows add to the strategies' sums, per strategy and hour and per strategy: only the rows
 * with impressions, clicks or spend (a flush of bids alone adds nothing).
 */
const strategySumsOf = (
  rows: Rows<HourlyDimensions>,
): { hourly: Map<string, StrategySums>; totals: Map<string, StrategySums> } => {
  const hourly = new Map<string, StrategySums>();
  const totals = new Map<string, StrategySums>();
  const addTo = (
    into: Map<string, StrategySums>,
    key: readonly string[],
    row: Accumulator<HourlyDimensions>,
  ) => {
    const text = key.join('\0');
    let sums = into.get(text);
    if (!sums) {
      sums = { key, impressions: 0, clicks: 0, spend: 0n };
      into.set(text, sums);
    }
    sums.impressions += row.counts[IMPRESSIONS] ?? 0;
    sums.clicks += row.counts[CLICKS] ?? 0;
    sums.spend += row.spend;
  };
  for (const row of rows.values()) {
    if ((row.counts[IMPRESSIONS] ?? 0) === 0 && (row.counts[CLICKS] ?? 0) === 0 && row.spend === 0n) continue;
    const { hour, campaign_id, strategy_id } = row.dimensions;
    addTo(hourly, [hour, campaign_id, strategy_id], row);
    addTo(totals, [campaign_id, strategy_id], row);
  }
  return { hourly, totals };
};

/** Adds the sums into their table: one upsert of array parameters per batch, rows sorted by key (no deadlock). */
const upsertStrategySums = async (
  trx: Transaction<Database>,
  table: 'delivery_strategy_hourly' | 'delivery_strategy_totals',
  sums: ReadonlyMap<string, StrategySums>,
  batchRows: number,
): Promise<void> => {
  const keyColumns =
    table === 'delivery_strategy_hourly'
      ? ['hour', 'campaign_id', 'strategy_id']
      : ['campaign_id', 'strategy_id'];
  const columns = [...keyColumns, ...STRATEGY_SUM_COLUMNS];
  const sorted = inKeyOrder(sums);
  for (const batch of chunks(sorted, batchRows)) {
    const values: string[][] = [
      ...keyColumns.map((_, index) => batch.map((row) => row.key[index] ?? '')),
      ...STRATEGY_SUM_COLUMNS.map((column) => batch.map(STRATEGY_SUM_TEXT[column])),
    ];
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      ${unnestOf(columns, values)}
      ON CONFLICT (${sql.join(keyColumns.map((column) => sql.ref(column)))})
      DO UPDATE SET ${upsertSql(table, STRATEGY_SUM_COLUMNS)}`.execute(trx);
  }
};

/** Creates the counters; `start` loads the totals (the app does it when it gets ready). */
export const createDeliveryCounters = ({
  db,
  clock,
  logger,
  flushMs = DEFAULT_FLUSH_MS,
  recentKeys = DEFAULT_RECENT_KEYS,
  batchRows,
  shared,
  maxPendingEvents = MAX_PENDING_EVENTS,
}: DeliveryCountersOptions): DeliveryCounters => {
  const wideRows = batchRows ?? DEFAULT_BATCH_ROWS;
  const narrowRows = batchRows ?? DEFAULT_NARROW_BATCH_ROWS;
  let bidsHourly: Rows<HourlyDimensions> = new Map();
  let bidsDaily: Rows<DailyDimensions> = new Map();
  /** Events accepted and not yet counted (by the database's seen keys, or the shared store). */
  let events: PendingEvent[] = [];
  /** With a shared store: events it counted as new, for the rollups' next flush. */
  let confirmed: PendingEvent[] = [];
  /**
   * The last `recentKeys` keys: a set to ask, and the same keys in a ring in the order they came, which says the
   * oldest to forget. (A Map whose first entry is deleted again and again makes every `keys().next()` step over
   * the holes left before it until the table is rebuilt: tens of µs an event once it is full.)
   */
  const recent = new Set<string>();
  const recentRing: (string | undefined)[] = new Array(Math.max(1, recentKeys));
  let recentNext = 0;

  /** Loaded from the rollups; null until the first load (fail closed). */
  let loaded: Map<string, Totals> | null = null;
  /** The UTC hour of the last load; `loaded` holds the hours from RECENT_HOURS before it. */
  let loadedHour = 0;
  let loadedAt = 0;
  let isCurrent = false;
  /** What memory counted that `loaded` does not hold yet: waiting for a flush, and being flushed. */
  let pendingTotals = new Map<string, Totals>();
  let flushingTotals = new Map<string, Totals>();
  /** loaded + flushingTotals + pendingTotals per key, for the bidder's questions (RunningTotals). */
  let running = new Map<string, RunningTotals>();

  /** Sums the three parts again: after a reload (the only time `loaded` or `flushingTotals` change their sum). */
  const rebuildRunning = (): void => {
    const next = new Map<string, RunningTotals>();
    for (const part of [loaded, flushingTotals, pendingTotals]) {
      if (part) mergeTotals(next, part, emptyRunning);
    }
    running = next;
  };

  /** Counts into `pendingTotals` and the running sum alike (an accepted event not flushed yet). */
  const addPending = (
    key: string,
    hour: number,
    impressions: number,
    clicks: number,
    spend: bigint,
  ): void => {
    addTotals(pendingTotals, key, hour, impressions, clicks, spend);
    let entry = running.get(key);
    if (!entry) {
      entry = emptyRunning();
      running.set(key, entry);
    }
    addHour(entry, hour, impressions, clicks, spend);
    entry.impressions += impressions;
    entry.clicks += clicks;
    entry.lifetimeSpend += spend;
    entry.allTimeSpend += spend;
    if (hour >= entry.dayStart) {
      entry.dayImpressions += impressions;
      entry.dayClicks += clicks;
      entry.daySpend += spend;
    }
  };

  let chain: Promise<void> = Promise.resolve();
  let isFlushing = false;
  let timer: NodeJS.Timeout | undefined;
  let lastPrune = 0;

  const remember = (key: string): boolean => {
    if (recent.has(key)) return false;
    const oldest = recentRing[recentNext];
    if (oldest !== undefined) recent.delete(oldest);
    recent.add(key);
    recentRing[recentNext] = key;
    recentNext = recentNext + 1 === recentRing.length ? 0 : recentNext + 1;
    return true;
  };

  const reload = async (): Promise<void> => {
    const hour = hourOf(clock.now());
    try {
      const totals = await loadTotals(db, hour - RECENT_HOURS * HOUR_MS);
      loaded = totals;
      loadedHour = hour;
      loadedAt = clock.now().getTime();
      flushingTotals = new Map();
      isCurrent = true;
      rebuildRunning();
    } catch (error) {
      // What was just flushed is in the database but not in `loaded`: keep counting it from memory, and
      // stop bidding until a reload succeeds.
      if (loaded) mergeTotals(loaded, flushingTotals, emptyTotals);
      flushingTotals = new Map();
      isCurrent = false;
      rebuildRunning();
      logger.error({ err: error }, 'delivery counters: the totals could not be read; bidding stops');
    }
  };

  const prune = async (now: Date): Promise<void> => {
    if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now.getTime();
    try {
      await db
        .deleteFrom('delivery_events_seen')
        .where('seen_at', '<', new Date(now.getTime() - SEEN_RETENTION_MS))
        .execute();
    } catch (error) {
      logger.warn({ err: error }, 'delivery counters: pruning delivery_events_seen failed');
    }
    try {
      await db
        .deleteFrom('delivery_touches')
        .where('touched_at', '<', new Date(now.getTime() - LONGEST_ATTRIBUTION_MS))
        .execute();
    } catch (error) {
      logger.warn({ err: error }, 'delivery counters: pruning delivery_touches failed');
    }
  };

  /**
   * With a shared store: counts the waiting events there, each once across the processes; the new ones wait for
   * the rollups' next flush, the repeats are dropped. What could not be counted waits for the next run.
   */
  const countSharedOnce = async (): Promise<void> => {
    if (!shared || events.length === 0) return;
    const batch = events;
    events = [];
    let done = 0;
    try {
      for (const part of chunks(batch, SHARED_BATCH)) {
        const isNew = await shared.count(part);
        part.forEach((event, i) => {
          if (isNew[i]) confirmed.push(event);
        });
        done += part.length;
      }
    } catch (error) {
      events = batch.slice(done).concat(events);
      throw error;
    }
  };
  let sharedChain: Promise<void> = Promise.resolve();
  const countShared = (): Promise<void> => {
    const run = sharedChain.then(countSharedOnce);
    sharedChain = run.catch(() => undefined);
    return run;
  };

  const flushOnce = async (): Promise<void> => {
    if (shared) {
      // The rollups get what the shared store counted; a store that cannot be reached holds the events back.
      await countShared().catch((error: unknown) => {
        logger.error({ err: error }, 'delivery counters: the shared store could not count events; they wait');
      });
    }
    const hourly = bidsHourly;
    const daily = bidsDaily;
    const batch = shared ? confirmed : events;
    if (hourly.size === 0 && daily.size === 0 && batch.length === 0) {
      // Nothing of ours to write; other processes' delivery is read again now and then.
      const now = clock.now();
      if (!isCurrent || hourOf(now) !== loadedHour || now.getTime() - loadedAt >= IDLE_RELOAD_MS)
        await reload();
      return;
    }
    bidsHourly = new Map();
    bidsDaily = new Map();
    if (shared) confirmed = [];
    else events = [];
    flushingTotals = pendingTotals;
    pendingTotals = new Map();
    try {
      await db.transaction().execute(async (trx) => {
        // Within one flush an (auctionId, kind) goes once: the first one counts.
        const unique = new Map<string, PendingEvent>();
        for (const event of batch) {
          if (!unique.has(event.key)) unique.set(event.key, event);
        }
        // The shared store has counted each event once already; otherwise the seen keys decide.
        const seen =
          shared || unique.size === 0 ? new Set<PendingEvent>() : await insertSeen(trx, unique, narrowRows);
        const rowsHourly: Rows<HourlyDimensions> = new Map();
        const rowsDaily: Rows<DailyDimensions> = new Map();
        const copy = <D>(into: Rows<D>, from: Rows<D>) => {
          for (const [key, row] of from) {
            into.set(key, {
              dimensions: row.dimensions,
              counts: [...row.counts],
              mediaCost: row.mediaCost,
              spend: row.spend,
            });
          }
        };
        copy(rowsHourly, hourly);
        copy(rowsDaily, daily);
        const counted: PendingEvent[] = [];
        for (const event of unique.values()) {
          if (seen.has(event)) continue;
          counted.push(event);
          const index = event.column;
          add(
            rowsHourly,
            hourlyKeyText(event.hourly),
            event.hourly,
            index,
            1,
            event.mediaCostMicros,
            event.spendMicros,
          );
          add(
            rowsDaily,
            dailyKeyText(event.daily),
            event.daily,
            index,
            1,
            event.mediaCostMicros,
            event.spendMicros,
          );
        }
        await upsertRows(trx, 'delivery_hourly', HOURLY_KEY, rowsHourly, wideRows);
        await upsertRows(trx, 'delivery_daily_publishers', DAILY_KEY, rowsDaily, wideRows);
        const strategySums = strategySumsOf(rowsHourly);
        await upsertStrategySums(trx, 'delivery_strategy_hourly', strategySums.hourly, wideRows);
        await upsertStrategySums(trx, 'delivery_strategy_totals', strategySums.totals, wideRows);
        await upsertTouches(trx, counted, narrowRows);
      });
    } catch (error) {
      // Nothing was written: the counts go back to memory for the next flush.
      mergeRows(hourly, bidsHourly);
      mergeRows(daily, bidsDaily);
      bidsHourly = hourly;
      bidsDaily = daily;
      if (shared) confirmed = batch.concat(confirmed);
      else events = batch.concat(events);
      mergeTotals(flushingTotals, pendingTotals, emptyTotals);
      pendingTotals = flushingTotals;
      flushingTotals = new Map();
      throw error;
    }
    const now = clock.now();
    await reload();
    await prune(now);
  };

  const flush = (): Promise<void> => {
    const run = chain.then(async () => {
      isFlushing = true;
      try {
        await flushOnce();
      } finally {
        isFlushing = false;
      }
    });
    chain = run.catch(() => undefined);
    return run;
  };

  const NO_TOTALS: DayTotals = {
    dayImpressions: 0,
    dayClicks: 0,
    daySpend: 0n,
    impressions: 0,
    clicks: 0,
    lifetimeSpend: 0n,
  };

  /**
   * The totals of a key, "today" being the hours from `dayStart` (epoch ms of a UTC hour). The day's sums are
   * worked out again only when the day start changes (a new day, or another zone asking); events add to them.
   */
  const totalOf = (key: string, dayStart: number): Readonly<DayTotals> => {
    const entry = running.get(key);
    if (!entry) return NO_TOTALS;
    if (entry.dayStart !== dayStart) {
      let impressions = 0;
      let clicks = 0;
      let spend = 0n;
      for (const [hour, bucket] of entry.hours) {
        if (hour < dayStart) continue;
        impressions += bucket.impressions;
        clicks += bucket.clicks;
        spend += bucket.spend;
      }
      entry.dayStart = dayStart;
      entry.dayImpressions = impressions;
      entry.dayClicks = clicks;
      entry.daySpend = spend;
    }
    return entry;
  };

  const recordBid = (ticket: AuctionTicket, now: Date): void => {
    const keys = rollupKeysOf(ticket, now);
    if (!keys) {
      logger.warn(
        { auctionId: ticket.auctionId },
        'delivery counters: a bid with invalid ids was not counted',
      );
      return;
    }
    add(bidsHourly, hourlyKeyText(keys.hourly), keys.hourly, BIDS, 1, 0n, 0n);
    add(bidsDaily, dailyKeyText(keys.daily), keys.daily, BIDS, 1, 0n, 0n);
  };

  const recordEvent = (event: DeliveryEvent): RecordResult => {
    const keys = rollupKeysOf(event.ticket, event.at);
    if (!keys) return 'invalid';
    const key = seenKey(event.ticket.auctionId, event.kind);
    if (!remember(key)) return 'duplicate';
    const column = KIND_COLUMN[event.kind];
    events.push({
      auctionId: event.ticket.auctionId,
      kind: event.kind,
      key,
      column: column === null ? null : (COLUMN_INDEX.get(column) ?? null),
      device: event.ticket.device,
      seenAt: event.at,
      hourly: keys.hourly,
      daily: keys.daily,
      mediaCostMicros: event.mediaCostMicros,
      spendMicros: event.spendMicros,
      timeZone: event.ticket.timeZone || 'UTC',
    });
    const impressions = event.kind === 'impression' ? 1 : 0;
    const clicks = event.kind === 'click' ? 1 : 0;
    if (impressions || clicks || event.spendMicros !== 0n) {
      const hour = hourOf(event.at);
      addPending(`c${keys.hourly.campaign_id}`, hour, impressions, clicks, event.spendMicros);
      addPending(`s${keys.hourly.strategy_id}`, hour, impressions, clicks, event.spendMicros);
    }
    return 'counted';
  };

  const recordConversion = (conversion: DeliveryConversion): RecordResult => {
    const keys = conversionKeysOf(conversion.touch, conversion.at);
    if (!keys || !ID_PATTERN.test(conversion.trackingEventId)) return 'invalid';
    const auctionId = `tracking:${conversion.trackingEventId}`;
    const key = seenKey(auctionId, 'conversion');
    if (!remember(key)) return 'duplicate';
    events.push({
      auctionId,
      kind: 'conversion',
      key,
      column: COLUMN_INDEX.get(`conversions_${conversion.event}`) ?? null,
      device: '',
      seenAt: conversion.at,
      hourly: keys.hourly,
      daily: keys.daily,
      mediaCostMicros: 0n,
      spendMicros: 0n,
      timeZone: 'UTC',
    });
    return 'counted';
  };

  const touchesOf = async (deviceHash: string, since: Date): Promise<DeliveryTouch[]> => {
    const rows = await db
      .selectFrom('delivery_touches')
      .selectAll()
      .where('device_hash', '=', deviceHash)
      .where('touched_at', '>=', since)
      .orderBy('touched_at', 'desc')
      .limit(MAX_TOUCHES_READ)
      .execute();
    return rows.map((row) => ({
      kind: row.kind,
      touchedAt: new Date(row.touched_at),
      organizationId: String(row.organization_id),
      campaignId: String(row.campaign_id),
      strategyId: String(row.strategy_id),
      creativeId: String(row.creative_id),
      exchangeId: String(row.exchange_id),
      dealId: String(row.deal_id),
      country: row.country,
      region: row.region,
      deviceType: row.device_type,
      os: row.os,
      size: row.size,
      venueType: row.venue_type,
      publisher: row.publisher,
      bundle: row.bundle,
    }));
  };

  const strategyStats = (strategyId: string): StrategyStats => {
    const entry = running.get(`s${strategyId}`);
    return entry ? { impressions: entry.impressions, clicks: entry.clicks } : { impressions: 0, clicks: 0 };
  };

  const mayBid = (strategy: CompiledStrategy, now: Date): boolean => {
    if (!loaded || !isCurrent) return false;
    // "Today" is the campaign's local day, in the zone of its schedule (docs/engine.md "Time zones").
    const dayStart = localDayStart(now, strategy.schedule.timeZone).start.getTime();
    const { budget } = strategy;
    const share = BigInt(budget.budgetSharePercent);
    const campaign = totalOf(`c${strategy.campaignId}`, dayStart);
    const own = totalOf(`s${strategy.strategyId}`, dayStart);
    const isOver = (spent: bigint, limit: bigint | null, isShared: boolean): boolean =>
      limit !== null && spent >= (isShared ? (limit * share) / 100n : limit);
    // A daily timespan makes the campaign's budget a budget per day (§3 budget timespan).
    const isDailyBudget = budget.timespan === 'daily';
    const budgetSpentCampaign = isDailyBudget ? campaign.daySpend : campaign.lifetimeSpend;
    const budgetSpentStrategy = isDailyBudget ? own.daySpend : own.lifetimeSpend;
    if (isOver(budgetSpentCampaign, budget.campaignBudgetMicros, false)) return false;
    if (isOver(budgetSpentStrategy, budget.campaignBudgetMicros, true)) return false;
    if (isOver(campaign.daySpend, budget.dailyBudgetMicros, false)) return false;
    if (isOver(own.daySpend, budget.dailyBudgetMicros, true)) return false;
    if (budget.dailyImpressions !== null && campaign.dayImpressions >= budget.dailyImpressions) return false;
    if (budget.dailyClicks !== null && campaign.dayClicks >= budget.dailyClicks) return false;
    return true;
  };

  const campaignDay = (strategy: CompiledStrategy, now: Date): CampaignDay => {
    const dayStart = localDayStart(now, strategy.schedule.timeZone).start.getTime();
    const campaign = totalOf(`c${strategy.campaignId}`, dayStart);
    return {
      spend: campaign.daySpend,
      impressions: campaign.dayImpressions,
      clicks: campaign.dayClicks,
      spentBeforeToday: campaign.lifetimeSpend - campaign.daySpend,
    };
  };

  const totalsOf = (key: string, dayStart: number): SeedTotals | undefined => {
    if (!loaded || !isCurrent) return undefined;
    const day = totalOf(key, dayStart);
    const allTimeSpend = running.get(key)?.allTimeSpend ?? 0n;
    return {
      daySpend: day.daySpend,
      dayImpressions: day.dayImpressions,
      dayClicks: day.dayClicks,
      allTimeSpend,
      impressions: day.impressions,
      clicks: day.clicks,
      spendBeforeReset: allTimeSpend - day.lifetimeSpend,
    };
  };

  let sharedTimer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (isFlushing) return;
    flush().catch((error: unknown) => {
      logger.error({ err: error }, 'delivery counters: the flush failed; its counts stay for the next one');
    });
  };

  return {
    recordBid,
    recordEvent,
    recordConversion,
    touchesOf,
    strategyStats,
    mayBid,
    campaignDay,
    isReady: () => loaded !== null && isCurrent,
    isOverloaded: () => events.length + confirmed.length >= maxPendingEvents,
    totalsOf,
    start: async () => {
      await flush().catch((error: unknown) => {
        logger.error({ err: error }, 'delivery counters: the first flush failed');
      });
      if (flushMs > 0 && !timer) {
        timer = setInterval(tick, flushMs);
        timer.unref();
      }
      if (shared && flushMs > 0 && !sharedTimer) {
        sharedTimer = setInterval(() => {
          countShared().catch((error: unknown) => {
            logger.warn(
              { err: error },
              'delivery counters: the shared store could not count events; they wait',
            );
          });
        }, SHARED_COUNT_MS);
        sharedTimer.unref();
      }
    },
    flush,
    stop: async () => {
      if (timer) clearInterval(timer);
      if (sharedTimer) clearInterval(sharedTimer);
      timer = undefined;
      sharedTimer = undefined;
      await flush();
    },
  };
};
