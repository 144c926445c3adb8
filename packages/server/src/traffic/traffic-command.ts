/**
 * `beacon traffic` (`npm run traffic`) and the demo's own traffic (docs/engine.md "Traffic simulator"): the
 * options of the simulator read from the command line or the environment, and the runs that print or log it.
 */
import { fromMicros, isCurrency } from '@beacon/domain/dictionary/currencies';
import type { Db } from '../db/database';
import type { SimulatedDeal } from './generator';
import { createSimulator, type Simulator, type SimulatorOptions } from './simulator';

export const TRAFFIC_USAGE = `  traffic               play an ad exchange against a running Beacon: bid requests, auctions, events
    --target URL        the Beacon server (default http://127.0.0.1:$PORT, PORT default 8080)
    --exchange KEY      the exchange's key in /rtb/KEY (default demo)
    --token TOKEN       the exchange's token, when the target does not admit the simulator by its address
    --rate N            bid requests per second (default 20)
    --duration S        seconds to run; 0 runs until stopped (default 0)
    --seed N            the random seed: the same seed sends the same requests (default: from the clock,
                        printed; events of a replayed request are de-duplicated by the server)
    --clock ISO-TIME    start a simulated clock there: the requests' time (local hour mix); not the server's
    --deal ID[:FLOOR]   a deal id some impressions carry (repeatable); made-up deals of others are added
    --currency CODE     the exchange currency (default USD)
    --auction 1|2       first price (1, default) or second price (2)
    --concurrency N     most requests waiting for an answer at once; more are dropped (default 64)
`;

export type TrafficArgs = Readonly<Record<string, string | boolean | readonly string[] | undefined>>;

const text = (args: TrafficArgs, name: string): string | undefined => {
  const value = args[name];
  return typeof value === 'string' ? value : undefined;
};

const number = (args: TrafficArgs, name: string, fallback: number, min: number, max: number): number => {
  const raw = text(args, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
    throw new Error(`--${name} must be a number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
};

/** `--deal ID` or `--deal ID:FLOOR` (a CPM in the exchange currency). */
export const parseDeal = (raw: string): SimulatedDeal => {
  const colon = raw.lastIndexOf(':');
  const floorText = colon > 0 ? raw.slice(colon + 1) : '';
  const floor = floorText === '' ? Number.NaN : Number(floorText);
  if (colon > 0 && Number.isFinite(floor) && floor >= 0) return { id: raw.slice(0, colon), floor };
  if (raw.trim() === '') throw new Error('--deal needs a deal id');
  return { id: raw };
};

/** The simulator's options from `beacon traffic`'s arguments; throws an Error with the message to print. */
export const trafficOptionsFromArgs = (
  args: TrafficArgs,
  env: Readonly<Record<string, string | undefined>>,
): Omit<SimulatorOptions, 'report'> => {
  const target = text(args, 'target') ?? `http://127.0.0.1:${env.PORT || '8080'}`;
  try {
    const url = new URL(target);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new Error(`--target must be an http(s) URL (got "${target}")`);
  }
  const exchange = text(args, 'exchange') ?? 'demo';
  if (!/^[a-z0-9][a-z0-9_-]{0,39}$/.test(exchange))
    throw new Error(`--exchange is not an exchange key: "${exchange}"`);
  const clockText = text(args, 'clock');
  const clockStart = clockText === undefined ? undefined : new Date(clockText);
  if (clockStart !== undefined && Number.isNaN(clockStart.getTime())) {
    throw new Error(`--clock must be an ISO date and time, e.g. 2026-11-27T08:00:00Z (got "${clockText}")`);
  }
  const currency = (text(args, 'currency') ?? 'USD').toUpperCase();
  if (!isCurrency(currency.toLowerCase()))
    throw new Error(`--currency is not a currency Beacon knows: "${currency}"`);
  const auction = text(args, 'auction') ?? '1';
  if (auction !== '1' && auction !== '2')
    throw new Error(`--auction must be 1 (first price) or 2 (second price)`);
  const dealArgs = args.deal;
  const deals = (Array.isArray(dealArgs) ? dealArgs : typeof dealArgs === 'string' ? [dealArgs] : []).map(
    parseDeal,
  );
  return {
    target,
    exchange,
    token: text(args, 'token'),
    rate: number(args, 'rate', 20, 0.01, 100_000),
    durationSeconds: number(args, 'duration', 0, 0, 31 * 86_400),
    // Request ids come from the seed and the server counts each auction's events once: a new run needs new ids.
    seed: Math.trunc(number(args, 'seed', Date.now() % 0xffffffff, 0, 0xffffffff)),
    clockStart,
    currency,
    auctionType: auction === '1' ? 1 : 2,
    deals,
    concurrency: Math.trunc(number(args, 'concurrency', 64, 1, 10_000)),
  };
};

/** Runs `beacon traffic` until its duration ends or SIGINT/SIGTERM; prints a line every 5 s and a final one. */
export const runTrafficCommand = async (args: TrafficArgs): Promise<void> => {
  const options = trafficOptionsFromArgs(args, process.env);
  const write = (line: string) => process.stdout.write(`${line}\n`);
  write(
    `Sending ${options.rate} bid requests/s to ${new URL(`/rtb/${options.exchange}`, options.target)}` +
      `${options.durationSeconds > 0 ? ` for ${options.durationSeconds} s` : ' (Ctrl+C stops)'}, seed ${options.seed}.`,
  );
  const simulator = createSimulator({
    ...options,
    report: ({ line, errors, isFinal }) => {
      write(`${isFinal ? 'final: ' : ''}${line}`);
      for (const error of errors.slice(0, 10)) process.stderr.write(`  error: ${error}\n`);
    },
  });
  const stop = () => void simulator.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const stats = await simulator.run();
  const reasons = Object.entries(stats.noBidReasons)
    .map(([reason, count]) => `${reason}: ${count}`)
    .join(', ');
  if (reasons !== '') write(`no-bid reasons (nbr): ${reasons}`);
};

/** Default rate of the demo's own traffic (BEACON_DEMO_TRAFFIC unset): low, so a laptop stays quiet. */
export const DEFAULT_DEMO_TRAFFIC_RATE = 2;

/**
 * BEACON_DEMO_TRAFFIC: unset runs the demo traffic at DEFAULT_DEMO_TRAFFIC_RATE requests/s, `0` or `off`
 * turns it off, a positive number sets the rate. Throws on anything else.
 */
export const demoTrafficRate = (env: Readonly<Record<string, string | undefined>>): number => {
  const raw = env.BEACON_DEMO_TRAFFIC?.trim();
  if (raw === undefined || raw === '') return DEFAULT_DEMO_TRAFFIC_RATE;
  if (raw.toLowerCase() === 'off') return 0;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1000) {
    throw new Error(`BEACON_DEMO_TRAFFIC must be 0 (off) or requests per second up to 1000 (got "${raw}")`);
  }
  return value;
};

/** How often the demo traffic logs its counts (the CLI prints every 5 s; a server log wants less). */
const DEMO_REPORT_MS = 60_000;

/** The exchange key the demo traffic plays (seeded by db/seed/demo-exchanges.ts). */
export const DEMO_TRAFFIC_EXCHANGE = 'demo';

/**
 * What the demo traffic needs from the database: the demo exchange's currency and auction type (undefined when
 * it is missing, deleted or disabled: then there is no demo traffic) and the active deals' ids, with their floors
 * when they are in the exchange's currency.
 */
export const readDemoTrafficSetup = async (
  db: Db,
): Promise<{ currency: string; auctionType: 1 | 2; deals: SimulatedDeal[] } | undefined> => {
  const exchange = await db
    .selectFrom('exchanges')
    .select(['currency', 'auction_type'])
    .where('key', '=', DEMO_TRAFFIC_EXCHANGE)
    .where('deleted_at', 'is', null)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (exchange === undefined) return undefined;
  const deals = await db
    .selectFrom('deals')
    .select(['external_id', 'floor_price', 'currency'])
    .where('deleted_at', 'is', null)
    .where('state', '=', 'active')
    .orderBy('id')
    .limit(100)
    .execute();
  return {
    currency: exchange.currency.toUpperCase(),
    auctionType: exchange.auction_type === 2 ? 2 : 1,
    deals: deals.map((deal) =>
      deal.currency === exchange.currency
        ? { id: deal.external_id, floor: Number(fromMicros(BigInt(deal.floor_price))) }
        : { id: deal.external_id },
    ),
  };
};

/**
 * Starts the demo's own traffic against the server's own address (`npm start` on the embedded database), at a
 * low rate, until stopped; counts and errors go to the server log.
 */
export const startDemoTraffic = ({
  target,
  rate,
  setup,
  log,
}: {
  target: string;
  rate: number;
  setup: { currency: string; auctionType: 1 | 2; deals: readonly SimulatedDeal[] };
  log: { info: (object: object, message: string) => void; warn: (object: object, message: string) => void };
}): Simulator => {
  const simulator = createSimulator({
    target,
    exchange: DEMO_TRAFFIC_EXCHANGE,
    rate,
    durationSeconds: 0,
    // A new seed per start: a restarted demo does not replay the same requests (and their de-duplicated events).
    seed: Date.now() % 0xffffffff,
    currency: setup.currency,
    auctionType: setup.auctionType,
    deals: setup.deals,
    concurrency: 16,
    reportEveryMs: DEMO_REPORT_MS,
    report: ({ line, errors }) => {
      log.info({ traffic: line }, 'demo traffic');
      if (errors.length > 0) log.warn({ errors: errors.slice(0, 10) }, 'demo traffic errors');
    },
  });
  void simulator.run();
  return simulator;
};
