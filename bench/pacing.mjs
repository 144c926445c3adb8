// Pacing and frequency caps (docs/engine.md "Pacing", "Frequency caps"): the engine's own pacing and cap store
// (engine/pacing.ts, engine/frequency-caps.ts, bundled from the sources as bench/bidder.mjs bundles the traffic
// generator) driven through simulated days on a fast clock, in one process:
// - pacing: a day of auctions following a diurnal curve, about 10× what each campaign needs; each auction the
//   campaign takes part in is won at a random share and price, its spend counted when the impression arrives
//   (0.2–2 s after the bid). Reported: the day's spend against its target (goal ±5 %, never over), and the
//   largest deviation of an hour's spend from its share of the target along the traffic curve.
// - caps: 1,000,000 impressions for 400,000 users of very unequal activity, a cap of 5 a day, checked at bid (a
//   bid counts toward the cap until its impression, 0.2–2 s later when won, or for a minute when lost).
//   Reported: users shown the strategy more than 5 times in a day (goal 0).
// Several bidder processes sharing budgets and caps through Redis are not built yet (Buying engine II §4).

import { importFromSource } from './bundle.mjs';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DAY0 = Date.parse('2026-11-20T00:00:00Z');

/** Auctions an hour as a share of the peak: quiet at night, busiest in the evening. */
const DIURNAL = [
  0.3, 0.2, 0.15, 0.15, 0.2, 0.3, 0.5, 0.8, 1, 1.1, 1.1, 1.2, 1.2, 1.1, 1.1, 1.1, 1.2, 1.3, 1.5, 1.6, 1.5,
  1.2, 0.8, 0.5,
];
const DIURNAL_TOTAL = DIURNAL.reduce((sum, weight) => sum + weight, 0);

const loadEngine = () =>
  importFromSource(
    'packages/server/src/engine',
    "export { Pacing, TrafficShape } from './pacing';\nexport { MemoryFrequencyCapStore, underCap } from './frequency-caps';\n",
  );

/** A deterministic random in [0, 1) (mulberry32). */
const seeded = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

/** Events of a simulated day in time order: a binary heap on `at`. */
const createQueue = () => {
  const heap = [];
  const push = (item) => {
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent].at <= heap[i].at) break;
      [heap[parent], heap[i]] = [heap[i], heap[parent]];
      i = parent;
    }
  };
  const pop = () => {
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && heap[l].at < heap[m].at) m = l;
        if (r < heap.length && heap[r].at < heap[m].at) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i], heap[m]];
        i = m;
      }
    }
    return top;
  };
  return {
    push,
    pop,
    peek: () => heap[0],
    get size() {
      return heap.length;
    },
  };
};

/** The auctions of a day: `perDay` spread over the hours along DIURNAL (with ±10 % noise a minute). */
const auctionTimes = function* (dayStart, perDay, random) {
  for (let minute = 0; minute < 24 * 60; minute += 1) {
    const weight = DIURNAL[Math.floor(minute / 60)] / DIURNAL_TOTAL / 60;
    const count = Math.round(perDay * weight * (0.9 + 0.2 * random()));
    for (let n = 0; n < count; n += 1) yield dayStart + minute * 60_000 + Math.floor((n * 60_000) / count);
  }
};

const strategyOf = (id, budget) => ({
  strategyId: id,
  campaignId: id,
  schedule: { timeZone: 'UTC' },
  budget: {
    timespan: null,
    campaignBudgetMicros: null,
    dailyBudgetMicros: null,
    dailyImpressions: null,
    dailyClicks: null,
    budgetSharePercent: 100,
    campaignEndDay: null,
    ...budget,
  },
});

/**
 * One campaign through one day: answers its spend, its target and the hourly spend. Each auction it takes part
 * in is won at `winRate`, at a clearing CPM from half to all of `cpmMicros`; the impression (and its spend)
 * arrives 0.2–2 s after the bid.
 */
const payOneDay = (engine, { strategy, target, perDay, cpmMicros, winRate, seed }) => {
  const random = seeded(seed);
  const shape = new engine.TrafficShape();
  // Yesterday's traffic teaches the curve.
  for (const at of auctionTimes(DAY0 - DAY_MS, perDay, random)) shape.noteRequest(at);
  let spend = 0n;
  let impressions = 0;
  const delivered = () => ({ spend, impressions, clicks: 0, spentBeforeToday: 0n });
  const pacing = new engine.Pacing({ shape, delivered, random });
  const hourly = Array.from({ length: 24 }, () => 0n);
  const arrivals = createQueue();
  const arrive = (until) => {
    while (arrivals.size > 0 && arrivals.peek().at <= until) {
      const { at, cost } = arrivals.pop();
      spend += cost;
      impressions += 1;
      const hour = Math.floor((at - DAY0) / HOUR_MS);
      if (hour >= 0 && hour < 24) hourly[hour] += cost;
    }
  };
  for (const at of auctionTimes(DAY0, perDay, random)) {
    arrive(at);
    shape.noteRequest(at);
    // The budget gate stops at the target (what mayBid does for a daily budget); pacing decides before it.
    if (spend >= target) continue;
    if (!pacing.participates(strategy, new Date(at))) continue;
    if (random() >= winRate) continue;
    const clearing = (cpmMicros * BigInt(500 + Math.floor(random() * 500))) / 1000n;
    arrivals.push({ at: at + 200 + Math.floor(random() * 1800), cost: clearing / 1000n });
  }
  arrive(Number.POSITIVE_INFINITY);
  const deviations = hourly.map((spent, hour) => {
    const expected = (Number(target) * DIURNAL[hour]) / DIURNAL_TOTAL;
    return Math.abs(Number(spent) - expected) / expected;
  });
  return { spend, target, deviation: Math.max(...deviations) };
};

const capsOverDays = (engine, { impressions, users, cap, seed }) => {
  const random = seeded(seed);
  const store = new engine.MemoryFrequencyCapStore({ maxEntries: 500_000 });
  const strategy = strategyOf('1', {});
  const frequencyCap = { impressions: cap, period: 'day', fingerprint: 'soft' };
  // Users of very unequal activity: the first ones request far more often than the last (user = r² × users).
  const pickUser = () => `u${Math.floor(random() * random() * users)}`;
  const shown = new Map();
  const arrivals = createQueue();
  let counted = 0;
  let bids = 0;
  let at = DAY0;
  // A request every 36 ms on average; a bid wins half the time, and a won bid's impression arrives 0.2–2 s later
  // (the bid counts toward the cap meanwhile). The busiest users ask many times a minute.
  while (counted < impressions) {
    at += 1 + Math.floor(random() * 70);
    while (arrivals.size > 0 && arrivals.peek().at <= at) {
      const arrival = arrivals.pop();
      store.recordImpression(
        { strategyId: '1', capUser: arrival.user, auctionId: arrival.auctionId },
        new Date(arrival.at),
      );
      // Shown per user and UTC day: the cap is a day's (the strategy's zone is UTC).
      const key = `${arrival.user}|${Math.floor(arrival.at / DAY_MS)}`;
      shown.set(key, (shown.get(key) ?? 0) + 1);
      counted += 1;
    }
    const user = pickUser();
    if (!engine.underCap(store, strategy, frequencyCap, user, new Date(at))) continue;
    bids += 1;
    const auctionId = `a${bids}`;
    store.reserve({ strategyId: '1', capUser: user, auctionId }, new Date(at));
    if (random() < 0.5) arrivals.push({ at: at + 200 + Math.floor(random() * 1800), user, auctionId });
  }
  const above = [...shown.values()].filter((count) => count > cap).length;
  return {
    counted,
    above,
    users: new Set([...shown.keys()].map((key) => key.split('|')[0])).size,
    days: (at - DAY0) / DAY_MS,
  };
};

export const measurePacing = async () => {
  const engine = await loadEngine();
  const rows = [];
  const dollars = (micros) => (Number(micros) / 1e6).toFixed(2);
  const scenarios = [
    // $500 a day at a $2 CPM cap: about 330,000 impressions, 820,000 auctions taken part in at a 40 % win rate.
    {
      name: 'daily budget $500',
      budget: { timespan: 'daily', campaignBudgetMicros: 500_000_000n },
      cpm: 2_000_000n,
      winRate: 0.4,
    },
    // A lifetime $3,000 to spend over 30 days: $100 today.
    {
      name: 'lifetime $3,000 over 30 days',
      budget: { timespan: 'lifetime', campaignBudgetMicros: 3_000_000_000n, campaignEndDay: '2026-12-19' },
      cpm: 5_000_000n,
      winRate: 0.25,
    },
  ];
  for (const [index, scenario] of scenarios.entries()) {
    const strategy = strategyOf(String(index + 1), scenario.budget);
    const target =
      scenario.budget.timespan === 'daily'
        ? scenario.budget.campaignBudgetMicros
        : scenario.budget.campaignBudgetMicros / 30n;
    // Auctions needed: the target over the mean cost of a won auction (3/4 of the CPM cap), at the win rate.
    const needed = Number(target) / ((Number(scenario.cpm) * 0.75) / 1000) / scenario.winRate;
    const started = performance.now();
    const day = payOneDay(engine, {
      strategy,
      target,
      perDay: Math.round(needed * 10),
      cpmMicros: scenario.cpm,
      winRate: scenario.winRate,
      seed: 11 + index,
    });
    const seconds = (performance.now() - started) / 1000;
    const share = (Number(day.spend) / Number(target)) * 100;
    rows.push({
      name: `pacing, ${scenario.name}, 10× the auctions it needs (${Math.round(needed * 10).toLocaleString('en')} in a simulated day, ${seconds.toFixed(1)} s): spent $${dollars(day.spend)} of $${dollars(target)}, off target by`,
      value: Math.round(Math.abs(100 - share) * 100) / 100,
      unit: '%',
      budget: 5,
    });
    rows.push({
      name: `  over the target by (${scenario.name}: impressions in flight when it was reached; one process)`,
      value: Math.max(0, Number(day.spend - target)) / 1e6,
      unit: '$',
    });
    rows.push({
      name: `  largest deviation of an hour's spend from its share of the traffic curve (${scenario.name})`,
      value: Math.round(day.deviation * 1000) / 10,
      unit: '%',
    });
  }
  const caps = capsOverDays(engine, { impressions: 1_000_000, users: 400_000, cap: 5, seed: 5 });
  rows.push({
    name: `frequency cap 5 a day, ${caps.counted.toLocaleString('en')} impressions to ${caps.users.toLocaleString('en')} users over ${caps.days.toFixed(1)} simulated days: user-days above the cap`,
    value: caps.above,
    unit: 'users',
    budget: 0,
  });
  return rows;
};
