/**
 * Frequency caps (docs/engine.md "Frequency caps", decision 047): at most N impressions per user per hour, day
 * or lifetime for a strategy. Counted at impression (the event intake hands the ticket over), checked at bid.
 *
 * A bid counts toward its user's cap from the bid on (a reservation), until its impression replaces it or
 * PENDING_MS passes without one (a lost auction): so that bids already out cannot together exceed the cap.
 *
 * Users: the keyed hash of the request's device identifier of a type the campaign allows; a request without
 * one is told apart by its fingerprint (§2 fingerprint types: soft — address and browser family; exact —
 * address and full user agent; hashed with the audiences' key) only when the campaign allows `fake` (any ID or
 * no ID, as no type chosen does); otherwise a capped strategy does not bid on it (it could not count it).
 *
 * The store sits behind `FrequencyCapStore` so that counts can later live in a shared store across processes;
 * `MemoryFrequencyCapStore` keeps them in this process, bounded.
 */
import { identifierHasher } from '../lib/identifier-hash';
import type { AuctionTicket } from './event-ticket';
import { localDayStart } from './local-day';
import type { TBidRequest } from './openrtb';
import type { CompiledFrequencyCap, CompiledStrategy } from './strategy-index';
import type { RequestIdentity } from './targeting';

const HOUR_MS = 3_600_000;
/** Hours a user's counts are kept per hour: a local day is at most 25 hours long, plus the one it started in. */
const KEPT_HOURS = 26;
/** The default bound on (strategy, user) entries held in memory. */
export const DEFAULT_MAX_CAP_ENTRIES = 500_000;
/** How long a bid counts toward its user's cap without its impression (then its auction is taken as lost). */
export const PENDING_MS = 60_000;

export type CapPeriod = 'hour' | 'day' | 'lifetime';

/** What a ticket says of its caps: the strategy's user and, when the campaign has its own cap, the campaign's. */
export type CapTicket = Pick<AuctionTicket, 'strategyId' | 'capUser' | 'campaignCapUser'> & {
  readonly campaignId?: string;
  readonly auctionId?: string;
};

/** The scope a campaign's own cap counts in (a strategy's is its id). */
export const campaignCapScope = (campaignId: string): string => `c${campaignId}`;

/** The (scope, user) pairs a ticket's impression counts for: its strategy's cap, and its campaign's. */
export const capScopesOf = (ticket: CapTicket): { scope: string; user: string }[] => {
  const scopes: { scope: string; user: string }[] = [];
  if (ticket.capUser) scopes.push({ scope: ticket.strategyId, user: ticket.capUser });
  if (ticket.campaignCapUser && ticket.campaignId) {
    scopes.push({ scope: campaignCapScope(ticket.campaignId), user: ticket.campaignCapUser });
  }
  return scopes;
};

/** Where caps' counts are held: recorded at impression, read at bid. */
export type FrequencyCapStore = {
  /** A bid with caps: it counts toward them until its impression, or for PENDING_MS. */
  readonly reserve: (ticket: CapTicket & { readonly auctionId: string }, at: Date) => void;
  /**
   * An impression of a ticket with caps (`capUser` or `campaignCapUser` set), replacing its bid's reservation; a
   * ticket without one counts nothing.
   */
  readonly recordImpression: (ticket: CapTicket, at: Date) => void;
  /**
   * The user's impressions of `scope` (a strategy's id, or campaignCapScope) in the window of `period` that holds
   * `at`: its UTC hour, its local day in `timeZone` (from the UTC hour holding the local midnight,
   * engine/local-day.ts), or every impression the store still holds.
   */
  readonly count: (scope: string, user: string, period: CapPeriod, timeZone: string, at: Date) => number;
  /** Counts held in another process (Redis, decision 052); absent: `count` and `reserve` are the truth. */
  readonly shared?: SharedCapStore;
  /** True while impressions wait to be counted beyond a bound (the shared store is gone): refuse new events. */
  readonly isOverloaded?: () => boolean;
};

/** One cap a bid must stay under, as a shared store checks it. */
export type CapCheck = {
  readonly scope: string;
  readonly user: string;
  readonly period: CapPeriod;
  readonly timeZone: string;
  readonly impressions: number;
};

/**
 * Caps whose counts live in a shared store (redis-frequency-caps.ts): a request's users are read before it is
 * judged, and a bid's reservation is made only if its caps still allow it, atomically, since another process
 * may have bid for the same user meanwhile.
 */
export type SharedCapStore = {
  /** The counts of these users, for judging one request; rejects when the store cannot be read. */
  readonly load: (users: readonly string[], at: Date) => Promise<FrequencyCapStore>;
  /** Reserves a bid under its caps; false when one of them was reached meanwhile (the bid is not sent). */
  readonly reserveChecked: (auctionId: string, caps: readonly CapCheck[], at: Date) => Promise<boolean>;
};

type Entry = {
  /** Bids out without their impression yet: auction ids and until when they count. */
  pending: { auctionId: string; until: number }[];
  lifetime: number;
  /** Hour starts (ms) and counts, oldest first; at most KEPT_HOURS. */
  hours: number[];
  counts: number[];
};

/**
 * Counts in this process. Each (strategy, user) entry holds its lifetime count and its counts per UTC hour for
 * the last 26 hours. Memory is bounded by `maxEntries`: past it, the entry least recently counted is forgotten,
 * so that user may be shown the strategy up to N times more (a lifetime cap then holds only for the users
 * counted most recently). Hour and day caps lose nothing when an entry has not been counted for 26 hours.
 */
export class MemoryFrequencyCapStore implements FrequencyCapStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;

  constructor(options: { readonly maxEntries?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_CAP_ENTRIES;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The entry of a (strategy, user), made if new, moved to the end of the map's order (least recent first). */
  #touch(key: string): Entry {
    let entry = this.#entries.get(key);
    if (entry === undefined) {
      entry = { pending: [], lifetime: 0, hours: [], counts: [] };
      while (this.#entries.size >= this.#maxEntries) {
        const oldest = this.#entries.keys().next().value;
        if (oldest === undefined) break;
        this.#entries.delete(oldest);
      }
    } else {
      this.#entries.delete(key);
    }
    this.#entries.set(key, entry);
    return entry;
  }

  reserve = (ticket: CapTicket & { readonly auctionId: string }, at: Date): void => {
    const now = at.getTime();
    for (const { scope, user } of capScopesOf(ticket)) {
      const entry = this.#touch(`${scope}|${user}`);
      entry.pending = entry.pending.filter((bid) => bid.until > now);
      entry.pending.push({ auctionId: ticket.auctionId, until: now + PENDING_MS });
    }
  };

  recordImpression = (ticket: CapTicket, at: Date): void => {
    for (const { scope, user } of capScopesOf(ticket))
      this.#countImpression(scope, user, ticket.auctionId, at);
  };

  #countImpression(scope: string, user: string, auctionId: string | undefined, at: Date): void {
    const hour = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    const entry = this.#touch(`${scope}|${user}`);
    if (auctionId !== undefined && entry.pending.length > 0) {
      entry.pending = entry.pending.filter((bid) => bid.auctionId !== auctionId);
    }
    entry.lifetime += 1;
    const last = entry.hours.length - 1;
    if (last >= 0 && entry.hours[last] === hour) {
      entry.counts[last] = (entry.counts[last] ?? 0) + 1;
    } else {
      entry.hours.push(hour);
      entry.counts.push(1);
    }
    const cutoff = hour - (KEPT_HOURS - 1) * HOUR_MS;
    let drop = 0;
    while (drop < entry.hours.length && (entry.hours[drop] ?? 0) < cutoff) drop += 1;
    if (drop > 0) {
      entry.hours.splice(0, drop);
      entry.counts.splice(0, drop);
    }
  }

  count = (scope: string, user: string, period: CapPeriod, timeZone: string, at: Date): number => {
    const entry = this.#entries.get(`${scope}|${user}`);
    if (entry === undefined) return 0;
    const now = at.getTime();
    let pending = 0;
    for (const bid of entry.pending) if (bid.until > now) pending += 1;
    if (period === 'lifetime') return entry.lifetime + pending;
    const hour = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    const from = period === 'hour' ? hour : localDayStart(at, timeZone).start.getTime();
    let total = 0;
    for (let index = entry.hours.length - 1; index >= 0; index -= 1) {
      const start = entry.hours[index] ?? 0;
      if (start < from) break;
      if (start <= hour) total += entry.counts[index] ?? 0;
    }
    return total + pending;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Users of a request

/** The browser family of a user agent (the soft fingerprint): the first family named, in this order. */
const BROWSER_FAMILIES: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'edge'],
  [/\bOPR\/|\bOpera\b/, 'opera'],
  [/\bSamsungBrowser\//, 'samsung'],
  [/\bFirefox\/|\bFxiOS\//, 'firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'chrome'],
  [/\bSafari\//, 'safari'],
];

export const browserFamilyOf = (userAgent: string): string => {
  for (const [pattern, family] of BROWSER_FAMILIES) if (pattern.test(userAgent)) return family;
  return 'other';
};

/**
 * The users of one request, worked out when a capped strategy first asks (a request meeting no capped
 * strategy computes nothing). `userOf` answers '' when the strategy cannot tell the user apart: it then does
 * not bid.
 */
export type CapUsers = {
  readonly userOf: (strategy: CompiledStrategy, cap: CompiledFrequencyCap) => string;
  /** The request's fingerprint of a type ('' without an address). */
  readonly fingerprint: (type: 'soft' | 'exact') => string;
};

export const capUsersOf = (request: TBidRequest, identity: RequestIdentity, hmacKey: string): CapUsers => {
  const fingerprints: { soft?: string; exact?: string } = {};
  const fingerprint = (type: 'soft' | 'exact'): string => {
    const known = fingerprints[type];
    if (known !== undefined) return known;
    const address = (request.device?.ip ?? request.device?.ipv6 ?? '').trim().toLowerCase();
    const userAgent = (request.device?.ua ?? '').trim();
    // No address: nothing tells such users apart, so none is counted (the strategy does not bid).
    const value =
      address === ''
        ? ''
        : identifierHasher(hmacKey)(
            `fingerprint:${type}:${address}:${type === 'soft' ? browserFamilyOf(userAgent) : userAgent}`,
          );
    fingerprints[type] = value;
    return value;
  };
  // The advertising id's hash is first in `hashes` when there is one, then the bidder's cookie id (type web).
  const cookie = identity.types.has('web') ? (identity.hashes[identity.device === '' ? 0 : 1] ?? '') : '';
  const anyId = identity.hashes[0] ?? '';
  return {
    fingerprint,
    userOf: (strategy, cap) => {
      const allowed = strategy.deviceIdTypes;
      if (allowed.size === 0 || allowed.has('fake'))
        return anyId !== '' ? anyId : fingerprint(cap.fingerprint);
      if (identity.device !== '') {
        for (const type of identity.types) if (type !== 'web' && allowed.has(type)) return identity.device;
      }
      if (cookie !== '' && allowed.has('web')) return cookie;
      return '';
    },
  };
};

/**
 * The bid check: the strategy (or, with `scope` campaignCapScope, its campaign) may show its ad to this user
 * again. False when the user is at or over the cap, or cannot be told apart, or there is no store (fail closed).
 */
export const underCap = (
  store: FrequencyCapStore | undefined,
  strategy: CompiledStrategy,
  cap: CompiledFrequencyCap,
  user: string,
  now: Date,
  scope: string = strategy.strategyId,
): boolean =>
  store !== undefined &&
  user !== '' &&
  store.count(scope, user, cap.period, strategy.schedule.timeZone, now) < cap.impressions;

/** The caps a bid of `strategy` for these users must stay under (strategy's, then campaign's). */
export const capChecksOf = (
  strategy: CompiledStrategy,
  ticket: Pick<AuctionTicket, 'capUser' | 'campaignCapUser'>,
): CapCheck[] => {
  const checks: CapCheck[] = [];
  const timeZone = strategy.schedule.timeZone;
  const own = strategy.frequencyCap;
  if (own && ticket.capUser) {
    checks.push({
      scope: strategy.strategyId,
      user: ticket.capUser,
      period: own.period,
      timeZone,
      impressions: own.impressions,
    });
  }
  const campaign = strategy.campaignFrequencyCap;
  if (campaign && ticket.campaignCapUser) {
    checks.push({
      scope: campaignCapScope(strategy.campaignId),
      user: ticket.campaignCapUser,
      period: campaign.period,
      timeZone,
      impressions: campaign.impressions,
    });
  }
  return checks;
};

/** Every user a request could be capped as (identifier, cookie, fingerprints): a shared store reads these. */
export const capUsersOfRequest = (
  request: TBidRequest,
  identity: RequestIdentity,
  hmacKey: string,
): string[] => {
  const users = new Set<string>();
  for (const hash of identity.hashes) if (hash !== '') users.add(hash);
  const probe = capUsersOf(request, identity, hmacKey);
  for (const type of ['soft', 'exact'] as const) {
    const user = probe.fingerprint(type);
    if (user !== '') users.add(user);
  }
  return [...users];
};
