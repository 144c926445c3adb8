/**
 * The demo's 30-day history (docs/engine.md "Demo history"): the traffic simulator plays the demo exchange
 * against the real engine on a simulated clock, hour by hour, up to the moment the demo was seeded. Nothing is
 * typed in: the bidder decides with the strategy index compiled from the demo campaigns and asks the delivery
 * counters' `mayBid` (so budgets hold exactly as they do live), each bid carries its signed ticket, the
 * simulator's auction and viewer behaviour call the bid's own tracking URLs, the event intake counts them into
 * the counters, and the counters' flush writes every rollup row. Conversions are postbacks recorded and
 * attributed by the tracking module, as a measurement tool would send them.
 *
 * - Deterministic: each hour's requests and outcomes come from a seed derived from the plan's seed and the hour,
 *   so auction ids (`{exchange}:{request.id}:{imp.id}`) are the same on every run.
 * - Once per installation: the plan (a `platform_settings` row) is written after the demo seed and marked done
 *   at the end. A few hours are flushed in one transaction, so a run that stops resumes after the last hour
 *   that has rows in `delivery_hourly` and counts nothing twice (a postback stored just before a stop is lost,
 *   not doubled).
 * - Polite: it yields to the event loop every few requests; the server answers meanwhile.
 */

import { fromMicros } from '@beacon/domain/dictionary/currencies';
import { isPostbackTrackingTool, type PostbackTrackingTool } from '@beacon/domain/dictionary/postback';
import { sql } from 'kysely';
import type { Deps } from '../app-types';
import type { Db } from '../db/database';
import { Bidder, BidderStatePoller } from '../engine/bidder';
import { createDeliveryCounters } from '../engine/delivery-counters';
import { EVENT_PATH_PREFIX, isEventKind } from '../engine/event-ticket';
import { StrategyIndex } from '../engine/index-store';
import { NO_BID_REASONS, parseBidRequest } from '../engine/openrtb';
import type { CompiledStrategy } from '../engine/strategy-index';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { installationSecret } from '../lib/installation-secrets';
import { createEventIntake } from '../modules/events/events.service';
import { recordTrackingHit } from '../modules/tracking/tracking.service';
import { trackingKeyOf } from '../modules/tracking/tracking-keys';
import { COUNTRIES } from './catalog';
import { createRandom, type Random } from './random';
import {
  createSimulator,
  type HttpClient,
  type HttpResponse,
  type SimulatorOptions,
  type TrafficStats,
} from './simulator';
import { DEMO_TRAFFIC_EXCHANGE, readDemoTrafficSetup } from './traffic-command';

/** The `platform_settings` key of the demo history's plan and, once it ran, its figures. */
export const DEMO_HISTORY_SETTING = 'demo_history';
/** How far back the history goes (the issue: at least 30 days). */
export const DEMO_HISTORY_DAYS = 30;
/**
 * Bid requests in a simulated hour at the busiest time of day (the quietest night hour gets about a tenth).
 * About 125,000 requests over 30 days: the demo's main live campaign shows about 175 impressions a day, and
 * the whole history takes about 40 s of CPU (docs/engine.md "Demo history").
 */
export const DEMO_HISTORY_PEAK_REQUESTS_PER_HOUR = 300;

/**
 * How long the live demo traffic waits after the history: an idle app's delivery counters read the rollups
 * again at least every minute (engine/delivery-counters.ts), and then their budgets count the history's spend.
 */
export const DEMO_TRAFFIC_AFTER_HISTORY_MS = 65_000;

const HOUR_MS = 3_600_000;
/** The simulated time an event call takes after the one before it (win, pixels, quartiles, click). */
const EVENT_STEP_MS = 700;
/**
 * Simulated hours written by one flush of the counters (one transaction, so a stopped run resumes after the
 * last one written). Between flushes the counters answer `mayBid` from memory, as they do live.
 */
const HOURS_PER_FLUSH = 6;
/** Requests played between two yields to the event loop. */
const YIELD_EVERY = 20;

/**
 * BEACON_DEMO_HISTORY: unset or `1`/`on`: the demo seed is followed by its 30-day history; `0` or `off`: not
 * (the e2e suite and the benchmarks). Throws on anything else.
 */
export const demoHistoryEnabled = (env: Readonly<Record<string, string | undefined>>): boolean => {
  const raw = env.BEACON_DEMO_HISTORY?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === '1' || raw === 'on') return true;
  if (raw === '0' || raw === 'off') return false;
  throw new Error(`BEACON_DEMO_HISTORY must be 1 (on) or 0 (off) (got "${env.BEACON_DEMO_HISTORY}")`);
};

// ---------------------------------------------------------------------------------------------------------
// The plan, kept in platform_settings

export type DemoHistoryPlan = {
  /** The first simulated hour (a UTC hour). */
  readonly from: Date;
  /** Where the history ends: the moment of the demo seed (the live demo traffic continues from there). */
  readonly until: Date;
  readonly seed: number;
  readonly peakRequestsPerHour: number;
};

export type DemoHistorySummary = {
  readonly days: number;
  /** Bid requests the run that completed the history sent the bidder (a resumed run: its own hours only). */
  readonly requests: number;
  /** The rest is read back from the rollups, over the plan's hours. */
  readonly bids: number;
  readonly impressions: number;
  readonly clicks: number;
  readonly conversions: number;
  /** Spend by campaign currency (upper case), micros. */
  readonly spend: Readonly<Record<string, string>>;
};

type StoredPlan = {
  state: 'pending' | 'done';
  from: string;
  until: string;
  seed: number;
  peakRequestsPerHour: number;
  summary?: DemoHistorySummary;
};

const hourStart = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** A plan ending at `now`, starting DEMO_HISTORY_DAYS before the start of its hour. */
export const demoHistoryPlanAt = (
  now: Date,
  options: { days?: number; seed?: number; peakRequestsPerHour?: number } = {},
): DemoHistoryPlan => ({
  from: new Date(hourStart(now).getTime() - (options.days ?? DEMO_HISTORY_DAYS) * 24 * HOUR_MS),
  until: now,
  seed: (options.seed ?? now.getTime() % 0xffffffff) >>> 0,
  peakRequestsPerHour: options.peakRequestsPerHour ?? DEMO_HISTORY_PEAK_REQUESTS_PER_HOUR,
});

/** Records the plan of the installation's history, unless one is recorded already (it keeps the first). */
export const recordDemoHistoryPlan = async (db: Db, plan: DemoHistoryPlan): Promise<void> => {
  const stored: StoredPlan = {
    state: 'pending',
    from: plan.from.toISOString(),
    until: plan.until.toISOString(),
    seed: plan.seed,
    peakRequestsPerHour: plan.peakRequestsPerHour,
  };
  await db
    .insertInto('platform_settings')
    .values({ key: DEMO_HISTORY_SETTING, value: JSON.stringify(stored) })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
};

const readStoredPlan = async (db: Db): Promise<StoredPlan | undefined> => {
  const row = await db
    .selectFrom('platform_settings')
    .select('value')
    .where('key', '=', DEMO_HISTORY_SETTING)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  try {
    return JSON.parse(row.value) as StoredPlan;
  } catch {
    return undefined;
  }
};

/** The recorded plan when its history has not been completed yet; undefined when none or done. */
export const pendingDemoHistory = async (db: Db): Promise<DemoHistoryPlan | undefined> => {
  const stored = await readStoredPlan(db);
  if (stored === undefined || stored.state !== 'pending') return undefined;
  const from = new Date(stored.from);
  const until = new Date(stored.until);
  if (Number.isNaN(from.getTime()) || Number.isNaN(until.getTime())) return undefined;
  return { from, until, seed: stored.seed >>> 0, peakRequestsPerHour: stored.peakRequestsPerHour };
};

/** The figures of a completed history, or undefined. */
export const completedDemoHistory = async (db: Db): Promise<DemoHistorySummary | undefined> => {
  const stored = await readStoredPlan(db);
  return stored?.state === 'done' ? stored.summary : undefined;
};

// ---------------------------------------------------------------------------------------------------------
// Volume by hour

/** Share of the busiest hour's requests at each local hour: quiet nights, a morning rise, an evening peak. */
const LOCAL_ACTIVITY = [
  0.22, 0.14, 0.1, 0.08, 0.08, 0.12, 0.25, 0.45, 0.62, 0.7, 0.74, 0.78, 0.82, 0.8, 0.76, 0.76, 0.8, 0.88,
  0.96, 1, 1, 0.9, 0.66, 0.4,
];

/**
 * The requests of a UTC hour: the busiest hour's count times the activity at each country's local hour,
 * weighted as the generator weighs the countries (it also shifts the mix of media by the local hour); only
 * `countries` when given (and known), like the generator.
 */
export const requestsInHour = (
  hour: Date,
  peakRequestsPerHour: number,
  countries?: readonly string[],
): number => {
  const wanted = new Set(countries ?? []);
  const markets = COUNTRIES.filter((country) => wanted.has(country.code));
  const mix = markets.length > 0 ? markets : COUNTRIES;
  const totalWeight = mix.reduce((sum, country) => sum + country.weight, 0);
  let share = 0;
  for (const country of mix) {
    const local = ((((hour.getUTCHours() * 60 + country.utcOffset) / 60) % 24) + 24) % 24;
    share += (country.weight / totalWeight) * (LOCAL_ACTIVITY[Math.floor(local)] ?? 0);
  }
  return Math.round(peakRequestsPerHour * share);
};

/** The seed of one simulated hour: the same plan replays the same hour wherever a run starts. */
const hourSeed = (seed: number, hour: Date): number => {
  let hash = (seed ^ 0x9e3779b9) >>> 0;
  const index = Math.floor(hour.getTime() / HOUR_MS);
  hash = Math.imul(hash ^ index, 0x85ebca6b) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35) >>> 0;
  return (hash ^ (hash >>> 16)) >>> 0;
};

// ---------------------------------------------------------------------------------------------------------
// The exchange's pretargeting

/**
 * The countries the history's exchange sends the bidder requests from: those its live strategies target (an
 * exchange sends a bidder the traffic it buys, by geography among others); undefined, every country, when a
 * strategy targets none. Requests from elsewhere would be answered "no bid" at once: not making them leaves
 * the time to traffic that can buy.
 */
export const marketsOf = (strategies: readonly CompiledStrategy[]): string[] | undefined => {
  const countries = new Set<string>();
  for (const strategy of strategies) {
    if (strategy.geo.countries.size === 0) return undefined;
    for (const country of strategy.geo.countries) countries.add(country.toUpperCase());
  }
  return [...countries].sort();
};

// ---------------------------------------------------------------------------------------------------------
// Conversions

/**
 * The conversions a measurement tool reports for campaigns that use one: the share of clicks and of rendered
 * impressions (with an advertising id) followed by event 1 (an install), and of those the share followed by
 * event 2.
 */
export type ConversionRates = {
  readonly afterClick: number;
  readonly afterImpression: number;
  readonly secondEvent: number;
};
export const DEMO_CONVERSION_RATES: ConversionRates = {
  afterClick: 0.2,
  afterImpression: 0.004,
  secondEvent: 0.3,
};

type CampaignInfo = { organizationId: string; tool: PostbackTrackingTool | null };
type PendingConversion = {
  at: number;
  organizationId: string;
  campaignId: string;
  tool: PostbackTrackingTool;
  deviceId: string;
  clickId: string;
  event: 1 | 2;
};

// ---------------------------------------------------------------------------------------------------------
// The run

export type DemoHistoryRun = {
  /** The figures when it completed; undefined when it was stopped (it resumes on the next start). */
  readonly done: Promise<DemoHistorySummary | undefined>;
  /** Stops after the request being played; the hours since the last flush are not written (a resume plays them). */
  readonly stop: () => Promise<void>;
};

export type DemoHistoryOptions = {
  /** The app's dependencies (database, configuration, logger), once the app is ready. */
  readonly deps: Deps;
  readonly plan: DemoHistoryPlan;
  /** Stop after this many simulated hours, leaving the plan pending (tests of resuming). */
  readonly maxHours?: number;
  /** Click-through rates by kind instead of the simulator's (tests that need clicks). */
  readonly clickRates?: SimulatorOptions['clickRates'];
  readonly conversionRates?: ConversionRates;
};

class Stopped extends Error {}

const response = (status: number, body = '', headers: Record<string, string> = {}): HttpResponse => ({
  status,
  body,
  header: (name) => headers[name.toLowerCase()] ?? null,
});

/** The hour after the last one the history wrote, or the plan's start. */
const resumeHour = async (db: Db, plan: DemoHistoryPlan, exchangeId: string): Promise<Date> => {
  const row = await db
    .selectFrom('delivery_hourly')
    .select(sql<string | Date | null>`max(hour)`.as('last'))
    .where('exchange_id', '=', exchangeId)
    .where('hour', '>=', plan.from)
    .where('hour', '<', plan.until)
    .executeTakeFirst();
  const last = row?.last == null ? null : new Date(row.last);
  return last === null ? plan.from : new Date(last.getTime() + HOUR_MS);
};

const summaryOf = async (
  db: Db,
  plan: DemoHistoryPlan,
  exchangeId: string,
  requests: number,
): Promise<DemoHistorySummary> => {
  const rows = await db
    .selectFrom('delivery_hourly as h')
    .innerJoin('campaigns as c', 'c.id', 'h.campaign_id')
    .select([
      'c.currency',
      sql<string>`sum(h.bids)`.as('bids'),
      sql<string>`sum(h.impressions)`.as('impressions'),
      sql<string>`sum(h.clicks)`.as('clicks'),
      sql<string>`sum(h.conversions_1 + h.conversions_2 + h.conversions_3 + h.conversions_4 + h.conversions_5)`.as(
        'conversions',
      ),
      sql<string>`sum(h.spend_micros)`.as('spend'),
    ])
    .where('h.exchange_id', '=', exchangeId)
    .where('h.hour', '>=', plan.from)
    .where('h.hour', '<', plan.until)
    .groupBy('c.currency')
    .orderBy('c.currency')
    .execute();
  const total = (column: 'bids' | 'impressions' | 'clicks' | 'conversions') =>
    rows.reduce((sum, row) => sum + Number(row[column]), 0);
  return {
    days: Math.round(((plan.until.getTime() - plan.from.getTime()) / (24 * HOUR_MS)) * 10) / 10,
    requests,
    bids: total('bids'),
    impressions: total('impressions'),
    clicks: total('clicks'),
    conversions: total('conversions'),
    spend: Object.fromEntries(rows.map((row) => [row.currency.toUpperCase(), String(row.spend)])),
  };
};

/** One line for the server log: days, requests, impressions, spend. */
export const formatDemoHistory = (summary: DemoHistorySummary, elapsedMs?: number): string => {
  const spend = Object.entries(summary.spend)
    .map(([currency, micros]) => `${fromMicros(BigInt(micros))} ${currency}`)
    .join(' + ');
  return [
    `${summary.days} days`,
    `${summary.requests} requests`,
    `${summary.bids} bids`,
    `${summary.impressions} impressions`,
    `${summary.clicks} clicks`,
    `${summary.conversions} conversions`,
    `spend ${spend === '' ? '0' : spend}`,
    ...(elapsedMs === undefined ? [] : [`made in ${(elapsedMs / 1000).toFixed(1)} s`]),
  ].join(' · ');
};

/**
 * Plays the plan's hours from where the history stopped (or its start) to its end, then marks it done. Resolves
 * `done` with the figures read back from the rollups; rejects when the database fails (the plan stays pending).
 */
export const runDemoHistory = ({
  deps,
  plan,
  maxHours,
  clickRates,
  conversionRates = DEMO_CONVERSION_RATES,
}: DemoHistoryOptions): DemoHistoryRun => {
  const { db, logger } = deps;
  let stopRequested = false;
  let simulatedMs = plan.from.getTime();
  let indexMs = plan.from.getTime();
  /** The bidder, the counters and the intake live at the simulated time of the request being played. */
  const clock: Clock = { now: () => new Date(simulatedMs) };
  /** The index and the bidder state are read at the start of each simulated hour, and fresh all through it. */
  const hourClock: Clock = { now: () => new Date(indexMs) };

  const run = async (): Promise<DemoHistorySummary | undefined> => {
    const setup = await readDemoTrafficSetup(db);
    const exchangeRow = await db
      .selectFrom('exchanges')
      .select('id')
      .where('key', '=', DEMO_TRAFFIC_EXCHANGE)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const counters = createDeliveryCounters({ db, clock, logger, flushMs: 0 });
    const historyDeps: Deps = { ...deps, clock, delivery: counters };
    const intake = createEventIntake(historyDeps);
    const index = new StrategyIndex({ db, clock: hourClock });
    const bidder = new Bidder({
      db,
      clock,
      index,
      state: new BidderStatePoller({ db, clock: hourClock }),
      sink: () => counters,
      publicUrl: deps.config.publicUrl,
    });
    /** Requests the exchange sent the bidder (those of hours already written by an earlier run excluded). */
    let admitted = 0;
    if (setup !== undefined && exchangeRow !== undefined) {
      const exchangeId = String(exchangeRow.id);
      let hour = await resumeHour(db, plan, exchangeId);
      simulatedMs = hour.getTime();
      indexMs = hour.getTime();
      await counters.start();
      if (!counters.isReady()) throw new Error('the delivery totals could not be read');
      const campaigns = new Map<string, CampaignInfo>(
        (await db.selectFrom('campaigns').select(['id', 'organization_id', 'tracking_tool']).execute()).map(
          (row) => [
            String(row.id),
            {
              organizationId: String(row.organization_id),
              tool:
                row.tracking_tool !== null && isPostbackTrackingTool(row.tracking_tool)
                  ? row.tracking_tool
                  : null,
            },
          ],
        ),
      );
      const trackingSecret = await installationSecret(db, 'tracking');
      let hoursPlayed = 0;
      /** The postbacks of the touches since the last flush (they need the touches written first). */
      let conversions: PendingConversion[] = [];

      while (hour.getTime() < plan.until.getTime()) {
        if (maxHours !== undefined && hoursPlayed >= maxHours) return undefined;
        const hourEnd = Math.min(hour.getTime() + HOUR_MS, plan.until.getTime());
        indexMs = hour.getTime();
        simulatedMs = hour.getTime();
        await bidder.refresh();
        if (bidder.state() === undefined || !index.isHealthy())
          throw new Error('the strategy index or the bidder state could not be read');
        const markets = marketsOf(index.strategies());

        const seed = hourSeed(plan.seed, hour);
        const behaviour: Random = createRandom(seed ^ 0x27d4eb2f);
        /** What the bidder answered about each ticket of the request being played: its device and campaign. */
        const tickets = new Map<string, { ifa: string; campaignId: string }>();
        const noteTouch = (kind: 'impression' | 'click', ticket: string, at: number) => {
          const info = tickets.get(ticket);
          const campaign = info === undefined ? undefined : campaigns.get(info.campaignId);
          if (info === undefined || campaign === undefined || campaign.tool === null || info.ifa === '')
            return;
          const rate = kind === 'click' ? conversionRates.afterClick : conversionRates.afterImpression;
          if (!behaviour.chance(rate)) return;
          // Within minutes of the touch (and within its hour: the hour is written as a whole).
          const first: PendingConversion = {
            at: Math.min(at + behaviour.int(60_000, 40 * 60_000), hourEnd - 1),
            organizationId: campaign.organizationId,
            campaignId: info.campaignId,
            tool: campaign.tool,
            deviceId: info.ifa,
            clickId: `demo-${ticket.slice(-22)}-1`,
            event: 1,
          };
          conversions.push(first);
          if (behaviour.chance(conversionRates.secondEvent)) {
            conversions.push({
              ...first,
              at: Math.min(first.at + behaviour.int(60_000, 15 * 60_000), hourEnd - 1),
              clickId: `demo-${ticket.slice(-22)}-2`,
              event: 2,
            });
          }
        };

        const http: HttpClient = async (request) => {
          const url = new URL(request.url);
          if (request.method === 'POST' && url.pathname === `/rtb/${DEMO_TRAFFIC_EXCHANGE}`) {
            // What POST /rtb/{exchange} does (modules/rtb), from the bidder state read for this hour.
            const state = bidder.state();
            if (state === undefined) return response(204, '', { 'x-openrtb-nbr': '1' });
            const exchange = state.exchanges.get(DEMO_TRAFFIC_EXCHANGE);
            if (exchange === undefined) return response(404);
            if (!exchange.enabled || !state.biddingEnabled) return response(204);
            admitted += 1;
            const parsed = parseBidRequest(request.body ?? '');
            if (!parsed.ok)
              return response(204, '', { 'x-openrtb-nbr': String(NO_BID_REASONS.INVALID_REQUEST) });
            const answer = await bidder.bid(exchange, parsed.request, state);
            if (answer.kind === 'no_bid') return response(204, '', { 'x-openrtb-nbr': String(answer.nbr) });
            const device = parsed.request.device;
            const ifa = device?.lmt === 1 ? '' : (device?.ifa ?? '');
            tickets.clear();
            for (const seat of answer.response.seatbid ?? []) {
              for (const bid of seat.bid) {
                const ticket = bid.nurl === undefined ? null : new URL(bid.nurl).searchParams.get('t');
                if (ticket !== null) tickets.set(ticket, { ifa, campaignId: bid.cid ?? '' });
              }
            }
            return response(200, JSON.stringify(answer.response));
          }
          const prefix = `${EVENT_PATH_PREFIX}/`;
          if (request.method === 'GET' && url.pathname.startsWith(prefix)) {
            // Each call of the ad's life comes a moment after the one before, within the hour.
            simulatedMs = Math.min(simulatedMs + EVENT_STEP_MS, hourEnd - 1);
            const kind = url.pathname.slice(prefix.length);
            if (!isEventKind(kind)) return response(404);
            const ticket = url.searchParams.get('t') ?? undefined;
            try {
              const answer = await intake.receive(kind, ticket, url.searchParams.get('p') ?? undefined);
              if ((kind === 'impression' || kind === 'click') && ticket !== undefined)
                noteTouch(kind, ticket, simulatedMs);
              if (answer.type === 'redirect') return response(302, '', { location: answer.url });
              return response(answer.type === 'pixel' ? 200 : 204);
            } catch (error) {
              if (error instanceof AppError) return response(error.code === 'EVENT_EXPIRED' ? 410 : 400);
              throw error;
            }
          }
          return response(404);
        };

        const simulator = createSimulator({
          target: deps.config.publicUrl,
          exchange: DEMO_TRAFFIC_EXCHANGE,
          rate: 1,
          durationSeconds: 0,
          seed,
          currency: setup.currency,
          auctionType: setup.auctionType,
          deals: setup.deals,
          ...(markets === undefined ? {} : { countries: markets }),
          concurrency: 1,
          ...(clickRates === undefined ? {} : { clickRates }),
          http,
          now: () => simulatedMs,
        });
        const count = Math.round(
          requestsInHour(hour, plan.peakRequestsPerHour, markets) * ((hourEnd - hour.getTime()) / HOUR_MS),
        );
        for (let index = 0; index < count; index += 1) {
          if (stopRequested) throw new Stopped();
          simulatedMs = hour.getTime() + Math.floor(((index + 0.5) * (hourEnd - hour.getTime())) / count);
          await simulator.sendOne();
          if (index % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
        }
        const stats: TrafficStats = simulator.stats();
        if (stats.errors > 0 || stats.eventErrors > 0) {
          logger.warn(
            { hour: hour.toISOString(), errors: stats.errors + stats.eventErrors },
            'demo history: errors',
          );
        }
        hoursPlayed += 1;
        hour = new Date(hour.getTime() + HOUR_MS);
        const isLast = hour.getTime() >= plan.until.getTime();
        const isStopping = maxHours !== undefined && hoursPlayed >= maxHours;
        if (isLast || isStopping || hoursPlayed % HOURS_PER_FLUSH === 0) {
          // These hours' bids and events go in one transaction: resuming starts after the last hour written.
          simulatedMs = hourEnd - 1;
          await counters.flush();
          // The measurement tool's postbacks for their touches, now that the flush wrote them; counted by a
          // second flush (a run stopped between the two loses them, and counts nothing twice).
          conversions.sort((a, b) => a.at - b.at || (a.clickId < b.clickId ? -1 : 1));
          for (const conversion of conversions) {
            simulatedMs = conversion.at;
            await recordTrackingHit(historyDeps, {
              key: trackingKeyOf(trackingSecret, conversion.organizationId),
              event: String(conversion.event),
              fields: {
                tool: conversion.tool,
                click_id: conversion.clickId,
                device_id: conversion.deviceId,
                campaign_id: conversion.campaignId,
              },
              ip: '',
            });
          }
          if (conversions.length > 0) await counters.flush();
          conversions = [];
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const summary =
      exchangeRow === undefined
        ? await summaryOf(db, plan, '0', admitted)
        : await summaryOf(db, plan, String(exchangeRow.id), admitted);
    const stored: StoredPlan = {
      state: 'done',
      from: plan.from.toISOString(),
      until: plan.until.toISOString(),
      seed: plan.seed,
      peakRequestsPerHour: plan.peakRequestsPerHour,
      summary,
    };
    await db
      .updateTable('platform_settings')
      .set({ value: JSON.stringify(stored) })
      .where('key', '=', DEMO_HISTORY_SETTING)
      .execute();
    return summary;
  };

  const done = run().catch((error: unknown) => {
    if (error instanceof Stopped) return undefined;
    throw error;
  });
  return {
    done,
    stop: async () => {
      stopRequested = true;
      await done.catch(() => undefined);
    },
  };
};
