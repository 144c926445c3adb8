import { DAYS_OF_WEEK } from '@beacon/domain/dictionary/campaigns';
import { toMicros } from '@beacon/domain/dictionary/currencies';
import { EMPTY_TARGETING } from '@beacon/domain/validation/campaign-targeting';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredTargeting } from '../db/schema';
import type { CampaignRecord } from '../modules/campaigns/campaigns.repo';
import { createTestCreative } from '../modules/creatives/creatives.factories';
import { createTestDeal } from '../modules/deals/deals.factories';
import { createCampaign, createStrategy, dayFromToday } from '../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../test/test-app';
import { advertiserDomainOf, compileLiveStrategies } from './compile';
import { fixture } from './engine.factories';
import { StrategyIndex } from './index-store';
import type { PollTimer } from './poll-loop';
import { checkSchedule } from './targeting';

/** The index compiled from the database and kept fresh (decision 040), through the real database. */

/** A pasted InLine document: a ClickThrough in CDATA, a Duration and three MediaFiles of two types. */
const PASTED_INLINE_VAST = `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.2"><Ad id="a1"><InLine><AdSystem>Brand</AdSystem><AdTitle>Spring</AdTitle>
<Impression><![CDATA[https://pixel.brand.example/i]]></Impression>
<Creatives><Creative><Linear><Duration>00:00:15.600</Duration>
<MediaFiles>
<MediaFile delivery="progressive" type="video/MP4" width="640" height="360"><![CDATA[https://cdn.brand.example/a.mp4]]></MediaFile>
<MediaFile delivery="progressive" width="1280" height="720" type='video/mp4'><![CDATA[https://cdn.brand.example/b.mp4]]></MediaFile>
<MediaFile type="video/webm" delivery="progressive" width="640" height="360"><![CDATA[https://cdn.brand.example/a.webm]]></MediaFile>
</MediaFiles>
<VideoClicks><ClickThrough id="c"><![CDATA[ https://WWW.Brand.example/spring?cb=[CACHEBUSTING] ]]></ClickThrough></VideoClicks>
</Linear></Creative></Creatives></InLine></Ad></VAST>`;

describe('advertiserDomainOf', () => {
  it("is the click URL's host, lower case, without www. or a trailing dot", () => {
    expect(advertiserDomainOf('https://WWW.Shop.Example/spring?a=1')).toBe('shop.example');
    expect(advertiserDomainOf('http://shop.example.:8080/x')).toBe('shop.example');
    expect(advertiserDomainOf('https://www2.shop.example/')).toBe('www2.shop.example');
  });

  it("falls back to a pasted VAST's ClickThrough, and names none without an http(s) URL", () => {
    expect(advertiserDomainOf(null, 'https://brand.example')).toBe('brand.example');
    expect(advertiserDomainOf('https://shop.example/', 'https://brand.example')).toBe('shop.example');
    expect(advertiserDomainOf('tel:+34600000000')).toBeNull();
    expect(advertiserDomainOf('not a url')).toBeNull();
    expect(advertiserDomainOf(null)).toBeNull();
    expect(advertiserDomainOf('', null)).toBeNull();
  });
});

let ctx: TestContext;
let token: string;
let organizationId: string;

const call = (method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });

const targetingOf = (values: Partial<StoredTargeting>): string =>
  JSON.stringify({ ...EMPTY_TARGETING, ...values });

/** An active campaign of the owner's organization with an approved banner linked through the API. */
const liveCampaign = async (values: Parameters<typeof createCampaign>[2] = {}): Promise<CampaignRecord> => {
  const campaign = await createCampaign(ctx, organizationId, { state: 'active', ...values });
  const creative = await createTestCreative(ctx, organizationId, { state: 'active' });
  const linked = await call('PUT', `/campaign/${campaign.id}/creatives`, {
    links: [{ creative_id: Number(creative.id), state: 'active' }],
  });
  expect(linked.statusCode, linked.body).toBe(200);
  return campaign;
};

const geolistWithAreas = async (areas: { lat: number; lon: number; radius: number }[]): Promise<string> => {
  const { id } = await ctx.db
    .insertInto('geolists')
    .values({ organization_id: organizationId, name: `Stores ${Math.random()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('geolist_areas')
    .values(
      areas.map((area, position) => ({
        geolist_id: id,
        position,
        latitude: area.lat,
        longitude: area.lon,
        radius: area.radius,
      })),
    )
    .execute();
  return id;
};

/** An uploaded audience whose committed upload holds these hashes (hex), as decision 033 stores them. */
const audienceWithHashes = async (hashes: string[], state: 'committed' | 'staged' = 'committed') => {
  const { id } = await ctx.db
    .insertInto('audiences')
    .values({ organization_id: organizationId, name: `Buyers ${Math.random()}`, type: 'private' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const upload = await ctx.db
    .insertInto('audience_uploads')
    .values({ audience_id: id, state })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('audience_identifiers')
    .values(
      hashes.map((hash) => ({
        audience_id: id,
        upload_id: upload.id,
        identifier_hash: Buffer.from(hash, 'hex'),
        identifier_type: 'gaid',
      })),
    )
    .execute();
  return id;
};

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const HASH_STAGED = 'c'.repeat(64);

/** A database handle that counts the statements it runs, and can be made to fail them. */
const instrumented = () => {
  const state = { statements: 0, isBroken: false };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (state.isBroken) throw new Error('connection terminated');
      state.statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { state, db: ctx.db.withPlugin(plugin) };
};

/** A poll timer run by hand. */
const manualTimer = () => {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timer: PollTimer = {
    set: (callback) => {
      next += 1;
      pending.set(next, callback);
      return next;
    },
    clear: (handle) => {
      pending.delete(Number(handle));
    },
  };
  /** Runs the polls due, as the timer would. */
  const fire = (): void => {
    const due = [...pending.values()];
    pending.clear();
    for (const callback of due) callback();
  };
  return { timer, pending, fire };
};

beforeAll(async () => {
  ctx = await startTestApp();
  token = await loginAs(ctx.app, 'owner');
  organizationId = (
    await ctx.db
      .selectFrom('users')
      .select('organization_id')
      .where('username', '=', 'owner')
      .executeTakeFirstOrThrow()
  ).organization_id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('compileLiveStrategies', () => {
  it('compiles a live strategy with its campaign, creative and targeted resources', async () => {
    const geolist = await geolistWithAreas([{ lat: 40.4168, lon: -3.7038, radius: 500 }]);
    const included = await audienceWithHashes([HASH_A, HASH_B]);
    const partlyStaged = await audienceWithHashes([HASH_STAGED], 'staged');
    const deal = await createTestDeal(ctx, organizationId, { floor_price: toMicros('1.75').toString() });
    const campaign = await liveCampaign({
      bid: toMicros('2.5').toString(),
      device_types: ['phone'],
      targeting: targetingOf({
        countries: ['ESP', 'FRA'],
        regions: ['ES-AN'],
        cities: ['ES-AN-Málaga'],
        bundle_ids: ['com.Example.App'],
        iab_categories: ['iab2'],
        geolists: [Number(geolist)],
        audiences: { at_least_one_of: [Number(included)], mandatory: [], excluded: [Number(partlyStaged)] },
        deals: [Number(deal.id)],
      }),
    });
    const strategy = await createStrategy(ctx, campaign, { bid: toMicros('3.1').toString() });

    const index = await compileLiveStrategies(ctx.db, { now: ctx.clock.now() });
    const compiled = index.strategies.find((s) => s.strategyId === strategy.id);
    expect(compiled).toBeDefined();
    expect(compiled).toMatchObject({
      campaignId: campaign.id,
      organizationId,
      campaignType: 'generic',
      pricing: 'cpm',
      bidMicros: toMicros('3.1'),
      currency: campaign.currency,
      budget: {
        timespan: 'lifetime',
        campaignBudgetMicros: toMicros('1000'),
        budgetSharePercent: 50,
        dailyLimitType: 'auto',
        maxDailyCostStrategy: 'daily',
      },
      schedule: { timeZone: 'UTC', startDay: campaign.start_date, endDay: campaign.end_date },
      deals: [{ id: deal.id, externalId: deal.external_id, floorMicros: toMicros('1.75') }],
      creatives: [{ kind: 'banner', size: { w: 300, h: 250 } }],
    });
    expect(compiled?.geo.countries).toEqual(new Set(['ESP', 'FRA']));
    expect(compiled?.geo.regions).toEqual(new Set(['ES-AN']));
    expect(compiled?.geo.cities).toEqual([{ countryIso2: 'ES', region: 'AN', name: 'malaga' }]);
    expect(compiled?.geo.areas).toEqual([{ lat: 40.4168, lon: -3.7038, radiusMetres: 500 }]);
    expect(compiled?.supply.bundleIds).toEqual(new Set(['com.example.app']));
    expect(compiled?.supply.iabCategories).toEqual(new Set(['IAB2']));
    expect(compiled?.deviceTypes).toEqual(new Set(['phone']));
    expect(compiled?.schedule.days.size).toBe(7);
    expect(compiled?.schedule.ranges).toEqual([{ from: 0, to: 1440 }]);
    // Only committed uploads count: the staged upload's hash is not held.
    expect(compiled?.audiences.atLeastOneOf).toEqual([{ id: included, hashes: new Set([HASH_A, HASH_B]) }]);
    expect(compiled?.audiences.excluded).toEqual([{ id: partlyStaged, hashes: new Set() }]);
    expect(index.audienceHashes).toBeGreaterThanOrEqual(2);
  });

  it("compiles the goal from the campaign's price model, event optimisation and CPC target (decision 051)", async () => {
    const cpa = await liveCampaign({
      type: 'app-promotion',
      price_model: 'cpa2',
      event_optimisation: 'all_events',
      cpc_target: toMicros('20').toString(),
      bid: toMicros('4').toString(),
    });
    const withoutPrice = await liveCampaign({ price_model: 'ctr', cpc_target: null });
    const cpaStrategy = await createStrategy(ctx, cpa, { bid: toMicros('6').toString() });
    const plain = await createStrategy(ctx, withoutPrice);
    const index = await compileLiveStrategies(ctx.db, { now: ctx.clock.now() });
    const byId = new Map(index.strategies.map((s) => [s.strategyId, s]));
    expect(byId.get(cpaStrategy.id)).toMatchObject({
      bidMicros: toMicros('6'),
      goal: { event: 'conversions_all', priceMicros: toMicros('20') },
    });
    expect(byId.get(plain.id)?.goal).toBeNull();
  });

  it("reads the schedule in the campaign's time zone", async () => {
    const campaign = await liveCampaign({
      time_zone: 'Asia/Tokyo',
      start_date: '2026-01-01',
      end_date: '2027-12-31',
      schedule: JSON.stringify({
        preset: 'custom',
        days: [...DAYS_OF_WEEK],
        ranges: [{ from: '09:00', to: '17:00' }],
      }),
    });
    const strategy = await createStrategy(ctx, campaign);
    const index = await compileLiveStrategies(ctx.db, { now: ctx.clock.now() });
    const compiled = index.strategies.find((s) => s.strategyId === strategy.id);
    expect(compiled?.schedule).toMatchObject({ timeZone: 'Asia/Tokyo', ranges: [{ from: 540, to: 1020 }] });
    const schedule = compiled?.schedule;
    if (schedule === undefined) throw new Error('not compiled');
    // 01:00 UTC is 10:00 in Tokyo: inside 09:00–17:00. 09:00 UTC is 18:00 there: outside.
    expect(checkSchedule(schedule, new Date('2026-11-27T01:00:00Z')).ok).toBe(true);
    expect(checkSchedule(schedule, new Date('2026-11-27T09:00:00Z'))).toMatchObject({
      ok: false,
      reason: 'outside_schedule',
    });
  });

  it("gives the campaign's frequency cap to every one of its strategies, beside each strategy's own", async () => {
    const campaign = await liveCampaign({
      frequency_cap: JSON.stringify({ impressions: 2, period: 'day', fingerprint: 'exact' }),
    });
    const capped = await createStrategy(ctx, campaign, {
      budget_share: 40,
      frequency_cap: JSON.stringify({ impressions: 1, period: 'hour', fingerprint: 'soft' }),
    });
    const uncapped = await createStrategy(ctx, campaign, { budget_share: 60 });
    const other = await createStrategy(ctx, await liveCampaign());

    const index = await compileLiveStrategies(ctx.db, { now: ctx.clock.now() });
    const compiledOf = (id: string) => index.strategies.find((s) => s.strategyId === id);
    const campaignCap = { impressions: 2, period: 'day', fingerprint: 'exact' };
    expect(compiledOf(capped.id)).toMatchObject({
      frequencyCap: { impressions: 1, period: 'hour', fingerprint: 'soft' },
      campaignFrequencyCap: campaignCap,
    });
    expect(compiledOf(uncapped.id)).toMatchObject({ frequencyCap: null, campaignFrequencyCap: campaignCap });
    expect(compiledOf(other.id)).toMatchObject({ frequencyCap: null, campaignFrequencyCap: null });
  });

  it('leaves out paused, deleted, ended and incomplete strategies, and creatives that cannot serve', async () => {
    const paused = await createStrategy(ctx, await liveCampaign(), { state: 'paused' });
    const deletedCampaign = await createStrategy(ctx, await liveCampaign());
    await ctx.db
      .updateTable('campaigns')
      .set({ state: 'deleted', deleted_at: ctx.clock.now() })
      .where('id', '=', deletedCampaign.campaign_id)
      .execute();
    const inactiveCampaign = await createStrategy(ctx, await liveCampaign({ state: 'inactive' }));
    const ended = await createStrategy(
      ctx,
      await liveCampaign({ start_date: dayFromToday(ctx, -40), end_date: dayFromToday(ctx, -10) }),
    );
    const later = await createStrategy(
      ctx,
      await liveCampaign({ start_date: dayFromToday(ctx, 10), end_date: dayFromToday(ctx, 40) }),
    );
    const deletedStrategy = await createStrategy(ctx, await liveCampaign());
    await ctx.db
      .updateTable('strategies')
      .set({ deleted_at: ctx.clock.now() })
      .where('id', '=', deletedStrategy.id)
      .execute();

    const withoutApproval = await createCampaign(ctx, organizationId, { state: 'active' });
    const pending = await createTestCreative(ctx, organizationId);
    const unprocessed = await createTestCreative(ctx, organizationId, {
      state: 'active',
      type: 'video',
      technical_type: 'vast',
      transcoding_status: 'pending',
    });
    expect(
      (
        await call('PUT', `/campaign/${withoutApproval.id}/creatives`, {
          links: [
            { creative_id: Number(pending.id), state: 'active' },
            { creative_id: Number(unprocessed.id), state: 'active' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const noCreative = await createStrategy(ctx, withoutApproval);

    const goneGeolist = await geolistWithAreas([{ lat: 1, lon: 1, radius: 100 }]);
    await ctx.db
      .updateTable('geolists')
      .set({ state: 'deleted', deleted_at: ctx.clock.now() })
      .where('id', '=', goneGeolist)
      .execute();
    const onGoneGeolist = await createStrategy(
      ctx,
      await liveCampaign({ targeting: targetingOf({ geolists: [Number(goneGeolist)] }) }),
    );

    const index = await compileLiveStrategies(ctx.db, { now: ctx.clock.now() });
    const ids = new Set(index.strategies.map((s) => s.strategyId));
    for (const strategy of [paused, deletedCampaign, inactiveCampaign, ended, later, deletedStrategy]) {
      expect(ids.has(strategy.id), strategy.name).toBe(false);
    }
    expect(ids.has(noCreative.id)).toBe(false);
    expect(index.skipped).toContainEqual({ strategyId: noCreative.id, reason: 'no_creatives' });
    // A strategy whose only geolist is gone would bid everywhere: it is left out instead.
    expect(ids.has(onGoneGeolist.id)).toBe(false);
    expect(index.skipped).toContainEqual({ strategyId: onGoneGeolist.id, reason: 'geolists_gone' });
  });

  it('compiles what the markup needs: files, HTML, the external VAST URL, pixels, the click URL', async () => {
    const campaign = await createCampaign(ctx, organizationId, { state: 'active' });
    const image = await createTestCreative(ctx, organizationId, {
      state: 'active',
      type: 'image',
      technical_type: 'banner',
      html_markup: null,
      asset: JSON.stringify({
        url: '/api/files/b.png',
        kind: 'image/png',
        bytes: 10,
        width: 300,
        height: 250,
      }),
      impression_pixels: JSON.stringify(['https://pixel.example/i']),
    });
    const tag = await createTestCreative(ctx, organizationId, { state: 'active' });
    const external = await createTestCreative(ctx, organizationId, {
      state: 'active',
      type: 'external_video',
      technical_type: 'vast-wrapper',
      click_url: null,
      html_markup: null,
      width: null,
      height: null,
      vast_url: 'https://adserver.example/vast.xml',
      event_pixels: JSON.stringify({ complete: ['https://pixel.example/c'] }),
    });
    const pasted = await createTestCreative(ctx, organizationId, {
      state: 'active',
      type: 'external_video',
      technical_type: 'vast',
      click_url: null,
      html_markup: null,
      width: null,
      height: null,
      vast_xml: PASTED_INLINE_VAST,
    });
    const pastedWrapper = await createTestCreative(ctx, organizationId, {
      state: 'active',
      type: 'external_video',
      technical_type: 'vast-wrapper',
      click_url: null,
      html_markup: null,
      width: null,
      height: null,
      vast_xml:
        '<VAST version="4.2"><Ad><Wrapper><AdSystem>X</AdSystem><VASTAdTagURI>https://ads.example/v</VASTAdTagURI></Wrapper></Ad></VAST>',
    });
    const audio = await createTestCreative(ctx, organizationId, {
      state: 'active',
      type: 'audio',
      technical_type: 'audio',
      html_markup: null,
      width: null,
      height: null,
      asset: JSON.stringify({ url: '/api/files/a.mp3', kind: 'audio/mpeg', bytes: 10, duration_ms: 20_000 }),
    });
    const linked = await call('PUT', `/campaign/${campaign.id}/creatives`, {
      links: [image, tag, external, pasted, pastedWrapper, audio].map((creative) => ({
        creative_id: Number(creative.id),
        state: 'active',
      })),
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const strategy = await createStrategy(ctx, campaign);

    const index = await compileLiveStrategies(ctx.db, { now: ctx.clock.now() });
    const creatives = index.strategies.find((s) => s.strategyId === strategy.id)?.creatives ?? [];
    const byId = (id: string) => creatives.find((creative) => creative.id === id);
    expect(byId(image.id)?.serving).toMatchObject({
      imageUrl: '/api/files/b.png',
      html: null,
      clickUrl: 'https://example.com/landing',
      impressionPixels: ['https://pixel.example/i'],
    });
    expect(byId(tag.id)?.serving).toMatchObject({
      imageUrl: null,
      html: '<div><a href="{click_url}">Buy</a></div>',
    });
    // The advertiser's domain is the click URL's host.
    expect(byId(image.id)?.advertiserDomain).toBe('example.com');
    expect(byId(external.id)).toMatchObject({
      kind: 'video',
      // Another ad server's document: its files, duration and click-through are not known.
      mimes: [],
      durationSeconds: null,
      protocols: [],
      advertiserDomain: null,
      serving: {
        vastUrl: 'https://adserver.example/vast.xml',
        hostedVast: false,
        eventPixels: { complete: ['https://pixel.example/c'] },
      },
    });
    // A pasted document is served as our Wrapper of its hosted URL; what it plays is read from it.
    expect(byId(pasted.id)).toMatchObject({
      kind: 'video',
      mimes: ['video/mp4', 'video/webm'],
      durationSeconds: 16,
      protocols: [8],
      advertiserDomain: 'brand.example',
      serving: { vastUrl: null, hostedVast: true },
    });
    expect(byId(pastedWrapper.id)).toMatchObject({
      kind: 'video',
      mimes: [],
      durationSeconds: null,
      protocols: [8],
      advertiserDomain: null,
      serving: { vastUrl: null, hostedVast: true },
    });
    expect(byId(audio.id)).toMatchObject({
      kind: 'audio',
      mimes: ['audio/mpeg'],
      durationSeconds: 20,
      serving: { durationMs: 20_000, mediaFiles: [{ url: '/api/files/a.mp3', mime: 'audio/mpeg' }] },
    });
  });

  it('leaves out a strategy whose audience does not fit the memory bound, and says so', async () => {
    const big = await audienceWithHashes([HASH_A, HASH_B, 'd'.repeat(64)]);
    const campaign = await liveCampaign({
      targeting: targetingOf({ audiences: { at_least_one_of: [], mandatory: [], excluded: [Number(big)] } }),
    });
    const strategy = await createStrategy(ctx, campaign);
    const within = await compileLiveStrategies(ctx.db, { now: ctx.clock.now(), maxAudienceHashes: 1_000 });
    expect(within.strategies.some((s) => s.strategyId === strategy.id)).toBe(true);
    const over = await compileLiveStrategies(ctx.db, { now: ctx.clock.now(), maxAudienceHashes: 2 });
    expect(over.strategies.some((s) => s.strategyId === strategy.id)).toBe(false);
    expect(over.skipped).toContainEqual({ strategyId: strategy.id, reason: 'audiences_over_memory_bound' });
    expect(over.audienceHashes).toBeLessThanOrEqual(2);
  });

  it('runs the same number of statements for one strategy as for thirty', async () => {
    const { state, db } = instrumented();
    const resourcesFor = async () => ({
      geolist: await geolistWithAreas([{ lat: 2, lon: 2, radius: 100 }]),
      audience: await audienceWithHashes([HASH_A]),
      deal: (await createTestDeal(ctx, organizationId)).id,
    });
    const targeted = async () => {
      const r = await resourcesFor();
      const campaign = await liveCampaign({
        targeting: targetingOf({
          geolists: [Number(r.geolist)],
          audiences: { at_least_one_of: [Number(r.audience)], mandatory: [], excluded: [] },
          deals: [Number(r.deal)],
        }),
      });
      await createStrategy(ctx, campaign);
    };
    await targeted();
    await compileLiveStrategies(db, { now: ctx.clock.now() });
    const forFew = state.statements;
    for (let i = 0; i < 29; i += 1) await targeted();
    state.statements = 0;
    const index = await compileLiveStrategies(db, { now: ctx.clock.now() });
    expect(index.strategies.length).toBeGreaterThanOrEqual(30);
    expect(state.statements).toBe(forFew);
    // The marker, the strategies, their creatives and one per targeted kind (a transaction adds its own).
    expect(forFew).toBeLessThanOrEqual(12);
  });
});

describe('StrategyIndex', () => {
  it('shows a console change after one refresh', async () => {
    const campaign = await liveCampaign({ targeting: targetingOf({ countries: ['ESP', 'FRA'] }) });
    const strategy = await createStrategy(ctx, campaign);
    const store = new StrategyIndex({ db: ctx.db, clock: ctx.clock, timer: manualTimer().timer });
    await store.start();
    expect(store.isHealthy()).toBe(true);
    expect(store.strategy(strategy.id)?.geo.countries).toEqual(new Set(['ESP', 'FRA']));
    expect(await store.refresh()).toBe('unchanged');

    const narrowed = await call('PUT', `/strategy/${strategy.id}`, {
      version: 1,
      location: { countries: ['FRA'] },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(await store.refresh()).toBe('rebuilt');
    expect(store.strategy(strategy.id)?.geo.countries).toEqual(new Set(['FRA']));

    const paused = await call('PUT', `/strategy/${strategy.id}`, { version: 2, state: 'paused' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await store.refresh()).toBe('rebuilt');
    expect(store.strategy(strategy.id)).toBeUndefined();
    store.stop();
  });

  // Concurrent transactions need a server: the embedded database runs one statement at a time.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'sees a write that commits after a poll that ran while it was open',
    async () => {
      const strategy = await createStrategy(ctx, await liveCampaign());
      const store = new StrategyIndex({ db: ctx.db, clock: ctx.clock, timer: manualTimer().timer });
      await store.start();
      let release = (): void => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let written = (): void => {};
      const wrote = new Promise<void>((resolve) => {
        written = resolve;
      });
      const writer = ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('strategies').set({ state: 'paused' }).where('id', '=', strategy.id).execute();
        written();
        await held;
      });
      await wrote;
      // The write is not committed: the poll neither sees it nor takes its place in the marker.
      expect(await store.refresh()).toBe('unchanged');
      expect(store.strategy(strategy.id)).toBeDefined();
      release();
      await writer;
      expect(await store.refresh()).toBe('rebuilt');
      expect(store.strategy(strategy.id)).toBeUndefined();
      store.stop();
    },
  );

  it('answers candidates for a request from memory', async () => {
    const campaign = await liveCampaign({ targeting: targetingOf({ countries: ['USA'] }) });
    const strategy = await createStrategy(ctx, campaign);
    const { state, db } = instrumented();
    const store = new StrategyIndex({ db, clock: ctx.clock, timer: manualTimer().timer });
    await store.start();
    const request = fixture('simple-banner');
    const [imp] = request.imp;
    if (imp === undefined) throw new Error('fixture without imp');
    request.device = { ...request.device, geo: { country: 'USA' } };
    const before = state.statements;
    const found = store.candidates(request, imp).map((s) => s.strategyId);
    expect(found).toContain(strategy.id);
    request.device = { ...request.device, geo: { country: 'DEU' } };
    expect(store.candidates(request, imp).map((s) => s.strategyId)).not.toContain(strategy.id);
    expect(state.statements).toBe(before);
    store.stop();
  });

  it('fails closed when the database fails, and recovers by itself', async () => {
    const campaign = await liveCampaign();
    const strategy = await createStrategy(ctx, campaign);
    const { state, db } = instrumented();
    const errors: unknown[] = [];
    const { timer, pending, fire } = manualTimer();
    const store = new StrategyIndex({ db, clock: ctx.clock, timer, onError: (error) => errors.push(error) });
    await store.start();
    const request = fixture('simple-banner');
    const [imp] = request.imp;
    if (imp === undefined) throw new Error('fixture without imp');
    expect(store.candidates(request, imp).length).toBeGreaterThan(0);

    state.isBroken = true;
    expect(await store.refresh()).toBe('failed');
    expect(errors).toHaveLength(1);
    expect(store.isHealthy()).toBe(false);
    expect(store.strategies()).toEqual([]);
    expect(store.strategy(strategy.id)).toBeUndefined();
    expect(store.candidates(request, imp)).toEqual([]);

    state.isBroken = false;
    // The next scheduled poll recovers without anyone calling it.
    expect(pending.size).toBe(1);
    fire();
    await store.refresh();
    // The poll scheduled the next one.
    expect(pending.size).toBe(1);
    expect(store.isHealthy()).toBe(true);
    expect(store.strategy(strategy.id)).toBeDefined();

    store.stop();
    expect(pending.size).toBe(0);
  });

  it('stops answering when no poll has succeeded for longer than the staleness bound', async () => {
    const store = new StrategyIndex({
      db: ctx.db,
      clock: ctx.clock,
      timer: manualTimer().timer,
      maxStalenessMs: 5_000,
    });
    await store.start();
    expect(store.isHealthy()).toBe(true);
    ctx.clock.advanceMinutes(0.1);
    expect(store.isHealthy()).toBe(false);
    expect(store.strategies()).toEqual([]);
    expect(await store.refresh()).toBe('unchanged');
    expect(store.isHealthy()).toBe(true);
    store.stop();
  });
});
