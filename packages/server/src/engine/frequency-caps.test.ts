import { describe, expect, it } from 'vitest';
import { identifierHasher } from '../lib/identifier-hash';
import { decideBids } from './bidder';
import type { BidderExchange } from './bidder-state';
import { buildStrategy, fixture, NOTHING_DELIVERED, TEST_EXCHANGE } from './engine.factories';
import { browserFamilyOf, capUsersOf, MemoryFrequencyCapStore, PENDING_MS, underCap } from './frequency-caps';
import { NO_BID_REASONS, type TBidRequest } from './openrtb';
import type { CompiledFrequencyCap, CompiledStrategy } from './strategy-index';
import { requestIdentity } from './targeting';

/** Frequency caps: the in-process store's windows, expiry and bound, the users of a request, the bid check. */

const KEY = 'identity-secret';
const at = (iso: string) => new Date(iso);
const ticket = (user: string, strategyId = '11') => ({ strategyId, capUser: user });

describe('MemoryFrequencyCapStore', () => {
  it('counts per UTC hour, per local day in the campaign zone and for the lifetime', () => {
    const store = new MemoryFrequencyCapStore();
    store.recordImpression(ticket('u'), at('2026-11-27T09:10:00Z'));
    store.recordImpression(ticket('u'), at('2026-11-27T09:50:00Z'));
    store.recordImpression(ticket('u'), at('2026-11-27T10:05:00Z'));
    const now = at('2026-11-27T10:30:00Z');
    expect(store.count('11', 'u', 'hour', 'UTC', now)).toBe(1);
    expect(store.count('11', 'u', 'day', 'UTC', now)).toBe(3);
    expect(store.count('11', 'u', 'lifetime', 'UTC', now)).toBe(3);
    // Tokyo's day began at 15:00 UTC the day before; New York's at 05:00 UTC this day.
    expect(store.count('11', 'u', 'day', 'Asia/Tokyo', now)).toBe(3);
    expect(store.count('11', 'u', 'day', 'America/New_York', now)).toBe(3);
    expect(store.count('11', 'u', 'day', 'Pacific/Kiritimati', now)).toBe(1);
    // Another user, another strategy: nothing.
    expect(store.count('11', 'v', 'lifetime', 'UTC', now)).toBe(0);
    expect(store.count('12', 'u', 'lifetime', 'UTC', now)).toBe(0);
  });

  it('counts a bid from the bid on: its impression replaces it, a lost one stops counting after a minute', () => {
    const store = new MemoryFrequencyCapStore();
    const bidAt = at('2026-11-27T10:00:00Z');
    store.reserve({ strategyId: '11', capUser: 'u', auctionId: 'a1' }, bidAt);
    store.reserve({ strategyId: '11', capUser: 'u', auctionId: 'a2' }, bidAt);
    expect(store.count('11', 'u', 'day', 'UTC', bidAt)).toBe(2);
    // a1 is shown: it counts once, as an impression.
    store.recordImpression({ strategyId: '11', capUser: 'u', auctionId: 'a1' }, at('2026-11-27T10:00:01Z'));
    expect(store.count('11', 'u', 'day', 'UTC', at('2026-11-27T10:00:02Z'))).toBe(2);
    expect(store.count('11', 'u', 'lifetime', 'UTC', at('2026-11-27T10:00:02Z'))).toBe(2);
    // a2 was lost: a minute after its bid it no longer counts.
    expect(store.count('11', 'u', 'day', 'UTC', new Date(bidAt.getTime() + PENDING_MS))).toBe(1);
    expect(store.count('11', 'u', 'hour', 'UTC', new Date(bidAt.getTime() + PENDING_MS))).toBe(1);
  });

  it('lets windows pass: the next hour and the next local day start from zero, the lifetime does not', () => {
    const store = new MemoryFrequencyCapStore();
    store.recordImpression(ticket('u'), at('2026-11-27T23:30:00Z'));
    store.recordImpression(ticket('u'), at('2026-11-27T23:40:00Z'));
    const nextHour = at('2026-11-28T00:10:00Z');
    expect(store.count('11', 'u', 'hour', 'UTC', nextHour)).toBe(0);
    expect(store.count('11', 'u', 'day', 'UTC', nextHour)).toBe(0);
    // In Madrid (UTC+1) it is still 00:40 → 01:10 the 28th: the day began at 23:00 UTC, both count.
    expect(store.count('11', 'u', 'day', 'Europe/Madrid', nextHour)).toBe(2);
    expect(store.count('11', 'u', 'lifetime', 'UTC', at('2027-06-01T00:00:00Z'))).toBe(2);
  });

  it('keeps the hours of about a day per user and drops older ones when it counts again', () => {
    const store = new MemoryFrequencyCapStore();
    for (let hour = 0; hour < 40; hour += 1) {
      store.recordImpression(ticket('u'), new Date(Date.UTC(2026, 10, 27, hour)));
    }
    const last = new Date(Date.UTC(2026, 10, 27, 39, 30));
    expect(store.count('11', 'u', 'hour', 'UTC', last)).toBe(1);
    // 2026-11-28 from 00:00 to 15:00 UTC: 16 hours.
    expect(store.count('11', 'u', 'day', 'UTC', last)).toBe(16);
    expect(store.count('11', 'u', 'lifetime', 'UTC', last)).toBe(40);
  });

  it('ignores a ticket without a cap user', () => {
    const store = new MemoryFrequencyCapStore();
    store.recordImpression(ticket(''), at('2026-11-27T10:00:00Z'));
    store.recordImpression({ strategyId: '11' }, at('2026-11-27T10:00:00Z'));
    expect(store.size).toBe(0);
  });

  it('forgets the least recently counted user past its bound', () => {
    const store = new MemoryFrequencyCapStore({ maxEntries: 2 });
    const now = at('2026-11-27T10:00:00Z');
    store.recordImpression(ticket('a'), now);
    store.recordImpression(ticket('b'), now);
    store.recordImpression(ticket('a'), now);
    store.recordImpression(ticket('c'), now);
    expect(store.size).toBe(2);
    expect(store.count('11', 'a', 'lifetime', 'UTC', now)).toBe(2);
    expect(store.count('11', 'b', 'lifetime', 'UTC', now)).toBe(0);
    expect(store.count('11', 'c', 'lifetime', 'UTC', now)).toBe(1);
  });
});

describe('the users of a request', () => {
  const CAP: CompiledFrequencyCap = { impressions: 2, period: 'day', fingerprint: 'soft' };
  const hash = identifierHasher(KEY);
  const withDevice = (device: TBidRequest['device'], user?: TBidRequest['user']): TBidRequest => ({
    ...fixture('simple-banner'),
    device,
    ...(user === undefined ? {} : { user }),
  });
  const usersOf = (request: TBidRequest) => capUsersOf(request, requestIdentity(request, KEY), KEY);
  const chrome =
    'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  const ifa = '6D92078A-8246-4BA4-AE5B-76104861E7DC';

  it('keys by the advertising id when its type is allowed, else the cookie id when web is', () => {
    const request = withDevice({ ifa, os: 'iOS', ip: '192.0.2.1' }, { buyeruid: 'cookie-1' });
    const users = usersOf(request);
    expect(users.userOf(buildStrategy({ deviceIdTypes: new Set(['ifa']) }), CAP)).toBe(
      hash(ifa.toLowerCase()),
    );
    expect(users.userOf(buildStrategy({ deviceIdTypes: new Set(['web']) }), CAP)).toBe(hash('cookie-1'));
    expect(users.userOf(buildStrategy({ deviceIdTypes: new Set(['gaid']) }), CAP)).toBe('');
    expect(users.userOf(buildStrategy({ deviceIdTypes: new Set(['fake']) }), CAP)).toBe(
      hash(ifa.toLowerCase()),
    );
  });

  it('fingerprints a request without an identifier only when the campaign allows fake (or any ID)', () => {
    const request = withDevice({ ua: chrome, ip: '192.0.2.1' }, {});
    const users = usersOf(request);
    const soft = users.userOf(buildStrategy({ deviceIdTypes: new Set(['fake']) }), CAP);
    expect(soft).toBe(hash('fingerprint:soft:192.0.2.1:chrome'));
    expect(users.userOf(buildStrategy(), CAP)).toBe(soft);
    expect(
      users.userOf(buildStrategy({ deviceIdTypes: new Set(['fake']) }), { ...CAP, fingerprint: 'exact' }),
    ).toBe(hash(`fingerprint:exact:192.0.2.1:${chrome}`));
    expect(users.userOf(buildStrategy({ deviceIdTypes: new Set(['ifa', 'web']) }), CAP)).toBe('');
    // The same address and browser family with another version is the same soft user, another exact one.
    const other = usersOf(withDevice({ ua: chrome.replace('120.0', '121.0'), ip: '192.0.2.1' }, {}));
    expect(other.userOf(buildStrategy(), CAP)).toBe(soft);
    expect(other.userOf(buildStrategy(), { ...CAP, fingerprint: 'exact' })).not.toBe(
      users.userOf(buildStrategy(), { ...CAP, fingerprint: 'exact' }),
    );
    // No address: nobody to count.
    expect(usersOf(withDevice({ ua: chrome }, {})).userOf(buildStrategy(), CAP)).toBe('');
  });

  it('names browser families', () => {
    expect(browserFamilyOf(chrome)).toBe('chrome');
    expect(browserFamilyOf('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.1 Safari/605.1.15')).toBe(
      'safari',
    );
    expect(browserFamilyOf('Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0')).toBe(
      'firefox',
    );
    expect(browserFamilyOf(`${chrome} Edg/120.0.2210.61`)).toBe('edge');
    expect(browserFamilyOf('')).toBe('other');
  });
});

describe('the bid check', () => {
  const NOW = at('2026-11-27T12:00:00Z');
  const EXCHANGE: BidderExchange = TEST_EXCHANGE;
  const capped = (cap: CompiledFrequencyCap | null): CompiledStrategy =>
    buildStrategy({
      frequencyCap: cap,
      creatives: [
        {
          id: 'cr',
          kind: 'banner',
          size: { w: 300, h: 250 },
          attributes: [],
          serving: {
            name: 'C',
            clickUrl: 'https://shop.example',
            impressionPixels: [],
            eventPixels: {},
            imageUrl: '/api/files/b.png',
            iconUrl: null,
            html: null,
            vastUrl: null,
            durationMs: null,
            mediaFiles: [],
            companion: null,
          },
        },
      ],
    });
  const decide = (strategy: CompiledStrategy, store: MemoryFrequencyCapStore | undefined) =>
    decideBids({
      exchange: EXCHANGE,
      request: fixture('simple-banner'),
      rates: new Map(),
      now: NOW,
      candidates: () => [strategy],
      sink: {
        recordBid: () => undefined,
        strategyStats: () => ({ impressions: 0, clicks: 0 }),
        mayBid: () => true,
        campaignDay: () => NOTHING_DELIVERED,
      },
      secrets: { ticket: 'ticket-secret', identity: KEY },
      publicUrl: 'https://ads.example',
      ...(store === undefined ? {} : { caps: store }),
    });

  it('bids until the user reaches the cap, then refuses with the user cap reason', () => {
    const store = new MemoryFrequencyCapStore();
    const strategy = capped({ impressions: 2, period: 'day', fingerprint: 'soft' });
    for (let shown = 0; shown < 2; shown += 1) {
      const decision = decide(strategy, store);
      expect(decision.ok).toBe(true);
      if (!decision.ok) return;
      const user = decision.tickets[0]?.capUser ?? '';
      // The fixture's cookie id, the user of a campaign taking any ID.
      expect(user).toBe(identifierHasher(KEY)('bcn-3f9a1d'));
      store.recordImpression(decision.tickets[0] ?? { strategyId: '', capUser: '' }, NOW);
    }
    expect(decide(strategy, store)).toEqual({ ok: false, nbr: NO_BID_REASONS.DAILY_USER_CAP_MET });
    // The next UTC day (the campaign's zone is UTC) it bids again.
    expect(
      underCap(
        store,
        strategy,
        { impressions: 2, period: 'day', fingerprint: 'soft' },
        identifierHasher(KEY)('bcn-3f9a1d'),
        at('2026-11-28T00:00:00Z'),
      ),
    ).toBe(true);
  });

  it('costs nothing and writes no cap user without a cap; fails closed with a cap and no store', () => {
    const free = decide(capped(null), undefined);
    expect(free.ok && free.tickets[0]?.capUser).toBe('');
    expect(decide(capped({ impressions: 5, period: 'hour', fingerprint: 'soft' }), undefined)).toEqual({
      ok: false,
      nbr: NO_BID_REASONS.DAILY_USER_CAP_MET,
    });
  });
});
