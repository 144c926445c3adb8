import { describe, expect, it } from 'vitest';
import { buildStrategy, FIXTURE_NAMES, fixture } from './engine.factories';
import { bucketsOf, candidateRunsIn, candidatesIn, MAX_PROFILE_RUNS, runsOf } from './index-store';
import type { TBidRequest } from './openrtb';
import { prefilterOf, profileOf } from './prefilter';
import type { CompiledCreative, CompiledStrategy } from './strategy-index';
import { evaluate, requestIdentity } from './targeting';

/**
 * The index's lookup buckets only leave out strategies that `evaluate` rejects: over random strategies and
 * requests, evaluating the candidates answers what evaluating every strategy answers (decision 040).
 */

/** A small seeded generator (mulberry32), so that a failure replays. */
const randomOf = (seed: number) => {
  let state = seed;
  return (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const COUNTRIES = ['USA', 'ESP', 'FRA', 'DEU', 'GBR'];
const TYPES = ['generic', 'app-promotion', 'smart-tv', 'dooh', 'proximity'] as const;
const CREATIVES: readonly CompiledCreative[] = [
  { id: 'b', kind: 'banner', size: { w: 300, h: 250 }, attributes: [] },
  { id: 'b2', kind: 'banner', size: { w: 728, h: 90 }, attributes: [] },
  {
    id: 'v',
    kind: 'video',
    mimes: ['video/mp4'],
    durationSeconds: 15,
    protocols: [7],
    companion: null,
    attributes: [],
  },
  {
    id: 'n',
    kind: 'native',
    title: 'Title',
    description: 'Description',
    callToAction: 'Buy',
    sponsoredBy: 'Shop',
    mainImage: { w: 1200, h: 627 },
    icon: { w: 80, h: 80 },
    attributes: [],
  },
];

const pick = <T>(random: () => number, values: readonly T[]): T => {
  const value = values[Math.floor(random() * values.length)];
  if (value === undefined) throw new Error('empty choice');
  return value;
};
const some = <T>(random: () => number, values: readonly T[], chance: number): T[] =>
  values.filter(() => random() < chance);

const randomStrategy = (random: () => number, id: number): CompiledStrategy => {
  const creatives = some(random, CREATIVES, 0.4);
  return buildStrategy({
    strategyId: String(id),
    campaignType: pick(random, TYPES),
    geo: {
      countries: new Set(random() < 0.3 ? [] : some(random, COUNTRIES, 0.4)),
      regions: new Set(),
      cities: [],
      areas: [],
      locationAudiences: [],
    },
    creatives: creatives.length === 0 ? [pick(random, CREATIVES)] : creatives,
  });
};

const randomRequest = (random: () => number): TBidRequest => {
  const request = fixture(
    pick(
      random,
      FIXTURE_NAMES.filter((name) => name !== 'pmp-direct-deal'),
    ),
  );
  const country = random() < 0.15 ? undefined : pick(random, [...COUNTRIES, 'ITA']).toLowerCase();
  // 0: the request does not say.
  const devicetype = pick(random, [0, 1, 2, 3, 4, 5, 7]);
  request.device = {
    ...request.device,
    ...(devicetype === 0 ? {} : { devicetype }),
    geo: country === undefined ? {} : { country },
  };
  if (random() < 0.1) request.dooh = { id: 'screen-1' };
  return request;
};

describe('the lookup buckets', () => {
  it('leave out only strategies that evaluate rejects', () => {
    const random = randomOf(40);
    const strategies = Array.from({ length: 400 }, (_, i) => randomStrategy(random, i + 1));
    const buckets = bucketsOf(strategies);
    let matched = 0;
    let candidatesSeen = 0;
    for (let n = 0; n < 300; n += 1) {
      const request = randomRequest(random);
      const ctx = {
        now: new Date('2026-11-23T10:30:00Z'),
        seat: 'beacon',
        identity: { types: new Set<never>(), hashes: [], device: '' },
      };
      for (const imp of request.imp) {
        const passing = (list: readonly CompiledStrategy[]) =>
          list
            .filter((strategy) => evaluate(strategy, imp, request, ctx).ok)
            .map((strategy) => strategy.strategyId)
            .sort();
        const candidates = candidatesIn(buckets, request, imp);
        expect(new Set(candidates).size).toBe(candidates.length);
        expect(passing(candidates)).toEqual(passing(strategies));
        matched += passing(candidates).length;
        candidatesSeen += candidates.length;
      }
    }
    // The check is not vacuous: requests matched strategies, and the buckets left most of them out.
    expect(matched).toBeGreaterThan(100);
    expect(candidatesSeen).toBeLessThan(300 * strategies.length * 0.5);
  });
});

describe('the candidate runs and the prefilter', () => {
  it('hold the same candidates as the buckets, CPM runs ordered by their bid', () => {
    const random = randomOf(41);
    const strategies = Array.from({ length: 300 }, (_, i) => {
      const strategy = randomStrategy(random, i + 1);
      return {
        ...strategy,
        pricing: random() < 0.3 ? ('cpc' as const) : ('cpm' as const),
        currency: random() < 0.2 ? ('eur' as const) : ('usd' as const),
        bidMicros: BigInt(100_000 + Math.floor(random() * 10_000_000)),
      };
    });
    const buckets = bucketsOf(strategies);
    const runs = new Map([...buckets].map(([key, list]) => [key, runsOf(list)]));
    for (let n = 0; n < 300; n += 1) {
      const request = randomRequest(random);
      for (const imp of request.imp) {
        const inRuns = candidateRunsIn(buckets, runs, request, imp);
        const ids = inRuns.flatMap((run) => run.strategies.map((strategy) => strategy.strategyId));
        expect(new Set(ids).size).toBe(ids.length);
        expect([...ids].sort()).toEqual(
          candidatesIn(buckets, request, imp)
            .map((s) => s.strategyId)
            .sort(),
        );
        for (const run of inRuns) {
          for (const strategy of run.strategies) {
            expect(strategy.currency).toBe(run.currency);
            expect(strategy.pricing === 'cpm').toBe(run.ordered);
          }
          if (!run.ordered) continue;
          const bids = run.strategies.map((strategy) => strategy.bidMicros);
          expect(bids).toEqual([...bids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
        }
      }
    }
  });

  it('keep a run per prefilter profile while the profiles are few, one mixed run past them', () => {
    const DEVICE_SETS = [[], ['phone'], ['tablet'], ['desktop'], ['phone', 'tablet']] as const;
    const withDevices = (id: number, devices: readonly string[]) =>
      buildStrategy({
        strategyId: String(id),
        bidMicros: BigInt(1_000_000 + ((id * 7) % 13) * 10_000),
        deviceTypes: new Set(devices as never[]),
      });
    const few = Array.from({ length: 40 }, (_, i) => withDevices(i + 1, DEVICE_SETS[i % 5] ?? []));
    const runs = runsOf(few);
    expect(runs).toHaveLength(5);
    for (const run of runs) {
      expect(run.profile).toBeDefined();
      expect(run.profiles.every((profile) => profile === run.profile)).toBe(true);
      expect(run.strategies.every((strategy) => profileOf(strategy) === run.profile)).toBe(true);
      const bids = run.strategies.map((strategy) => strategy.bidMicros);
      expect(bids).toEqual([...bids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    }
    // Past MAX_PROFILE_RUNS profiles (banner sizes make them differ): one run, each candidate with its own.
    const many = Array.from({ length: MAX_PROFILE_RUNS + 1 }, (_, i) =>
      buildStrategy({
        strategyId: String(i + 1),
        creatives: [
          { id: `cr${i}`, kind: 'banner', size: { w: 300 + i, h: 250 }, attributes: [], serving: undefined },
        ],
      }),
    );
    const [mixed, ...rest] = runsOf(many);
    expect(rest).toHaveLength(0);
    expect(mixed?.profile).toBeUndefined();
    expect(mixed?.profiles).toEqual(mixed?.strategies.map(profileOf));
  });

  it('refuse only strategies that evaluate rejects', () => {
    const random = randomOf(42);
    const deal = {
      id: '1',
      externalId: 'DEAL-BEACON-0001',
      supplyPartner: 'magnite' as const,
      type: 'private_auction' as const,
      floorMicros: 0n,
      currency: 'usd' as const,
      startDay: '2026-01-01',
      endDay: null,
    };
    const strategies = Array.from({ length: 300 }, (_, i) => ({
      ...randomStrategy(random, i + 1),
      deviceTypes: new Set(some(random, ['phone', 'tablet', 'desktop', 'connectedtv'] as const, 0.3)),
      deviceIdTypes: new Set(some(random, ['ifa', 'gaid', 'web', 'fake'] as const, 0.2)),
      deals: random() < 0.2 ? [deal] : [],
    }));
    const now = new Date('2026-11-23T10:30:00Z');
    let refused = 0;
    for (let n = 0; n < 300; n += 1) {
      const request = random() < 0.2 ? fixture('pmp-direct-deal') : randomRequest(random);
      const identity = requestIdentity(request, 'key');
      const ctx = { now, seat: 'beacon', identity };
      for (const imp of request.imp) {
        const prefilter = prefilterOf(request, imp, identity);
        for (const strategy of strategies) {
          if (prefilter(profileOf(strategy)) === undefined) continue;
          refused += 1;
          expect(evaluate(strategy, imp, request, ctx).ok).toBe(false);
        }
      }
    }
    expect(refused).toBeGreaterThan(300 * 300 * 0.3);
  });
});
