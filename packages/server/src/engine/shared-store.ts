/**
 * The engine's shared store (docs/engine.md "Several processes", decision 052): with `REDIS_URL` the budgets,
 * the delivery counters the pacing reads, the frequency caps and the events' de-duplication live in Redis, so
 * that N bidder and N event processes behind a load balancer share them. Every change is one atomic Lua script;
 * every key has a time to live. Without `REDIS_URL` nothing here runs: the same parts stay in the process.
 *
 * Keys (prefix `beacon:`; `{id}` a campaign `c…` or strategy `s…` id):
 * - `b:{scope}` a budget hash: `seeded`, `spent` (micros), `imps`, `clicks`, `out` (budget floats granted and
 *   not yet expired); with `b:{scope}:gx` (grant id → expiry, a sorted set) and `b:{scope}:ga` (grant id →
 *   amount). A scope is a local day `{id}:d{dayStartMs}` or all time `{id}:l`.
 * - `e:{kind}:{auctionId}` an event seen (de-duplication).
 * - `fc:{user}` a user's frequency-cap hash: `{cap scope}|l` lifetime, `{cap scope}|h{hourMs}` per UTC hour,
 *   `{cap scope}|p{auctionId}` a bid out (its expiry).
 */
import { Redis } from 'ioredis';

export const KEY_PREFIX = 'beacon:';

/** Integers pass through Lua as doubles: every amount here (micros) stays far below 2^53. */
const LUA_INT = `local function int(x) return string.format('%d', x) end`;

/**
 * Reserves a budget float over several budget hashes at once (decision 052). For each hash: grants past their
 * expiry are dropped from `out`, the caller's previous grant is settled to what its bids may cost (its last bid
 * may take it past its amount), then the grant is the
 * least of the amount asked and every limited hash's `limit - spent - out`. Answers {-1, i…} when hash i has not
 * been seeded from the rollups yet (nothing is changed), {0} when nothing is left, else {grant}.
 * KEYS: per hash its key, grants-expiry key and grants-amount key. ARGV: now, expiry, amount asked, grant id,
 * previous grant id ('' none), previous grant's use, TTL seconds, then each hash's limit (-1 for none).
 */
export const RESERVE_FLOAT_LUA = `${LUA_INT}
local now = tonumber(ARGV[1])
local n = #KEYS / 3
local missing = {}
for i = 1, n do
  if redis.call('HEXISTS', KEYS[3 * i - 2], 'seeded') == 0 then missing[#missing + 1] = i end
end
if #missing > 0 then
  table.insert(missing, 1, -1)
  return missing
end
local grant = tonumber(ARGV[3])
for i = 1, n do
  local h, gx, ga = KEYS[3 * i - 2], KEYS[3 * i - 1], KEYS[3 * i]
  local old = redis.call('ZRANGEBYSCORE', gx, '-inf', now)
  if #old > 0 then
    local amounts = redis.call('HMGET', ga, unpack(old))
    local sum = 0
    for j = 1, #old do sum = sum + (tonumber(amounts[j]) or 0) end
    redis.call('ZREMRANGEBYSCORE', gx, '-inf', now)
    redis.call('HDEL', ga, unpack(old))
    redis.call('HINCRBY', h, 'out', int(-sum))
  end
  if ARGV[5] ~= '' then
    local previous = tonumber(redis.call('HGET', ga, ARGV[5]) or '-1')
    if previous >= 0 then
      -- What its bids may cost: a float's last bid may take it past its amount, by one bid.
      local used = math.max(0, tonumber(ARGV[6]))
      redis.call('HSET', ga, ARGV[5], int(used))
      redis.call('HINCRBY', h, 'out', int(used - previous))
    end
  end
  local limit = tonumber(ARGV[7 + i])
  if limit >= 0 then
    local values = redis.call('HMGET', h, 'spent', 'out')
    local left = limit - (tonumber(values[1]) or 0) - (tonumber(values[2]) or 0)
    if left < grant then grant = left end
  end
end
if grant <= 0 then return {0} end
for i = 1, n do
  local h, gx, ga = KEYS[3 * i - 2], KEYS[3 * i - 1], KEYS[3 * i]
  redis.call('HINCRBY', h, 'out', int(grant))
  redis.call('ZADD', gx, ARGV[2], ARGV[4])
  redis.call('HSET', ga, ARGV[4], int(grant))
  redis.call('EXPIRE', h, ARGV[7])
  redis.call('EXPIRE', gx, ARGV[7])
  redis.call('EXPIRE', ga, ARGV[7])
end
return {grant}`;

/**
 * Seeds a budget hash from the rollups once (the first process to ask wins): spent, impressions and clicks.
 * KEYS: the hash. ARGV: spent, imps, clicks, TTL seconds. Answers 1 when it seeded, 0 when it was seeded.
 */
export const SEED_BUDGET_LUA = `
if redis.call('HSETNX', KEYS[1], 'seeded', '1') == 0 then return 0 end
redis.call('HINCRBY', KEYS[1], 'spent', ARGV[1])
redis.call('HINCRBY', KEYS[1], 'imps', ARGV[2])
redis.call('HINCRBY', KEYS[1], 'clicks', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1`;

/**
 * Counts a batch of events once each (decision 052): an event whose de-duplication key is new sets it (with
 * its TTL) and adds its spend, impressions and clicks to each of its budget hashes that is seeded (one not
 * seeded yet will be seeded from the rollups, which the event reaches at the next flush). Answers 1 per new
 * event, 0 per repeat, in order.
 * KEYS: per event its de-duplication key, then its budget hashes. ARGV: the de-duplication TTL (seconds), the
 * budget TTL (seconds), then per event: how many budget hashes, spend, impressions, clicks.
 */
export const COUNT_EVENTS_LUA = `
local dedupTtl, budgetTtl = ARGV[1], ARGV[2]
local k, a = 1, 3
local answers = {}
while a <= #ARGV do
  local hashes = tonumber(ARGV[a])
  local spend, imps, clicks = ARGV[a + 1], ARGV[a + 2], ARGV[a + 3]
  local isNew = redis.call('SET', KEYS[k], '1', 'NX', 'EX', dedupTtl)
  if isNew then
    answers[#answers + 1] = 1
    for i = 1, hashes do
      local h = KEYS[k + i]
      if redis.call('HEXISTS', h, 'seeded') == 1 then
        if spend ~= '0' then redis.call('HINCRBY', h, 'spent', spend) end
        if imps ~= '0' then redis.call('HINCRBY', h, 'imps', imps) end
        if clicks ~= '0' then redis.call('HINCRBY', h, 'clicks', clicks) end
        redis.call('EXPIRE', h, budgetTtl)
      end
    end
  else
    answers[#answers + 1] = 0
  end
  k = k + 1 + hashes
  a = a + 4
end
return answers`;

/**
 * Reserves a bid's place under its frequency caps, atomically (decision 047, 052): for each cap (campaign and
 * strategy), the user's impressions in the cap's window plus its bids out must stay below the cap; if one is
 * reached nothing is reserved and 0 is answered, else every cap gets the bid out (until its expiry) and 1.
 * KEYS: the user's hash. ARGV: now, expiry, auction id, TTL seconds, then per cap: scope, window start (hour
 * ms; 0 for lifetime), limit.
 */
export const RESERVE_CAP_LUA = `${LUA_INT}
local now = tonumber(ARGV[1])
local fields = redis.call('HGETALL', KEYS[1])
local counts = {}
local expired = {}
for i = 1, #fields, 2 do
  local name, value = fields[i], fields[i + 1]
  local bar = string.find(name, '|', 1, true)
  if bar then
    local scope, kind = string.sub(name, 1, bar - 1), string.sub(name, bar + 1, bar + 1)
    local entry = counts[scope]
    if not entry then entry = { l = 0, p = 0, h = {} }; counts[scope] = entry end
    if kind == 'l' then entry.l = tonumber(value)
    elseif kind == 'h' then entry.h[#entry.h + 1] = { tonumber(string.sub(name, bar + 2)), tonumber(value) }
    elseif kind == 'p' then
      if tonumber(value) > now then entry.p = entry.p + 1 else expired[#expired + 1] = name end
    end
  end
end
if #expired > 0 then redis.call('HDEL', KEYS[1], unpack(expired)) end
for c = 5, #ARGV, 3 do
  local entry = counts[ARGV[c]] or { l = 0, p = 0, h = {} }
  local from, limit = tonumber(ARGV[c + 1]), tonumber(ARGV[c + 2])
  local shown = 0
  if from == 0 then shown = entry.l else
    for _, hour in ipairs(entry.h) do if hour[1] >= from and hour[1] <= now then shown = shown + hour[2] end end
  end
  if shown + entry.p >= limit then return 0 end
end
for c = 5, #ARGV, 3 do redis.call('HSET', KEYS[1], ARGV[c] .. '|p' .. ARGV[3], ARGV[2]) end
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1`;

/**
 * Counts an impression toward a user's caps: its bid out is dropped, its hour and lifetime counts go up, and
 * hours older than the kept window are dropped. KEYS: the user's hash. ARGV: hour ms, oldest hour kept (ms),
 * auction id, TTL seconds, then the cap scopes.
 */
export const COUNT_CAP_IMPRESSION_LUA = `
local hour, oldest = ARGV[1], tonumber(ARGV[2])
for c = 5, #ARGV do
  local scope = ARGV[c]
  redis.call('HDEL', KEYS[1], scope .. '|p' .. ARGV[3])
  redis.call('HINCRBY', KEYS[1], scope .. '|l', 1)
  redis.call('HINCRBY', KEYS[1], scope .. '|h' .. hour, 1)
end
local names = redis.call('HKEYS', KEYS[1])
local stale = {}
for _, name in ipairs(names) do
  local at = string.find(name, '|h', 1, true)
  if at and tonumber(string.sub(name, at + 2)) < oldest then stale[#stale + 1] = name end
end
if #stale > 0 then redis.call('HDEL', KEYS[1], unpack(stale)) end
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1`;

/** A Lua script run by its SHA1, loaded again when the server does not hold it (a restart, a flush). */
export class RedisScript {
  readonly #source: string;
  #sha: string | undefined;

  constructor(source: string) {
    this.#source = source;
  }

  async run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    if (this.#sha !== undefined) {
      try {
        return await redis.evalsha(this.#sha, keys.length, ...keys, ...args);
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      }
    }
    this.#sha = String(await redis.script('LOAD', this.#source));
    return redis.evalsha(this.#sha, keys.length, ...keys, ...args);
  }
}

/**
 * A Redis connection for the engine: commands fail at once while it is down (no offline queue, one retry), so
 * that the parts fail closed instead of waiting; it reconnects by itself.
 */
export const connectRedis = (
  url: string,
  options: { readonly keyPrefix?: string; readonly onError?: (error: unknown) => void } = {},
): Redis => {
  const redis = new Redis(url, {
    keyPrefix: options.keyPrefix ?? '',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    lazyConnect: false,
  });
  redis.on('error', (error: unknown) => options.onError?.(error));
  return redis;
};

/** Resolves once the connection is up, or after `timeoutMs` (true when it is up): a start does not wait longer. */
export const whenRedisReady = (redis: Redis, timeoutMs = 2_000): Promise<boolean> =>
  redis.status === 'ready'
    ? Promise.resolve(true)
    : new Promise((resolve) => {
        const done = (isReady: boolean) => {
          clearTimeout(timer);
          redis.off('ready', onReady);
          resolve(isReady);
        };
        const onReady = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        redis.on('ready', onReady);
      });

/** Whether the connection is up (commands would be sent). */
export const isRedisReady = (redis: Redis): boolean => redis.status === 'ready';
