/**
 * The Redis of the engine's shared-store tests (decision 052): TEST_REDIS_URL (CI starts a redis-server and sets
 * it). Without it these tests are skipped, visibly, unless REQUIRE_REDIS=1 (CI), where its absence fails. Each
 * test world writes under a key prefix of its own and deletes its keys afterwards, so that files running at once
 * never meet.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe } from 'vitest';

export const testRedisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;

if (testRedisUrl === undefined && process.env.REQUIRE_REDIS === '1') {
  throw new Error('REQUIRE_REDIS=1 but TEST_REDIS_URL is not set: the shared-store tests cannot run');
}

/** `describe` when a test Redis is configured, else skipped. */
export const describeWithRedis = describe.skipIf(testRedisUrl === undefined);

/** A key prefix no other test uses. */
export const testKeyPrefix = (): string => `beacon-test-${randomUUID().slice(0, 12)}:`;

/** A client under a test prefix, with a cleanup that deletes every key under it and disconnects. */
export const testRedisClient = (prefix = testKeyPrefix()) => {
  if (testRedisUrl === undefined) throw new Error('TEST_REDIS_URL is not set');
  const redis = new Redis(testRedisUrl, { keyPrefix: prefix, maxRetriesPerRequest: 1 });
  const cleanup = async () => {
    const raw = new Redis(testRedisUrl);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await raw.del(...keys);
      } while (cursor !== '0');
    } finally {
      raw.disconnect();
      redis.disconnect();
    }
  };
  return { redis, prefix, cleanup };
};
