import { afterEach, expect, it } from 'vitest';
import { describeWithRedis, testRedisClient, testRedisUrl } from '../test/test-redis';
import { PENDING_MS } from './frequency-caps';
import { RedisFrequencyCapStore } from './redis-frequency-caps';
import { connectRedis, whenRedisReady } from './shared-store';

/** Frequency caps counted in Redis by several processes (decision 052): windows, bids out, the atomic race. */

const at = (iso: string) => new Date(iso);
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** Two stores (two processes) on one Redis, under a prefix of their own. */
const twoStores = async () => {
  const { prefix, cleanup } = testRedisClient();
  cleanups.push(cleanup);
  const stores = await Promise.all(
    [0, 1].map(async () => {
      const redis = connectRedis(testRedisUrl as string, { keyPrefix: prefix });
      await whenRedisReady(redis);
      cleanups.push(async () => redis.disconnect());
      return new RedisFrequencyCapStore({ redis, flushMs: 0 });
    }),
  );
  return stores as [RedisFrequencyCapStore, RedisFrequencyCapStore];
};

const impression = (user: string, auctionId?: string) => ({
  strategyId: '11',
  campaignId: '7',
  capUser: user,
  ...(auctionId === undefined ? {} : { auctionId }),
});

describeWithRedis('RedisFrequencyCapStore', () => {
  it('counts per UTC hour, per local day and for the lifetime, as the in-process store does', async () => {
    const [store] = await twoStores();
    store.recordImpression(impression('u'), at('2026-11-27T09:10:00Z'));
    store.recordImpression(impression('u'), at('2026-11-27T09:50:00Z'));
    store.recordImpression(impression('u'), at('2026-11-27T10:05:00Z'));
    await store.flush();
    const now = at('2026-11-27T10:30:00Z');
    const snapshot = await store.shared.load(['u', 'v'], now);
    expect(snapshot.count('11', 'u', 'hour', 'UTC', now)).toBe(1);
    expect(snapshot.count('11', 'u', 'day', 'UTC', now)).toBe(3);
    expect(snapshot.count('11', 'u', 'lifetime', 'UTC', now)).toBe(3);
    expect(snapshot.count('11', 'u', 'day', 'Pacific/Kiritimati', now)).toBe(1);
    expect(snapshot.count('11', 'v', 'lifetime', 'UTC', now)).toBe(0);
    expect(snapshot.count('12', 'u', 'lifetime', 'UTC', now)).toBe(0);
  });

  it('never lets bids of two processes for one user pass a cap together', async () => {
    const [a, b] = await twoStores();
    const now = at('2026-11-27T10:00:00Z');
    const cap = { scope: '11', user: 'u', period: 'day' as const, timeZone: 'UTC', impressions: 3 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).shared.reserveChecked(`a${i}`, [cap], now)),
    );
    expect(answers.filter(Boolean)).toHaveLength(3);
    // The three bids out count until their impressions replace them; a lost one stops counting after a minute.
    const snapshot = await a.shared.load(['u'], now);
    expect(snapshot.count('11', 'u', 'day', 'UTC', now)).toBe(3);
    const won = answers.findIndex(Boolean);
    b.recordImpression(impression('u', `a${won}`), now);
    await b.flush();
    const later = new Date(now.getTime() + PENDING_MS + 1);
    expect((await a.shared.load(['u'], later)).count('11', 'u', 'day', 'UTC', later)).toBe(1);
    expect(await a.shared.reserveChecked('next', [cap], later)).toBe(true);
  });

  it('checks the campaign cap with the strategy cap, and gives a reservation back when one is reached', async () => {
    const [store] = await twoStores();
    const now = at('2026-11-27T10:00:00Z');
    const strategyCap = {
      scope: '11',
      user: 'device-1',
      period: 'hour' as const,
      timeZone: 'UTC',
      impressions: 5,
    };
    const campaignCap = {
      scope: 'c7',
      user: 'fingerprint-1',
      period: 'lifetime' as const,
      timeZone: 'UTC',
      impressions: 1,
    };
    expect(await store.shared.reserveChecked('a1', [strategyCap, campaignCap], now)).toBe(true);
    // The campaign cap of 1 is held by a1: a2 is refused, and its strategy reservation is given back.
    expect(await store.shared.reserveChecked('a2', [strategyCap, campaignCap], now)).toBe(false);
    const snapshot = await store.shared.load(['device-1', 'fingerprint-1'], now);
    expect(snapshot.count('11', 'device-1', 'hour', 'UTC', now)).toBe(1);
    expect(snapshot.count('c7', 'fingerprint-1', 'lifetime', 'UTC', now)).toBe(1);
    // An impression counts for both scopes of its ticket.
    store.recordImpression(
      {
        strategyId: '11',
        campaignId: '7',
        capUser: 'device-1',
        campaignCapUser: 'fingerprint-1',
        auctionId: 'a1',
      },
      now,
    );
    await store.flush();
    const after = await store.shared.load(['device-1', 'fingerprint-1'], now);
    expect(after.count('11', 'device-1', 'lifetime', 'UTC', now)).toBe(1);
    expect(after.count('c7', 'fingerprint-1', 'lifetime', 'UTC', now)).toBe(1);
  });

  it('keeps impressions while Redis cannot be reached, and counts them once it is back', async () => {
    const { prefix, cleanup } = testRedisClient();
    cleanups.push(cleanup);
    const redis = connectRedis(testRedisUrl as string, { keyPrefix: prefix, onError: () => undefined });
    await whenRedisReady(redis);
    const store = new RedisFrequencyCapStore({ redis, flushMs: 0 });
    const ended = new Promise((resolve) => redis.once('end', resolve));
    redis.disconnect();
    await ended;
    store.recordImpression(impression('u'), at('2026-11-27T10:00:00Z'));
    await expect(store.flush()).rejects.toThrow();
    expect(store.buffered).toBe(1);
    redis.connect().catch(() => undefined);
    await whenRedisReady(redis);
    await store.flush();
    expect(store.buffered).toBe(0);
    const now = at('2026-11-27T10:10:00Z');
    expect((await store.shared.load(['u'], now)).count('11', 'u', 'day', 'UTC', now)).toBe(1);
    redis.disconnect();
  });
});
