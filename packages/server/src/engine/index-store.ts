/**
 * The bidder's in-memory index of live strategies (DESIGN §8, decision 040): compiled from the database
 * (compile.ts), looked up without a database round trip, refreshed when a cheap change marker moves, and
 * failing closed: when its state cannot be read, or is older than it may be, it answers no strategy at all.
 */
import { CPM_BOUNDS, type Currency, toMicros } from '@beacon/domain/dictionary/currencies';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { type CompiledIndex, compileLiveStrategies, readChangeMarker } from './compile';
import type { TBidRequest, TImp } from './openrtb';
import { PollLoop, type PollTimer } from './poll-loop';
import { type PrefilterProfile, profileOf } from './prefilter';
import { hasFixedOffer } from './price';
import type { CompiledCreative, CompiledStrategy } from './strategy-index';
import { deviceTypesOf } from './targeting';

/** How often the change marker is read: a console change is live within about this, well inside 5 s. */
export const DEFAULT_POLL_INTERVAL_MS = 1_000;
/** An index older than this (no successful poll since) is not used: the bidder does not bid on stale state. */
export const DEFAULT_MAX_STALENESS_MS = 5_000;

export type StrategyIndexOptions = {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly pollIntervalMs?: number;
  readonly maxStalenessMs?: number;
  readonly maxAudienceHashes?: number;
  readonly timer?: PollTimer;
  /** Told of every failed load or poll (the caller logs it); the store has already failed closed. */
  readonly onError?: (error: unknown) => void;
};

export type RefreshOutcome = 'rebuilt' | 'unchanged' | 'failed';

// ---------------------------------------------------------------------------------------------------------
// Lookup structures

/**
 * What a request's supply allows (checkCampaignTypeSupply): DOOH strategies buy only screens, Connected TV
 * strategies only connected-TV devices, the other types anything but screens.
 */
type SupplyClass = 'dooh' | 'ctv' | 'general';
const supplyClassOf = (strategy: CompiledStrategy): SupplyClass =>
  strategy.campaignType === 'dooh' ? 'dooh' : strategy.campaignType === 'smart-tv' ? 'ctv' : 'general';
const requestSupplyClasses = (request: TBidRequest): readonly SupplyClass[] => {
  if (request.dooh !== undefined) return ['dooh'];
  return deviceTypesOf(request).includes('connectedtv') ? ['general', 'ctv'] : ['general'];
};

type Media = CompiledCreative['kind'];
const impMedia = (imp: TImp): Media[] => {
  const media: Media[] = [];
  if (imp.banner !== undefined) media.push('banner');
  if (imp.video !== undefined) media.push('video');
  if (imp.audio !== undefined) media.push('audio');
  if (imp.native !== undefined) media.push('native');
  return media;
};

/** Strategies that target no country are under this key. */
const ANY_COUNTRY = '*';

const bucketKey = (country: string, supply: SupplyClass, media: Media): string =>
  `${country}|${supply}|${media}`;

/**
 * Buckets by country, supply class and creative media: the rules that every request can answer with one set
 * lookup, and that reject most strategies for a given request. A strategy lies in the buckets of each of its
 * countries (or ANY_COUNTRY) and of each media its creatives have; a lookup reads the request's country and
 * ANY_COUNTRY. Only strategies that the rules would reject are left out, so `evaluate` over the candidates
 * answers what it answers over all strategies (index-store.test.ts checks this on random requests).
 */
export const bucketsOf = (strategies: readonly CompiledStrategy[]): Map<string, CompiledStrategy[]> => {
  const buckets = new Map<string, CompiledStrategy[]>();
  for (const strategy of strategies) {
    const countries = strategy.geo.countries.size === 0 ? [ANY_COUNTRY] : [...strategy.geo.countries];
    const media = new Set(strategy.creatives.map((creative) => creative.kind));
    const supply = supplyClassOf(strategy);
    for (const country of countries) {
      for (const kind of media) {
        const key = bucketKey(country, supply, kind);
        const bucket = buckets.get(key);
        if (bucket === undefined) buckets.set(key, [strategy]);
        else bucket.push(strategy);
      }
    }
  }
  return buckets;
};

/** The strategies of the buckets a request and one of its impressions reach; each strategy once. */
export const candidatesIn = (
  buckets: ReadonlyMap<string, readonly CompiledStrategy[]>,
  request: TBidRequest,
  imp: TImp,
): CompiledStrategy[] => {
  const country = request.device?.geo?.country?.trim().toUpperCase();
  const countries = country === undefined || country === '' ? [ANY_COUNTRY] : [country, ANY_COUNTRY];
  const media = impMedia(imp);
  const found: CompiledStrategy[] = [];
  const seen = media.length > 1 ? new Set<CompiledStrategy>() : undefined;
  for (const key of countries) {
    for (const supply of requestSupplyClasses(request)) {
      for (const kind of media) {
        for (const strategy of buckets.get(bucketKey(key, supply, kind)) ?? []) {
          if (seen !== undefined) {
            if (seen.has(strategy)) continue;
            seen.add(strategy);
          }
          found.push(strategy);
        }
      }
    }
  }
  return found;
};

// ---------------------------------------------------------------------------------------------------------
// Candidates in offer order

/**
 * Candidates that bid in one currency and one way, in an order along which their offer (price.ts `offerOf`)
 * never rises: CPM strategies without a goal by their bid within the §9 maximum, highest first (the offer is that
 * CPM times the impression's multiplier, converted to the response currency: monotonic in it); CPC strategies and
 * strategies with a goal in no order, as their offer moves with their learnt rates and the request's placement
 * (the bidder orders them per request; decision 051).
 */
export type CandidateRun = {
  readonly currency: Currency;
  readonly ordered: boolean;
  readonly strategies: readonly CompiledStrategy[];
  /** The prefilter's view of each strategy (prefilter.ts), at the same positions. */
  readonly profiles: readonly PrefilterProfile[];
  /** The one profile all its strategies share, when they do: the prefilter then looks at the run once. */
  readonly profile: PrefilterProfile | undefined;
};

/**
 * Up to this many profiles in one currency and pricing way, a bucket keeps a run per profile (a request then
 * passes over a whole run the prefilter refuses, and merges the few left); past it, one run whose candidates
 * the prefilter looks at one by one (the merge reads every run at each step).
 */
export const MAX_PROFILE_RUNS = 16;

const cappedBidOf = (strategy: CompiledStrategy): bigint => {
  const max = toMicros(CPM_BOUNDS[strategy.currency].max);
  return strategy.bidMicros > max ? max : strategy.bidMicros;
};

/**
 * The runs of a set of strategies (each strategy once): one per currency, pricing way and prefilter profile, or
 * one per currency and pricing way when their profiles are too many (MAX_PROFILE_RUNS).
 */
export const runsOf = (strategies: readonly CompiledStrategy[]): CandidateRun[] => {
  const groups = new Map<string, { currency: Currency; ordered: boolean; strategies: CompiledStrategy[] }>();
  for (const strategy of strategies) {
    const ordered = hasFixedOffer(strategy);
    const key = `${strategy.currency}|${ordered}`;
    const group = groups.get(key);
    if (group === undefined)
      groups.set(key, { currency: strategy.currency, ordered, strategies: [strategy] });
    else group.strategies.push(strategy);
  }
  const runs: CandidateRun[] = [];
  for (const group of groups.values()) {
    let { strategies } = group;
    if (group.ordered) {
      const keyed = strategies.map((strategy) => ({ strategy, bid: cappedBidOf(strategy) }));
      keyed.sort((a, b) => (a.bid > b.bid ? -1 : a.bid < b.bid ? 1 : 0));
      strategies = keyed.map((entry) => entry.strategy);
    }
    const byProfile = new Map<PrefilterProfile, CompiledStrategy[]>();
    for (const strategy of strategies) {
      const profile = profileOf(strategy);
      const same = byProfile.get(profile);
      if (same === undefined) byProfile.set(profile, [strategy]);
      else same.push(strategy);
    }
    if (byProfile.size > MAX_PROFILE_RUNS) {
      runs.push({ ...group, strategies, profiles: strategies.map(profileOf), profile: undefined });
      continue;
    }
    for (const [profile, same] of byProfile) {
      runs.push({ ...group, strategies: same, profiles: same.map(() => profile), profile });
    }
  }
  return runs;
};

/**
 * The runs a request and one of its impressions reach, each strategy in one run only: the runs of the buckets
 * when the impression has one media (a strategy is in one country bucket of a request, its own or ANY_COUNTRY,
 * and in one supply class), else the runs of the candidates gathered once.
 */
export const candidateRunsIn = (
  buckets: ReadonlyMap<string, readonly CompiledStrategy[]>,
  runs: ReadonlyMap<string, readonly CandidateRun[]>,
  request: TBidRequest,
  imp: TImp,
): CandidateRun[] => {
  const media = impMedia(imp);
  const kind = media[0];
  if (media.length !== 1 || kind === undefined) return runsOf(candidatesIn(buckets, request, imp));
  const country = request.device?.geo?.country?.trim().toUpperCase();
  const countries = country === undefined || country === '' ? [ANY_COUNTRY] : [country, ANY_COUNTRY];
  const found: CandidateRun[] = [];
  for (const key of countries) {
    for (const supply of requestSupplyClasses(request)) {
      for (const run of runs.get(bucketKey(key, supply, kind)) ?? []) found.push(run);
    }
  }
  return found;
};

// ---------------------------------------------------------------------------------------------------------
// The store

type Loaded = {
  readonly index: CompiledIndex;
  readonly buckets: ReadonlyMap<string, readonly CompiledStrategy[]>;
  readonly runs: ReadonlyMap<string, readonly CandidateRun[]>;
  readonly byId: ReadonlyMap<string, CompiledStrategy>;
  /** The UTC day it was compiled for: flights are compiled a day around it, so a new day compiles again. */
  readonly day: string;
};

const utcDayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** Whether a compiled list holds a capped strategy, worked out once per list. */
const cappedOf = new WeakMap<readonly CompiledStrategy[], boolean>();

export class StrategyIndex {
  readonly #options: StrategyIndexOptions;
  readonly #maxStalenessMs: number;
  readonly #loop: PollLoop<RefreshOutcome>;
  #loaded: Loaded | null = null;
  #lastSuccessAt: number | null = null;
  #failing = false;

  constructor(options: StrategyIndexOptions) {
    this.#options = options;
    this.#maxStalenessMs = options.maxStalenessMs ?? DEFAULT_MAX_STALENESS_MS;
    this.#loop = new PollLoop(() => this.#poll(), {
      intervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
      ...(options.timer === undefined ? {} : { timer: options.timer }),
    });
  }

  /** Loads the index, then polls the change marker every interval until `stop()`. A failed load polls too. */
  start(): Promise<void> {
    return this.#loop.start();
  }

  /** Stops polling; the index keeps answering until it is older than it may be. */
  stop(): void {
    this.#loop.stop();
  }

  /**
   * One poll: reads the marker and compiles again when it moved, when the UTC day turned, or when the last
   * attempt failed. A failure leaves the store unhealthy (and its lookups empty) until a poll succeeds.
   */
  refresh(): Promise<RefreshOutcome> {
    return this.#loop.refresh();
  }

  /** True when the index was read and is fresh: the last poll succeeded within the staleness bound. */
  isHealthy(): boolean {
    if (this.#loaded === null || this.#failing || this.#lastSuccessAt === null) return false;
    return this.#options.clock.now().getTime() - this.#lastSuccessAt <= this.#maxStalenessMs;
  }

  /** Whether a live strategy has a frequency cap, or its campaign one (a shared cap store is then read). */
  hasCaps(): boolean {
    const strategies = this.strategies();
    let known = cappedOf.get(strategies);
    if (known === undefined) {
      known = strategies.some((strategy) => Boolean(strategy.frequencyCap || strategy.campaignFrequencyCap));
      cappedOf.set(strategies, known);
    }
    return known;
  }

  /** Every compiled strategy; none when unhealthy. */
  strategies(): readonly CompiledStrategy[] {
    return this.isHealthy() && this.#loaded !== null ? this.#loaded.index.strategies : [];
  }

  strategy(id: string): CompiledStrategy | undefined {
    return this.isHealthy() ? this.#loaded?.byId.get(id) : undefined;
  }

  /**
   * The strategies worth evaluating for one impression of a request (country, supply and media already
   * match); none when unhealthy. `evaluate` still decides.
   */
  candidates(request: TBidRequest, imp: TImp): readonly CompiledStrategy[] {
    if (!this.isHealthy() || this.#loaded === null) return [];
    return candidatesIn(this.#loaded.buckets, request, imp);
  }

  /** The same candidates as `candidates`, in runs along which the offer never rises (the bidder's order). */
  candidateRuns(request: TBidRequest, imp: TImp): readonly CandidateRun[] {
    if (!this.isHealthy() || this.#loaded === null) return [];
    return candidateRunsIn(this.#loaded.buckets, this.#loaded.runs, request, imp);
  }

  /** What the last compile left out and how many audience hashes it holds, for diagnostics. */
  summary(): Pick<CompiledIndex, 'skipped' | 'audienceHashes' | 'compiledAt'> & { strategies: number } {
    const index = this.#loaded?.index;
    return {
      strategies: index?.strategies.length ?? 0,
      skipped: index?.skipped ?? [],
      audienceHashes: index?.audienceHashes ?? 0,
      compiledAt: index?.compiledAt ?? new Date(0),
    };
  }

  async #poll(): Promise<RefreshOutcome> {
    const { db, clock } = this.#options;
    const now = clock.now();
    try {
      const loaded = this.#loaded;
      if (loaded !== null && !this.#failing && loaded.day === utcDayOf(now)) {
        const marker = await readChangeMarker(db);
        if (marker === loaded.index.marker) {
          this.#lastSuccessAt = now.getTime();
          return 'unchanged';
        }
      }
      const index = await compileLiveStrategies(db, {
        now,
        ...(this.#options.maxAudienceHashes === undefined
          ? {}
          : { maxAudienceHashes: this.#options.maxAudienceHashes }),
      });
      const buckets = bucketsOf(index.strategies);
      this.#loaded = {
        index,
        buckets,
        runs: new Map([...buckets].map(([key, strategies]) => [key, runsOf(strategies)])),
        byId: new Map(index.strategies.map((strategy) => [strategy.strategyId, strategy])),
        day: utcDayOf(now),
      };
      this.#failing = false;
      this.#lastSuccessAt = now.getTime();
      return 'rebuilt';
    } catch (error) {
      this.#failing = true;
      this.#options.onError?.(error);
      return 'failed';
    }
  }
}
