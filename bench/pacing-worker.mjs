// One bidder process of `npm run bench -- pacing`'s Redis part (bench/pacing.mjs): the engine's own pacing, shared
// budgets and frequency caps (bundled from the sources), on a simulated clock the parent moves slice by slice. It
// answers each slice with the bids it made.
import { importFromSource } from './bundle.mjs';
import { auctionTimes, DAY_MS, DAY0, seeded } from './pacing.mjs';

const engine = await importFromSource(
  'packages/server/src/engine',
  [
    "export { Pacing, TrafficShape } from './pacing';",
    "export { NOTHING_DELIVERED, SharedBudgets } from './shared-budgets';",
    "export { RedisFrequencyCapStore } from './redis-frequency-caps';",
    "export { underCap, capChecksOf } from './frequency-caps';",
    "export { connectRedis, whenRedisReady } from './shared-store';",
  ].join('\n'),
);

let current = 0;
const clock = { now: () => new Date(current) };
let redis;
let budgets;
let pacing;
let shape;
let caps;
let random;
let strategy;
/** This process's share of the day's auctions: every `workers`-th from `index`, in time order. */
let auctions;
let next;

const revive = (value) =>
  typeof value === 'string' && /^\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value;
const reviveBudget = (budget) => Object.fromEntries(Object.entries(budget).map(([k, v]) => [k, revive(v)]));

const handlers = {
  /** Connects and sets up one campaign's pacing on the shared budgets (or the caps). */
  start: async ({ url, prefix, name, seed, strategy: given, traffic }) => {
    redis = engine.connectRedis(url, { keyPrefix: prefix });
    await engine.whenRedisReady(redis);
    random = seeded(seed);
    strategy = { ...given, budget: reviveBudget(given.budget) };
    budgets = new engine.SharedBudgets({
      redis,
      clock,
      processId: name,
      seedOf: () => engine.NOTHING_DELIVERED,
    });
    shape = new engine.TrafficShape();
    if (traffic) {
      // The same traffic as the parent's (its seed), every other auction: yesterday's teaches the curve.
      const share = function* (dayStart) {
        let n = 0;
        for (const at of auctionTimes(dayStart, traffic.perDay, seeded(traffic.seed))) {
          if (n++ % traffic.workers === traffic.index) yield at;
        }
      };
      for (const at of share(DAY0 - DAY_MS)) shape.noteRequest(at);
      auctions = share(DAY0);
      next = auctions.next();
    }
    pacing = new engine.Pacing({ shape, delivered: (s, now) => budgets.campaignDay(s, now), random });
    caps = new engine.RedisFrequencyCapStore({ redis, flushMs: 0 });
    return {};
  },
  /**
   * The auctions of one slice (this process's share, until `to`): for each, the budget gate, then pacing;
   * a bid wins at `winRate` at a clearing price from half to all of `cpm`. Answers the wins.
   */
  auctions: async ({ to, cpm, winRate }) => {
    const cpmMicros = BigInt(cpm);
    const maxCost = cpmMicros / 1000n;
    const wins = [];
    let bids = 0;
    for (; !next.done && next.value < to; next = auctions.next()) {
      const at = next.value;
      current = at;
      shape.noteRequest(at);
      const now = new Date(at);
      if (!budgets.mayBid(strategy, now)) continue;
      if (!pacing.participates(strategy, now)) continue;
      bids += 1;
      budgets.charge(strategy.strategyId, maxCost);
      if (random() >= winRate) continue;
      const clearing = (cpmMicros * BigInt(500 + Math.floor(random() * 500))) / 1000n;
      wins.push({ at: at + 200 + Math.floor(random() * 1800), cost: String(clearing / 1000n) });
    }
    return { wins, bids };
  },
  /** The end of a slice: the figures are read again and the floats asked for come back. */
  tick: async ({ at }) => {
    current = at;
    await budgets.refresh();
    await budgets.idle();
    return {};
  },
  /** Requests of a capped strategy: each bids only if its user's cap, read and reserved in Redis, allows it. */
  requests: async ({ requests, cap }) => {
    const frequencyCap = { impressions: cap, period: 'day', fingerprint: 'soft' };
    const capped = { ...strategy, frequencyCap };
    const bids = [];
    await Promise.all(
      requests.map(async ({ at, user, auctionId }) => {
        const now = new Date(at);
        const snapshot = await caps.shared.load([user], now);
        if (!engine.underCap(snapshot, capped, frequencyCap, user, now)) return;
        const checks = engine.capChecksOf(capped, { capUser: user, campaignCapUser: '' });
        if (await caps.shared.reserveChecked(auctionId, checks, now)) bids.push({ at, user, auctionId });
      }),
    );
    return { bids };
  },
  stop: async () => {
    budgets?.stop();
    redis?.disconnect();
    return {};
  },
};

process.on('message', async ({ id, type, payload }) => {
  try {
    const answer = await handlers[type](payload);
    process.send({ id, answer });
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
});
process.send({ ready: true });
