/**
 * The traffic simulator's bid requests (docs/engine.md "Traffic simulator"): OpenRTB 2.6 requests drawn from
 * plausible distributions of countries, cities, devices, media and floors, from a seeded Random. Each request
 * is a plain JSON object as an exchange would send it; `parseBidRequest` (engine/openrtb.ts) accepts them all.
 */
import type { TBidRequest, TDeal, TDevice, TGeo, TImp, TVideo } from '../engine/openrtb';
import {
  ANDROID_APPS,
  type AppEntry,
  AUDIO_APPS,
  BANNER_SIZES,
  COUNTRIES,
  type Country,
  CTV_APPS,
  DESKTOPS,
  type DeviceProfile,
  DOOH_NETWORKS,
  IOS_APPS,
  PHONES,
  SITES,
  TABLETS,
  TVS,
  VENUES,
} from './catalog';
import type { Random } from './random';

/** The kinds of supply the simulator sends. */
export const TRAFFIC_KINDS = ['web_banner', 'app_banner', 'native', 'video', 'ctv', 'audio', 'dooh'] as const;
export type TrafficKind = (typeof TRAFFIC_KINDS)[number];

/** Shares of the request mix (any hour); the local hour shifts them (see kindWeights). */
const KIND_WEIGHTS: Readonly<Record<TrafficKind, number>> = {
  web_banner: 30,
  app_banner: 22,
  native: 12,
  video: 13,
  ctv: 8,
  audio: 6,
  dooh: 9,
};

/** Median floors, CPM in the exchange's currency; DOOH's is per thousand viewers, times the play's audience. */
const MEDIAN_FLOOR: Readonly<Record<TrafficKind, number>> = {
  web_banner: 0.45,
  app_banner: 0.35,
  native: 0.7,
  video: 3,
  ctv: 11,
  audio: 1.8,
  dooh: 3.5,
};

/** A private-marketplace deal the simulator may put in an impression; floor: CPM in the request currency. */
export type SimulatedDeal = { readonly id: string; readonly floor?: number };

export type GeneratorOptions = {
  /** The exchange's currency (`cur` and every floor). */
  readonly currency: string;
  /** 1 first price, 2 second price plus (the request's `at`). */
  readonly auctionType: 1 | 2;
  /** Deals of the buyer (`--deal`, or the demo database's) that some impressions carry. */
  readonly deals: readonly SimulatedDeal[];
  /** Share of requests with a `pmp` object; the default 0.12. */
  readonly dealShare?: number;
  /**
   * Only requests from these countries (ISO alpha-3), weighted as usual: what an exchange sends a bidder that
   * buys there (the demo history, traffic/demo-history.ts). Absent, or none of them known: every country.
   */
  readonly countries?: readonly string[];
};

export type GeneratedRequest = { readonly kind: TrafficKind; readonly request: TBidRequest };

/** Made-up deals of other buyers: a real PMP mixes deals for many seats. */
const OTHER_DEALS = ['PMP-NEWS-1180', 'PG-SPORTS-Q4', 'XD-79213', 'PMP-AUTO-552', 'OPEN-PREF-3301'];

const round2 = (value: number): number => Math.round(value * 100) / 100;
const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

/** The kind weights at a local hour: more TV in the evening, more desktop at work, more DOOH by day. */
const kindWeights = (localHour: number): [TrafficKind, number][] =>
  TRAFFIC_KINDS.map((kind) => {
    let weight = KIND_WEIGHTS[kind];
    const evening = localHour >= 19 && localHour <= 23;
    const work = localHour >= 9 && localHour <= 17;
    const night = localHour < 6;
    if (kind === 'ctv' && evening) weight *= 2.5;
    if (kind === 'web_banner' && work) weight *= 1.4;
    if (kind === 'dooh' && night) weight *= 0.2;
    if (kind === 'audio' && (localHour === 8 || localHour === 18)) weight *= 2;
    return [kind, weight];
  });

/** A documentation-range IPv4 address (RFC 5737): plausible in shape, never a real subscriber's. */
const ipOf = (random: Random): string =>
  `${random.pick(['192.0.2', '198.51.100', '203.0.113'])}.${random.int(1, 254)}`;

const geoOf = (random: Random, country: Country, precise: boolean): TGeo => {
  const place = random.weighted(country.cities.map((c) => [c, c.weight] as const));
  // Spread around the centre: a few km for GPS, tens for an address located by IP.
  const spread = precise ? 0.03 : 0.12;
  return {
    country: country.code,
    region: place.region,
    city: place.name,
    lat: round4(Math.max(-90, Math.min(90, place.lat + random.normal() * spread))),
    lon: round4(Math.max(-180, Math.min(180, place.lon + random.normal() * spread))),
    type: precise ? 1 : 2,
    utcoffset: country.utcOffset,
  };
};

const deviceOf = (random: Random, profile: DeviceProfile, country: Country, isApp: boolean): TDevice => {
  const isLimited = random.chance(profile.lmtRate);
  const device: TDevice = {
    ua: profile.ua,
    ip: ipOf(random),
    devicetype: profile.devicetype,
    os: profile.os,
    osv: random.pick(profile.osv),
    language: 'en',
    geo: geoOf(random, country, isApp && random.chance(0.4)),
  };
  if (profile.make !== '') device.make = profile.make;
  const model = random.pick(profile.models);
  if (model !== '') device.model = model;
  if (isApp && profile.ifaType !== undefined) {
    // A limited device sends the all-zero id (iOS ATT) or none at all.
    device.ifa = isLimited ? '00000000-0000-0000-0000-000000000000' : random.uuid();
    device.lmt = isLimited ? 1 : 0;
    device.ext = { ifa_type: profile.ifaType };
  } else if (isLimited) {
    device.lmt = 1;
  }
  if (!isApp && random.chance(0.03)) device.dnt = 1;
  return device;
};

const siteOf = (random: Random) => {
  const site = random.pick(SITES);
  const host = site.domain.replace(/^www\./, '');
  return {
    id: `site-${host.split('.')[0]}`,
    domain: site.domain,
    page: `https://${site.domain}${random.pick(site.paths)}/${random.hex(6)}`,
    cat: [...site.cat],
    publisher: { id: `pub-${host.split('.')[0]}`, domain: host },
  };
};

const appOf = (app: AppEntry) => {
  const base = {
    id: `app-${app.bundle}`,
    name: app.name,
    bundle: app.bundle,
    cat: [...app.cat],
    publisher: { id: `pub-${app.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` },
  };
  return app.storeurl === '' ? base : { ...base, storeurl: app.storeurl };
};

const appsFor = (profile: DeviceProfile): readonly AppEntry[] =>
  profile.os === 'iOS' || profile.os === 'iPadOS' ? IOS_APPS : ANDROID_APPS;

/** The Native 1.2 request: title, main image, icon, sponsored by, description and call to action. */
const nativeRequest = (random: Random): string => {
  const mainImage = random.pick([
    [1200, 627],
    [1200, 1200],
    [600, 500],
  ] as const);
  return JSON.stringify({
    ver: '1.2',
    context: random.pick([1, 2]),
    plcmttype: random.pick([1, 4]),
    plcmtcnt: 1,
    assets: [
      { id: 1, required: 1, title: { len: random.pick([25, 90]) } },
      { id: 2, required: 1, img: { type: 3, w: mainImage[0], h: mainImage[1] } },
      { id: 3, required: 0, img: { type: 1, w: 80, h: 80 } },
      { id: 4, required: 1, data: { type: 1, len: 25 } },
      { id: 5, required: random.chance(0.3) ? 1 : 0, data: { type: 2, len: 140 } },
      { id: 6, required: 0, data: { type: 12, len: 15 } },
    ],
    eventtrackers: [{ event: 1, methods: [1] }],
  });
};

const VAST_PROTOCOLS = [2, 3, 5, 6, 7, 8];

const videoOf = (random: Random, { ctv }: { ctv: boolean }): TVideo => {
  const [w, h] = ctv
    ? [1920, 1080]
    : random.pick([
        [640, 360],
        [1280, 720],
        [1920, 1080],
        [400, 300],
      ] as const);
  const maxduration = ctv ? random.pick([15, 30, 30, 60]) : random.pick([15, 30, 30, 60]);
  const startdelay = random.weighted([
    [0, 6],
    [-1, 2],
    [random.int(2, 20) * 30, 1],
    [-2, 1],
  ] as const);
  const video: TVideo = {
    mimes: ctv ? ['video/mp4'] : ['video/mp4', 'video/webm'],
    minduration: 5,
    maxduration,
    protocols: VAST_PROTOCOLS,
    w,
    h,
    startdelay,
    plcmt: ctv
      ? 1
      : random.weighted([
          [1, 6],
          [4, 3],
          [3, 1],
        ] as const),
    linearity: 1,
    pos: ctv ? 7 : random.pick([1, 3]),
  };
  if (!ctv && random.chance(0.5)) {
    video.skip = 1;
    video.skipafter = 5;
  }
  if (!ctv && random.chance(0.3)) {
    video.companionad = [{ id: '1', w: 300, h: 250 }];
  }
  return video;
};

const dealsFor = (
  random: Random,
  options: GeneratorOptions,
  floor: number | undefined,
): NonNullable<TImp['pmp']> => {
  const count = random.weighted([
    [1, 7],
    [2, 3],
  ] as const);
  const chosen = new Map<string, TDeal>();
  for (let i = 0; i < count; i += 1) {
    const ours = options.deals.length > 0 && random.chance(0.7) ? random.pick(options.deals) : undefined;
    const id = ours?.id ?? random.pick(OTHER_DEALS);
    const dealFloor = ours?.floor ?? round2((floor ?? 1) * random.lognormal(1.6, 0.3));
    chosen.set(id, { id, bidfloor: dealFloor, bidfloorcur: options.currency, at: 1 });
  }
  return { private_auction: random.chance(0.3) ? 1 : 0, deals: [...chosen.values()] };
};

/** Creates the request stream of one simulated exchange; `next(now)` draws one request at that (simulated) time. */
export const createRequestGenerator = (random: Random, options: GeneratorOptions) => {
  const dealShare = options.dealShare ?? 0.12;
  const wanted = new Set(options.countries ?? []);
  const markets = COUNTRIES.filter((c) => wanted.has(c.code));
  const countryWeights = (markets.length > 0 ? markets : COUNTRIES).map((c) => [c, c.weight] as const);
  const next = (now: Date): GeneratedRequest => {
    const country = random.weighted(countryWeights);
    const localHour =
      ((((now.getUTCHours() * 60 + now.getUTCMinutes() + country.utcOffset) / 60) % 24) + 24) % 24;
    const kind = random.weighted(kindWeights(Math.floor(localHour)));
    const floorMedian = MEDIAN_FLOOR[kind];
    const hasFloor = random.chance(0.85);
    let floor = hasFloor ? round2(Math.max(0.01, random.lognormal(floorMedian, 0.45))) : undefined;

    const imp: TImp = { id: '1', secure: 1 };
    const request: TBidRequest = {
      id: random.uuid(),
      imp: [imp],
      at: options.auctionType,
      tmax: random.pick([120, 150, 200, 300]),
      cur: [options.currency],
      source: { tid: random.uuid() },
      regs: { coppa: 0 },
    };

    if (kind === 'dooh') {
      const [venue, audience] = random.weighted(VENUES.map((entry) => [entry, entry[2]] as const));
      const network = random.pick(DOOH_NETWORKS);
      const multiplier = round4(Math.max(0.5, audience * random.lognormal(1, 0.25)));
      const geo = geoOf(random, country, true);
      request.dooh = {
        id: `${network}-${country.code.toLowerCase()}-${random.int(100, 999)}`,
        name: `${network} ${geo.city}`,
        venuetype: [venue],
        venuetypetax: 2,
        publisher: { id: `pub-${network}`, domain: `${network}.example` },
        domain: `${network}.example`,
      };
      request.device = { ip: ipOf(random), geo: { ...geo, type: 3 } };
      imp.qty = { multiplier, sourcetype: 1, vendor: `${network}.example` };
      imp.exp = 3600;
      if (random.chance(0.7)) {
        imp.banner = { w: 1920, h: 1080, mimes: ['image/jpeg', 'image/png'] };
      } else {
        imp.video = {
          mimes: ['video/mp4'],
          minduration: 5,
          maxduration: 15,
          protocols: VAST_PROTOCOLS,
          w: 1920,
          h: 1080,
          startdelay: 0,
          plcmt: 4,
        };
      }
      // A play's floor is the CPM floor times the multiplier, as the bidder prices a play (engine/price.ts).
      if (floor !== undefined) floor = round2(floor * multiplier);
    } else if (kind === 'ctv') {
      const profile = random.weighted(TVS);
      request.app = appOf(random.pick(CTV_APPS));
      request.device = deviceOf(random, profile, country, true);
      imp.video = videoOf(random, { ctv: true });
    } else if (kind === 'audio') {
      const profile = random.weighted(PHONES);
      request.app = appOf(random.pick(AUDIO_APPS));
      request.device = deviceOf(random, profile, country, true);
      imp.audio = {
        mimes: ['audio/mpeg', 'audio/mp4'],
        minduration: 5,
        maxduration: random.pick([15, 30, 30]),
        protocols: VAST_PROTOCOLS,
        startdelay: random.pick([0, 0, -1]),
        feed: random.pick([1, 3]),
      };
    } else {
      const isApp = kind === 'app_banner' || ((kind === 'native' || kind === 'video') && random.chance(0.5));
      const profile = isApp
        ? random.weighted([
            [random.weighted(PHONES), 80],
            [random.weighted(TABLETS), 20],
          ] as const)
        : random.weighted([
            [random.weighted(DESKTOPS), 55],
            [random.weighted(PHONES), 35],
            [random.weighted(TABLETS), 10],
          ] as const);
      if (isApp) request.app = appOf(random.pick(appsFor(profile)));
      else request.site = siteOf(random);
      request.device = deviceOf(random, profile, country, isApp);
      if (kind === 'native') {
        imp.native = { request: nativeRequest(random), ver: '1.2' };
      } else if (kind === 'video') {
        imp.video = videoOf(random, { ctv: false });
      } else {
        const small = profile.devicetype === 2 ? BANNER_SIZES : BANNER_SIZES.filter(([[w]]) => w <= 320);
        const [w, h] = random.weighted(small);
        imp.banner = { w, h, format: [{ w, h }], pos: random.pick([1, 3]) };
        imp.tagid = `${w}x${h}-${random.pick(['top', 'sidebar', 'inline', 'footer'])}`;
        if (w === 320 && h === 480) imp.instl = 1;
      }
      if (!isApp && random.chance(0.35)) request.user = { buyeruid: `bcn-${random.hex(16)}` };
    }

    if (floor !== undefined) {
      imp.bidfloor = floor;
      imp.bidfloorcur = options.currency;
    }
    if (random.chance(dealShare)) imp.pmp = dealsFor(random, options, floor);
    return { kind, request };
  };

  return { next };
};

export type RequestGenerator = ReturnType<typeof createRequestGenerator>;
