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
// - the same with two bidder processes sharing budgets, pacing figures and caps through Redis (decision 052,
//   bench/pacing-worker.mjs), when TEST_REDIS_URL or REDIS_URL names one: each process gets every other
//   auction; the budget gate is the shared floats; the events are counted in Redis as the event processes do.
//   Reported as above, and how far over the target the day went against one float per process.

import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFromSource } from './bundle.mjs';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const DAY0 = Date.parse('2026-11-20T00:00:00Z');

/** Auctions an hour as a share of the peak: quiet at night, busiest in the evening. */
export const DIURNAL = [
  0.3, 0.2, 0.15, 0.15, 0.2, 0.3, 0.5, 0.8, 1, 1.1, 1.1, 1.2, 1.2, 1.1, 1.1, 1.1, 1.2, 1.3, 1.5, 1.6, 1.5,
  1.2, 0.8, 0.5,
];
export const DIURNAL_TOTAL = DIURNAL.reduce((sum, weight) => sum + weight, 0);

const loadEngine = () =>
  importFromSource(
    'packages/server/src/engine',
    "export { Pacing, TrafficShape } from './pacing';\nexport { MemoryFrequencyCapStore, underCap } from './frequency-caps';\n",
  );

/** A deterministic random in [0, 1) (mulberry32). */
export const seeded = (seed) => () => {
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
export const auctionTimes = function* (dayStart, perDay, random) {
  for (let minute = 0; minute < 24 * 60; minute += 1) {
    const weight = DIURNAL[Math.floor(minute / 60)] / DIURNAL_TOTAL / 60;
    const count = Math.round(perDay * weight * (0.9 + 0.2 * random()));
    for (let n = 0; n < count; n += 1) yield dayStart + minute * 60_000 + Math.floor((n * 60_000) / count);
  }
};

export const strategyOf = (id, budget) => ({
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
  const redisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL;
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
  if (redisUrl) rows.push(...(await measureShared(redisUrl, scenarios)));
  else
    rows.push({
      name: 'two bidder processes with Redis: skipped (set TEST_REDIS_URL or REDIS_URL)',
      value: 0,
      unit: '',
    });
  return rows;
};

// ---------------------------------------------------------------------------------------------------------
// Two bidder processes sharing Redis

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pacing-worker.mjs');
const WORKERS = 2;
/** How much simulated time each step of the processes covers. */
const PACING_SLICE_MS = 1_000;
const CAPS_SLICE_MS = 2_000;

/** A bidder process of the bench: `call(type, payload)` answers what bench/pacing-worker.mjs answers. */
const startWorker = () =>
  new Promise((resolve, reject) => {
    const child = fork(WORKER, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const waiting = new Map();
    let sequence = 0;
    child.on('message', (message) => {
      if (message.ready) {
        resolve({
          call: (type, payload) =>
            new Promise((done, failed) => {
              sequence += 1;
              waiting.set(sequence, { done, failed });
              child.send({ id: sequence, type, payload });
            }),
          stop: async () => {
            await new Promise((done) => {
              waiting.set(-1, { done, failed: done });
              child.send({ id: -1, type: 'stop', payload: {} });
            });
            child.kill();
          },
        });
        return;
      }
      const entry = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) entry?.failed(new Error(message.error));
      else entry?.done(message.answer);
    });
    child.on('error', reject);
  });

/** `strategy` with its bigints as text (IPC carries JSON). */
const portable = (strategy) => ({
  ...strategy,
  budget: Object.fromEntries(
    Object.entries(strategy.budget).map(([key, value]) => [
      key,
      typeof value === 'bigint' ? `${value}n` : value,
    ]),
  ),
});

const measureShared = async (redisUrl, scenarios) => {
  const shared = await importFromSource(
    'packages/server/src/engine',
    [
      "export { redisEventCount } from './shared-events';",
      "export { RedisFrequencyCapStore } from './redis-frequency-caps';",
      "export { connectRedis, whenRedisReady } from './shared-store';",
      "export { floatSizeOf } from './shared-budgets';",
    ].join('\n'),
  );
  const prefix = `beacon-bench-${randomUUID().slice(0, 8)}:`;
  const redis = shared.connectRedis(redisUrl, { keyPrefix: prefix });
  await shared.whenRedisReady(redis);
  const events = shared.redisEventCount(redis, { impressions: 2, clicks: 3 });
  const rows = [];
  const dollars = (micros) => (Number(micros) / 1e6).toFixed(2);
  try {
    for (const [index, scenario] of scenarios.entries()) {
      const strategy = strategyOf(`2${index}`, scenario.budget);
      const target =
        scenario.budget.timespan === 'daily'
          ? scenario.budget.campaignBudgetMicros
          : scenario.budget.campaignBudgetMicros / 30n;
      // The lifetime scenario's target is today's share: its float comes from today's target, as a daily one.
      if (scenario.budget.timespan !== 'daily') continue;
      const needed = Number(target) / ((Number(scenario.cpm) * 0.75) / 1000) / scenario.winRate;
      const perDay = Math.round(needed * 10);
      const started = performance.now();
      const workers = await Promise.all(Array.from({ length: WORKERS }, startWorker));
      try {
        await Promise.all(
          workers.map((worker, i) =>
            worker.call('start', {
              url: redisUrl,
              prefix,
              name: `bidder-${i}`,
              seed: 101 + i,
              strategy: portable(strategy),
              traffic: { perDay, seed: 11 + index, workers: WORKERS, index: i },
            }),
          ),
        );
        const arrivals = createQueue();
        const hourly = Array.from({ length: 24 }, () => 0n);
        let spend = 0n;
        let sequence = 0;
        let bids = 0;
        const countDue = async (until) => {
          const due = [];
          while (arrivals.size > 0 && arrivals.peek().at <= until) due.push(arrivals.pop());
          for (let i = 0; i < due.length; i += 500) {
            const part = due.slice(i, i + 500);
            const isNew = await events.count(
              part.map((arrival) => ({
                auctionId: arrival.id,
                kind: 'billing',
                seenAt: new Date(arrival.at),
                timeZone: 'UTC',
                hourly: { campaign_id: strategy.campaignId, strategy_id: strategy.strategyId },
                spendMicros: arrival.cost,
                column: null,
              })),
            );
            part.forEach((arrival, j) => {
              if (!isNew[j]) return;
              spend += arrival.cost;
              const hour = Math.floor((arrival.at - DAY0) / HOUR_MS);
              if (hour >= 0 && hour < 24) hourly[hour] += arrival.cost;
            });
          }
        };
        for (let at = DAY0; at < DAY0 + DAY_MS; at += PACING_SLICE_MS) {
          const to = at + PACING_SLICE_MS;
          const answers = await Promise.all(
            workers.map((worker) =>
              worker.call('auctions', { to, cpm: String(scenario.cpm), winRate: scenario.winRate }),
            ),
          );
          for (const answer of answers) {
            bids += answer.bids;
            for (const win of answer.wins) {
              sequence += 1;
              arrivals.push({ at: win.at, cost: BigInt(win.cost), id: `w${index}-${sequence}` });
            }
          }
          await countDue(to);
          await Promise.all(workers.map((worker) => worker.call('tick', { at: to })));
        }
        await countDue(Number.POSITIVE_INFINITY);
        const seconds = (performance.now() - started) / 1000;
        const share = (Number(spend) / Number(target)) * 100;
        const float = shared.floatSizeOf([target]);
        if (process.env.BENCH_HOURLY)
          console.log(
            hourly
              .map(
                (spent, hour) =>
                  `${hour}:${(Number(spent) / 1e6).toFixed(2)}/${((Number(target) * DIURNAL[hour]) / DIURNAL_TOTAL / 1e6).toFixed(2)}`,
              )
              .join(' '),
          );
        const deviation = Math.max(
          ...hourly.map((spent, hour) => {
            const expected = (Number(target) * DIURNAL[hour]) / DIURNAL_TOTAL;
            return Math.abs(Number(spent) - expected) / expected;
          }),
        );
        rows.push({
          name: `pacing, ${scenario.name}, 2 bidder processes sharing Redis (${perDay.toLocaleString('en')} auctions, ${bids.toLocaleString('en')} bids, ${seconds.toFixed(0)} s): spent $${dollars(spend)} of $${dollars(target)}, off target by`,
          value: Math.round(Math.abs(100 - share) * 100) / 100,
          unit: '%',
          budget: 5,
        });
        rows.push({
          name: `  over the target by (2 processes; one float is $${dollars(float)}, so at most $${dollars(2n * float)} plus a bid each)`,
          value: Math.max(0, Number(spend - target)) / 1e6,
          unit: '$',
        });
        rows.push({
          name: `  largest deviation of an hour's spend from its share of the traffic curve (2 processes, Redis)`,
          value: Math.round(deviation * 1000) / 10,
          unit: '%',
        });
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }
    }
    rows.push(await capsShared(redisUrl, prefix, shared, redis));
  } finally {
    const raw = shared.connectRedis(redisUrl);
    await shared.whenRedisReady(raw);
    let cursor = '0';
    do {
      const [nextCursor, keys] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = nextCursor;
      if (keys.length > 0) await raw.del(...keys);
    } while (cursor !== '0');
    raw.disconnect();
    redis.disconnect();
  }
  return rows;
};

/**
 * The caps scenario with two bidder processes: the same requests as `capsOverDays`, every other one to each
 * process; a bid is made only if its user's cap, read and reserved in Redis, allows it; the impressions of won
 * bids are counted in Redis as an event process does.
 */
const capsShared = async (redisUrl, prefix, shared, redis) => {
  const random = seeded(5);
  const users = 400_000;
  const cap = 5;
  const target = 1_000_000;
  const pickUser = () => `u${Math.floor(random() * random() * users)}`;
  const store = new shared.RedisFrequencyCapStore({ redis, flushMs: 0 });
  const workers = await Promise.all(Array.from({ length: WORKERS }, startWorker));
  const started = performance.now();
  const shown = new Map();
  const arrivals = createQueue();
  let counted = 0;
  let bids = 0;
  let at = DAY0;
  try {
    await Promise.all(
      workers.map((worker, i) =>
        worker.call('start', {
          url: redisUrl,
          prefix,
          name: `caps-${i}`,
          seed: 201 + i,
          strategy: portable(strategyOf('31', {})),
        }),
      ),
    );
    let sequence = 0;
    while (counted < target) {
      const sliceEnd = at + CAPS_SLICE_MS;
      const parts = Array.from({ length: WORKERS }, () => []);
      let n = 0;
      while (at < sliceEnd) {
        at += 1 + Math.floor(random() * 70);
        sequence += 1;
        parts[n++ % WORKERS].push({ at, user: pickUser(), auctionId: `c${sequence}` });
      }
      const answers = await Promise.all(
        workers.map((worker, i) => worker.call('requests', { requests: parts[i], cap })),
      );
      for (const answer of answers) {
        for (const bid of answer.bids) {
          bids += 1;
          if (random() < 0.5) arrivals.push({ ...bid, at: bid.at + 200 + Math.floor(random() * 1800) });
        }
      }
      while (arrivals.size > 0 && arrivals.peek().at <= sliceEnd) {
        const arrival = arrivals.pop();
        store.recordImpression(
          { strategyId: '31', capUser: arrival.user, auctionId: arrival.auctionId },
          new Date(arrival.at),
        );
        const key = `${arrival.user}|${Math.floor(arrival.at / DAY_MS)}`;
        shown.set(key, (shown.get(key) ?? 0) + 1);
        counted += 1;
      }
      await store.flush();
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }
  const above = [...shown.values()].filter((count) => count > cap).length;
  const userCount = new Set([...shown.keys()].map((key) => key.split('|')[0])).size;
  const seconds = (performance.now() - started) / 1000;
  return {
    name: `frequency cap 5 a day, 2 bidder processes sharing Redis: ${counted.toLocaleString('en')} impressions (${bids.toLocaleString('en')} bids) to ${userCount.toLocaleString('en')} users over ${((at - DAY0) / DAY_MS).toFixed(1)} simulated days (${seconds.toFixed(0)} s): user-days above the cap`,
    value: above,
    unit: 'users',
    budget: 0,
  };
};
