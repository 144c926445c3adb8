/**
 * The index compiler (DESIGN §8, decision 040): every live strategy with its campaign, creatives and targeted
 * resources, read in a fixed number of set-based statements (never one per strategy), in one repeatable-read
 * transaction so that the index is one consistent picture of the database, and turned into CompiledStrategy
 * values. The bidder reads only what this answers.
 */
import {
  DAYS_OF_WEEK,
  type DailyLimitType,
  type DayOfWeek,
  type DeviceIdType,
  type DeviceType,
  type EventOptimisation,
  type MaxDailyCostStrategy,
  type PriceModel,
  type VideoPosition,
} from '@beacon/domain/dictionary/campaigns';
import { CREATIVE_ATTRIBUTES, type CreativeAttribute } from '@beacon/domain/dictionary/creatives';
import type { Currency } from '@beacon/domain/dictionary/currencies';
import type { DealType } from '@beacon/domain/dictionary/deals';
import type { SupplyPartner } from '@beacon/domain/dictionary/partners';
import { SERVED_VAST_VERSION } from '@beacon/domain/validation/creative-vast';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type {
  Database,
  StoredAudienceTargeting,
  StoredCreativeAsset,
  StoredCreativeCompanion,
  StoredCreativeNative,
  StoredCreativeRendition,
  StoredFrequencyCap,
  StoredLocation,
  StoredSchedule,
  StoredStrategyTargeting,
  StoredTargeting,
} from '../db/schema';
import { goalOf } from './price';
import type {
  CompiledAudience,
  CompiledCity,
  CompiledCreative,
  CompiledDeal,
  CompiledFrequencyCap,
  CompiledLocationAudience,
  CompiledMediaFile,
  CompiledSchedule,
  CompiledStrategy,
  CreativeServing,
  GeoArea,
  MinuteRange,
} from './strategy-index';
import { foldName, normalizeHost } from './targeting';

/**
 * How far around today a flight must reach to be compiled: a day either side, because a campaign's day in its
 * own zone may be yesterday or tomorrow in UTC. The flight rule then decides to the minute, and the store
 * compiles again when the UTC day turns (index-store.ts), so a strategy starting tomorrow is in in time.
 */
const FLIGHT_MARGIN_DAYS = 1;

/** At most this many audience hashes are held in memory (about 120 bytes each; decision 040). */
export const DEFAULT_MAX_AUDIENCE_HASHES = 2_000_000;

/** Why a live strategy was left out of the index; it does not bid until the cause is fixed. */
export type SkipReason =
  | 'no_creatives'
  | 'no_pricing'
  | 'no_bid'
  | 'geolists_gone'
  | 'location_audiences_gone'
  | 'deals_gone'
  | 'audiences_gone'
  | 'audiences_over_memory_bound';

export type CompiledIndex = {
  readonly strategies: readonly CompiledStrategy[];
  readonly skipped: readonly { readonly strategyId: string; readonly reason: SkipReason }[];
  /** Audience hashes held, over all audiences (each audience once, however many strategies target it). */
  readonly audienceHashes: number;
  /** The change marker read in the compile's own snapshot (index-store.ts compares it). */
  readonly marker: string;
  readonly compiledAt: Date;
};

export type CompileOptions = {
  readonly now: Date;
  readonly maxAudienceHashes?: number;
};

// ---------------------------------------------------------------------------------------------------------
// The change marker

/**
 * The tables whose rows make up the index. A write to areas, list entries or audience identifiers becomes
 * visible only through a write to its parent row (the set pointers of decision 033, the committed upload), so
 * the parents are enough.
 */
const WATCHED_TABLES = [
  'organizations',
  'campaigns',
  'strategies',
  'campaign_creatives',
  'creatives',
  'deals',
  'geolists',
  'location_audiences',
  'publisher_lists',
  'audiences',
  'audience_uploads',
] as const satisfies readonly (keyof Database)[];

/**
 * A fingerprint of the watched tables as this snapshot sees them: per table, its row count and the sum of its
 * rows' `xmin` (the transaction that wrote each row version). Every committed insert, update or delete changes
 * one of the two, and, unlike a change sequence or max(updated_at), it is transactional: it moves exactly when
 * the rows a compile would read move, whatever the order in which writers commit (decision 040).
 */
export const changeMarkerQuery = (): RawBuilder<{ marker: string }> =>
  sql<{ marker: string }>`SELECT concat_ws(',', ${sql.join(
    WATCHED_TABLES.map(
      (table) =>
        sql`(SELECT count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text FROM ${sql.table(table)})`,
    ),
  )}) AS marker`;

export const readChangeMarker = async (db: Kysely<Database>): Promise<string> => {
  const row = (await changeMarkerQuery().execute(db)).rows[0];
  if (row === undefined) throw new Error('the change marker answered no row');
  return row.marker;
};

// ---------------------------------------------------------------------------------------------------------
// Rows as read

type StrategyRow = {
  strategy_id: string;
  campaign_id: string;
  organization_id: string;
  campaign_type: CompiledStrategy['campaignType'];
  pricing: CompiledStrategy['pricing'] | null;
  bid: string | null;
  /** The goal (decision 051): the price model, the event optimisation and the goal price (`cpc_target`). */
  price_model: PriceModel | null;
  event_optimisation: EventOptimisation | null;
  cpc_target: string | null;
  currency: Currency;
  budget_timespan: CompiledStrategy['budget']['timespan'];
  budget: string | null;
  daily_budget: string | null;
  daily_limit_type: DailyLimitType | null;
  max_daily_cost_strategy: MaxDailyCostStrategy | null;
  daily_impressions: number | null;
  daily_clicks: number | null;
  budget_share: number;
  start_day: string | null;
  end_day: string | null;
  campaign_end_day: string | null;
  /** The campaign's IANA zone (migration 0023): its schedule, flight and daily budget day are read in it. */
  time_zone: string;
  campaign_schedule: StoredSchedule;
  strategy_schedule: StoredSchedule;
  campaign_targeting: StoredTargeting;
  strategy_targeting: StoredStrategyTargeting;
  location: StoredLocation;
  device_types: DeviceType[];
  device_id_types: DeviceIdType[];
  video_positions: VideoPosition[];
  /** Migration 0024; null: no cap. */
  frequency_cap: StoredFrequencyCap | null;
  /** The campaign's own cap over all its strategies (migration 0026); null: no cap. */
  campaign_frequency_cap: StoredFrequencyCap | null;
};

type CreativeRow = {
  campaign_id: string;
  id: string;
  name: string;
  type: string;
  technical_type: string;
  width: number | null;
  height: number | null;
  attributes: number[];
  native: StoredCreativeNative | null;
  asset: StoredCreativeAsset | null;
  companion: StoredCreativeCompanion | null;
  renditions: StoredCreativeRendition[] | null;
  click_url: string | null;
  impression_pixels: string[] | null;
  event_pixels: Record<string, string[]> | null;
  html_markup: string | null;
  vast_url: string | null;
  /** Whether a VAST document was pasted (the document itself is not read: the hosted-VAST route reads it). */
  has_vast_xml: boolean;
  /** From the pasted document, read in SQL (VAST_PATTERNS): its first ClickThrough's scheme and host... */
  vast_click_through: string | null;
  /** ...its first Duration (`HH:MM:SS[.mmm]`)... */
  vast_duration: string | null;
  /** ...and the MIME types of its MediaFiles, lower case; empty for a Wrapper or no document. */
  vast_mimes: string[] | null;
};

type AreaRow = { id: string; latitude: number; longitude: number; radius: number };
type LocationAudienceRow = {
  id: string;
  start_date: string;
  end_date: string;
  time_from: string;
  time_to: string;
  timezone: string;
  latitude: number | null;
  longitude: number | null;
  radius: number | null;
};
type PublisherRow = { id: string; publisher: string | null };
type DealRow = {
  id: string;
  external_id: string;
  supply_partner: SupplyPartner;
  type: DealType;
  floor_price: string;
  currency: Currency;
  start_date: string;
  end_date: string | null;
};
type AudienceCountRow = { id: string; hashes: string };
type AudienceHashRow = { id: string; hash: string };

const day = (column: RawBuilder<unknown>) => sql<string | null>`to_char(${column}, 'YYYY-MM-DD')`;

/** The live strategies (bidding, of an active campaign of an active organization) whose flight reaches the window. */
const liveStrategiesFrom = (fromDay: string, toDay: string) => sql`
  FROM strategies s
  JOIN campaigns c ON c.id = s.campaign_id
  JOIN organizations o ON o.id = c.organization_id
  WHERE s.state = 'bidding' AND s.deleted_at IS NULL
    AND c.state = 'active' AND c.deleted_at IS NULL
    AND o.state = 'active' AND o.deleted_at IS NULL
    AND (s.end_date IS NULL OR s.end_date >= ${fromDay}::date)
    AND (c.end_date IS NULL OR c.end_date >= ${fromDay}::date)
    AND (s.start_date IS NULL OR s.start_date <= ${toDay}::date)
    AND (c.start_date IS NULL OR c.start_date <= ${toDay}::date)`;

/** One array parameter, so a statement's text and its parameter count do not grow with the ids. */
const idArray = (ids: readonly string[]) => sql`${[...ids]}::bigint[]`;

// ---------------------------------------------------------------------------------------------------------
// Normalisation

const minuteOf = (time: string): number => {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
};

const rangesOf = (schedule: StoredSchedule): MinuteRange[] =>
  schedule.ranges
    .map((range) => ({ from: minuteOf(range.from), to: minuteOf(range.to) }))
    .filter((range) => range.to > range.from);

const DAY_SET: ReadonlySet<string> = new Set(DAYS_OF_WEEK);
const isDayOfWeek = (value: string): value is DayOfWeek => DAY_SET.has(value);

/**
 * The campaign's and the strategy's schedules both hold: the days of both, and the hours where their ranges
 * overlap. Narrowing can only make a strategy bid less, never where either says it must not.
 */
const intersectSchedules = (
  a: StoredSchedule,
  b: StoredSchedule,
): { days: Set<DayOfWeek>; ranges: MinuteRange[] } => {
  const bDays = new Set(b.days);
  const days = new Set(a.days.filter((value) => bDays.has(value)).filter(isDayOfWeek));
  const ranges: MinuteRange[] = [];
  for (const x of rangesOf(a)) {
    for (const y of rangesOf(b)) {
      const from = Math.max(x.from, y.from);
      const to = Math.min(x.to, y.to);
      if (to > from) ranges.push({ from, to });
    }
  }
  return { days, ranges };
};

/** `ES-AN-Málaga` → country ES, region AN, name `malaga`; undefined when not of that shape. */
const cityOf = (id: string): CompiledCity | undefined => {
  const [country, region] = id.split('-', 2);
  if (country === undefined || region === undefined) return undefined;
  const name = id.slice(country.length + region.length + 2);
  if (name === '') return undefined;
  return { countryIso2: country.toUpperCase(), region: region.toUpperCase(), name: foldName(name) };
};

const ATTRIBUTE_SET: ReadonlySet<number> = new Set(CREATIVE_ATTRIBUTES);
const isAttribute = (value: number): value is CreativeAttribute => value !== 0 && ATTRIBUTE_SET.has(value);

/** OpenRTB protocols a VAST of a version can be served as (2.0 → 2, 3.0 → 3, 4.x → 7, and their wrappers). */
const PROTOCOLS_BY_VAST_MAJOR: Readonly<Record<string, readonly number[]>> = {
  '2': [2, 5],
  '3': [3, 6],
  '4': [7, 8],
};
const SERVED_PROTOCOLS = PROTOCOLS_BY_VAST_MAJOR[SERVED_VAST_VERSION.split('.')[0] ?? ''] ?? [];
/** A hosted document is served as our Wrapper of it: only the Wrapper protocol of the served version fits. */
const SERVED_WRAPPER_PROTOCOLS = SERVED_PROTOCOLS.slice(1);

/**
 * What the compiler reads of a pasted VAST document, in SQL (PostgreSQL regular expressions, case-insensitive),
 * so that documents of up to 1 MB are not carried into memory: the scheme and host of the first ClickThrough
 * (the advertiser's domain), the first Duration and the MediaFile types. A Wrapper document has neither
 * duration nor files: requests that bound them are then not served, as for an external VAST URL.
 */
export const VAST_PATTERNS = {
  clickThrough: '<ClickThrough(?:\\s[^>]*)?>\\s*(?:<!\\[CDATA\\[)?\\s*(https?://[^/?#\\s<"\']+)',
  duration:
    '<Duration>\\s*(?:<!\\[CDATA\\[)?\\s*([0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]{1,3})?)\\s*(?:\\]\\]>)?\\s*</Duration>',
  mediaFileType: '<MediaFile(?:\\s[^>]*)?\\stype\\s*=\\s*["\']([^"\']+)["\']',
} as const;

/** `HH:MM:SS[.mmm]` as whole seconds (rounded like an uploaded file's duration); null when not of that shape. */
const vastSeconds = (duration: string | null): number | null => {
  const match = /^(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(duration ?? '');
  if (match === null) return null;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  const ms =
    ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(fraction.padEnd(3, '0'));
  return Math.round(ms / 1000);
};

/**
 * The advertiser's domain of a creative (bid.adomain, the request's badv): the host of its click URL (the
 * landing page is the advertiser's), else of a pasted VAST document's ClickThrough; lower case, without
 * `www.` and a trailing dot. Null when neither is an http(s) URL (a `tel:` link names no domain).
 */
export const advertiserDomainOf = (
  clickUrl: string | null,
  vastClickThrough: string | null = null,
): string | null => {
  for (const candidate of [clickUrl, vastClickThrough]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate.trim());
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      const host = normalizeHost(url.hostname).replace(/\.$/, '');
      if (host !== '') return host;
    } catch {
      // Not a URL: try the next one.
    }
  }
  return null;
};

const secondsOf = (asset: StoredCreativeAsset | null): number | null =>
  asset?.duration_ms === undefined ? null : Math.round(asset.duration_ms / 1000);

/** What the markup needs (engine/markup.ts): files, HTML, the external VAST URL, pixels, the click URL. */
const servingOf = (row: CreativeRow): CreativeServing => {
  const isAudio = row.technical_type === 'audio';
  const audioFile: CompiledMediaFile[] =
    isAudio && row.asset?.kind.includes('/')
      ? [
          {
            url: row.asset.url,
            mime: row.asset.kind.toLowerCase(),
            width: null,
            height: null,
            bitrateKbps: null,
          },
        ]
      : [];
  const renditions: CompiledMediaFile[] =
    row.type === 'video'
      ? (row.renditions ?? []).map((rendition) => ({
          url: rendition.url,
          mime: rendition.mime.toLowerCase(),
          width: rendition.width,
          height: rendition.height,
          bitrateKbps: rendition.bitrate_kbps,
        }))
      : [];
  const imageUrl =
    row.technical_type === 'native'
      ? (row.native?.main_image_url ?? row.asset?.url ?? null)
      : (row.asset?.url ?? null);
  return {
    name: row.name,
    clickUrl: row.click_url,
    impressionPixels: row.impression_pixels ?? [],
    eventPixels: row.event_pixels ?? {},
    imageUrl: row.technical_type === 'banner' || row.technical_type === 'native' ? imageUrl : null,
    iconUrl: row.native?.icon_url ?? null,
    html: row.technical_type === 'third_party' ? row.html_markup : null,
    vastUrl: row.type === 'video' ? null : row.vast_url,
    hostedVast: row.type !== 'video' && row.vast_url === null && row.has_vast_xml,
    durationMs: row.asset?.duration_ms ?? null,
    mediaFiles: [...renditions, ...audioFile],
    companion:
      row.companion === null
        ? null
        : { url: row.companion.url, w: row.companion.width, h: row.companion.height },
  };
};

/** The creative as the rules read it, or undefined when it has no form an impression could take. */
const compileCreative = (row: CreativeRow): CompiledCreative | undefined => {
  const attributes = row.attributes.filter(isAttribute);
  const serving = servingOf(row);
  const advertiserDomain = advertiserDomainOf(row.click_url, row.vast_click_through);
  const base = { id: row.id, advertiserDomain, attributes, serving };
  switch (row.technical_type) {
    case 'banner':
    case 'third_party': {
      const w = row.width ?? row.asset?.width;
      const h = row.height ?? row.asset?.height;
      // Served as an image or as HTML: without either there is nothing to put in the markup.
      if (serving.imageUrl === null && (serving.html === null || serving.html.trim() === ''))
        return undefined;
      return w === undefined || h === undefined ? undefined : { ...base, kind: 'banner', size: { w, h } };
    }
    case 'vast':
    case 'vast-wrapper':
    case 'third_party:video': {
      // An uploaded video serves its renditions through the VAST Beacon writes. An external VAST is another ad
      // server's, served as our Wrapper of its URL, whose files and protocols are not stored: a request that
      // bounds them is then not served. A pasted document is served as our Wrapper of the installation's
      // hosted-VAST URL (docs/engine.md "Markup"); its files and duration are read from it.
      if (row.type === 'video') {
        if (serving.mediaFiles.length === 0) return undefined;
        return {
          ...base,
          kind: 'video',
          mimes: [...new Set((row.renditions ?? []).map((rendition) => rendition.mime.toLowerCase()))],
          durationSeconds: secondsOf(row.asset),
          protocols: [...SERVED_PROTOCOLS],
          companion: row.companion === null ? null : { w: row.companion.width, h: row.companion.height },
        };
      }
      if (serving.vastUrl === null && !serving.hostedVast) return undefined;
      const hosted = serving.vastUrl === null;
      return {
        ...base,
        kind: 'video',
        mimes: hosted ? [...new Set(row.vast_mimes ?? [])] : [],
        durationSeconds: hosted ? vastSeconds(row.vast_duration) : null,
        protocols: hosted ? [...SERVED_WRAPPER_PROTOCOLS] : [],
        companion: row.companion === null ? null : { w: row.companion.width, h: row.companion.height },
      };
    }
    case 'audio':
      if (serving.mediaFiles.length === 0) return undefined;
      return {
        ...base,
        kind: 'audio',
        mimes: row.asset?.kind.includes('/') ? [row.asset.kind.toLowerCase()] : [],
        durationSeconds: secondsOf(row.asset),
      };
    case 'native': {
      if (row.native === null) return undefined;
      const main =
        row.asset?.width !== undefined && row.asset.height !== undefined
          ? { w: row.asset.width, h: row.asset.height }
          : null;
      return {
        ...base,
        kind: 'native',
        title: row.native.title,
        description: row.native.description,
        callToAction: row.native.call_to_action,
        sponsoredBy: row.native.sponsored_by,
        mainImage: main,
        // The icon's size is not stored (only its URL): a request asking for an icon is not served.
        icon: null,
      };
    }
    default:
      return undefined;
  }
};

// ---------------------------------------------------------------------------------------------------------
// Targeted resources

type Refs = {
  geolists: string[];
  locationAudiences: string[];
  allowlists: string[];
  blocklists: string[];
  deals: string[];
  audiences: StoredAudienceTargeting;
};

const strings = (ids: readonly number[] | undefined): string[] => (ids ?? []).map(String);
const unique = (ids: readonly string[]): string[] => [...new Set(ids)];

/** What a strategy targets: the campaign's resources and the strategy's own (decision 021). */
const refsOf = (row: StrategyRow): Refs => {
  const c = row.campaign_targeting;
  const s = row.strategy_targeting;
  const audience = (key: keyof StoredAudienceTargeting) => [
    ...(c.audiences?.[key] ?? []),
    ...(s.audiences?.[key] ?? []),
  ];
  return {
    geolists: unique([...strings(c.geolists), ...strings(s.geolists)]),
    locationAudiences: unique([...strings(c.location_audiences), ...strings(s.location_audiences)]),
    allowlists: unique(strings(c.publisher_allowlists)),
    blocklists: unique(strings(c.publisher_blocklists)),
    deals: unique(strings(c.deals)),
    audiences: {
      at_least_one_of: audience('at_least_one_of'),
      mandatory: audience('mandatory'),
      excluded: audience('excluded'),
    },
  };
};

const groupBy = <R extends { id: string }>(rows: readonly R[]): Map<string, R[]> => {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const group = groups.get(row.id);
    if (group === undefined) groups.set(row.id, [row]);
    else group.push(row);
  }
  return groups;
};

type Resources = {
  geolists: Map<string, GeoArea[]>;
  locationAudiences: Map<string, CompiledLocationAudience>;
  publisherLists: Map<string, Set<string>>;
  deals: Map<string, CompiledDeal>;
  audiences: Map<string, CompiledAudience>;
  /** Live audiences left out for the memory bound. */
  audiencesOverBound: Set<string>;
  audienceHashes: number;
};

const toArea = (row: { latitude: number; longitude: number; radius: number }): GeoArea => ({
  lat: Number(row.latitude),
  lon: Number(row.longitude),
  radiusMetres: Number(row.radius),
});

/** One statement per kind of resource, for the ids of every strategy at once; none for a kind nobody targets. */
const readResources = async (
  db: Kysely<Database>,
  refs: readonly Refs[],
  maxAudienceHashes: number,
): Promise<Resources> => {
  const all = (pick: (r: Refs) => readonly (string | number)[]) => unique(refs.flatMap(pick).map(String));
  const geolistIds = all((r) => r.geolists);
  const locationIds = all((r) => r.locationAudiences);
  const listIds = all((r) => [...r.allowlists, ...r.blocklists]);
  const dealIds = all((r) => r.deals);
  const audienceIds = all((r) => [
    ...r.audiences.at_least_one_of,
    ...r.audiences.mandatory,
    ...r.audiences.excluded,
  ]);
  const rowsOf = async <R>(ids: readonly string[], query: RawBuilder<R>): Promise<R[]> =>
    ids.length === 0 ? [] : (await query.execute(db)).rows;

  const areaRows = await rowsOf(
    geolistIds,
    sql<AreaRow>`SELECT g.id::text AS id, a.latitude, a.longitude, a.radius
      FROM geolists g JOIN geolist_areas a ON a.geolist_id = g.id AND a.set_id = g.area_set
      WHERE g.id = ANY(${idArray(geolistIds)}) AND g.state = 'active' AND g.deleted_at IS NULL`,
  );
  const locationRows = await rowsOf(
    locationIds,
    sql<LocationAudienceRow>`SELECT la.id::text AS id, to_char(la.start_date, 'YYYY-MM-DD') AS start_date,
        to_char(la.end_date, 'YYYY-MM-DD') AS end_date, la.time_from, la.time_to, la.timezone,
        a.latitude, a.longitude, a.radius
      FROM location_audiences la LEFT JOIN location_audience_areas a ON a.location_audience_id = la.id
      WHERE la.id = ANY(${idArray(locationIds)}) AND la.state = 'active' AND la.deleted_at IS NULL`,
  );
  const publisherRows = await rowsOf(
    listIds,
    sql<PublisherRow>`SELECT l.id::text AS id, e.publisher
      FROM publisher_lists l
      LEFT JOIN publisher_list_entries e ON e.list_id = l.id AND e.set_id = l.entry_set
      WHERE l.id = ANY(${idArray(listIds)}) AND l.state = 'active' AND l.deleted_at IS NULL`,
  );
  const dealRows = await rowsOf(
    dealIds,
    sql<DealRow>`SELECT d.id::text AS id, d.external_id, d.supply_partner, d.type, d.floor_price::text AS floor_price,
        d.currency, to_char(d.start_date, 'YYYY-MM-DD') AS start_date, to_char(d.end_date, 'YYYY-MM-DD') AS end_date
      FROM deals d
      WHERE d.id = ANY(${idArray(dealIds)}) AND d.state = 'active' AND d.deleted_at IS NULL`,
  );
  // Hashes are counted first, so that the audiences that fit the bound are known before any is loaded.
  const countRows = await rowsOf(
    audienceIds,
    sql<AudienceCountRow>`SELECT a.id::text AS id, count(i.identifier_hash)::text AS hashes
      FROM audiences a
      LEFT JOIN audience_uploads u ON u.audience_id = a.id AND u.state = 'committed'
      LEFT JOIN audience_identifiers i ON i.upload_id = u.id
      WHERE a.id = ANY(${idArray(audienceIds)}) AND a.state = 'active' AND a.deleted_at IS NULL
      GROUP BY a.id ORDER BY a.id`,
  );
  const loadable: string[] = [];
  const audiencesOverBound = new Set<string>();
  let budget = maxAudienceHashes;
  for (const row of countRows) {
    const count = Number(row.hashes);
    if (count <= budget) {
      loadable.push(row.id);
      budget -= count;
    } else {
      audiencesOverBound.add(row.id);
    }
  }
  const hashRows = await rowsOf(
    loadable,
    sql<AudienceHashRow>`SELECT i.audience_id::text AS id, encode(i.identifier_hash, 'hex') AS hash
      FROM audience_identifiers i JOIN audience_uploads u ON u.id = i.upload_id AND u.state = 'committed'
      WHERE i.audience_id = ANY(${idArray(loadable)})`,
  );

  const geolists = new Map([...groupBy(areaRows)].map(([id, rows]) => [id, rows.map(toArea)]));
  const locationAudiences = new Map<string, CompiledLocationAudience>();
  for (const [id, rows] of groupBy(locationRows)) {
    const first = rows[0];
    if (first === undefined) continue;
    locationAudiences.set(id, {
      id,
      areas: rows.flatMap((row) =>
        row.latitude === null || row.longitude === null || row.radius === null
          ? []
          : [toArea({ latitude: row.latitude, longitude: row.longitude, radius: row.radius })],
      ),
      startDay: first.start_date,
      endDay: first.end_date,
      hours: { from: minuteOf(first.time_from), to: minuteOf(first.time_to) },
      timeZone: first.timezone,
    });
  }
  const publisherLists = new Map(
    [...groupBy(publisherRows)].map(([id, rows]) => [
      id,
      new Set(rows.flatMap((row) => (row.publisher === null ? [] : [normalizeHost(row.publisher)]))),
    ]),
  );
  const deals = new Map(
    dealRows.map((row): [string, CompiledDeal] => [
      row.id,
      {
        id: row.id,
        externalId: row.external_id,
        supplyPartner: row.supply_partner,
        type: row.type,
        floorMicros: BigInt(row.floor_price),
        currency: row.currency,
        startDay: row.start_date,
        endDay: row.end_date,
      },
    ]),
  );
  const hashesById = new Map(loadable.map((id) => [id, new Set<string>()]));
  for (const row of hashRows) hashesById.get(row.id)?.add(row.hash);
  const audiences = new Map<string, CompiledAudience>(
    [...hashesById].map(([id, hashes]) => [id, { id, hashes }]),
  );
  return {
    geolists,
    locationAudiences,
    publisherLists,
    deals,
    audiences,
    audiencesOverBound,
    audienceHashes: [...hashesById.values()].reduce((sum, hashes) => sum + hashes.size, 0),
  };
};

// ---------------------------------------------------------------------------------------------------------
// One strategy

type Built = { ok: true; strategy: CompiledStrategy } | { ok: false; reason: SkipReason };

/** The live ones of `ids`; undefined when some were targeted and none is left (the strategy cannot bid as meant). */
const liveOf = <T>(ids: readonly string[], map: ReadonlyMap<string, T>): T[] | undefined => {
  const live = ids.flatMap((id) => {
    const value = map.get(id);
    return value === undefined ? [] : [value];
  });
  return ids.length > 0 && live.length === 0 ? undefined : live;
};

/** A stored cap, the strategy's or its campaign's, as the bidder checks it (docs/engine.md "Frequency caps"). */
const compiledCap = (cap: StoredFrequencyCap | null): CompiledFrequencyCap | null =>
  cap === null ? null : { impressions: cap.impressions, period: cap.period, fingerprint: cap.fingerprint };

const buildStrategy = (
  row: StrategyRow,
  refs: Refs,
  resources: Resources,
  creatives: readonly CompiledCreative[],
): Built => {
  if (creatives.length === 0) return { ok: false, reason: 'no_creatives' };
  if (row.pricing === null) return { ok: false, reason: 'no_pricing' };
  if (row.bid === null) return { ok: false, reason: 'no_bid' };

  // A targeted resource deleted since keeps its id on the campaign (the console alerts); it no longer counts.
  // When every geolist, location audience, deal or included audience targeted is gone, the strategy would
  // otherwise bid everywhere, in the open auction or on everyone: it is left out instead (fail closed).
  const areas = liveOf(refs.geolists, resources.geolists);
  if (areas === undefined) return { ok: false, reason: 'geolists_gone' };
  const locationAudiences = liveOf(refs.locationAudiences, resources.locationAudiences);
  if (locationAudiences === undefined) return { ok: false, reason: 'location_audiences_gone' };
  const deals = liveOf(refs.deals, resources.deals);
  if (deals === undefined) return { ok: false, reason: 'deals_gone' };

  const audienceIds = (ids: readonly number[]) => ids.map(String);
  const targetedAudiences = [
    ...refs.audiences.at_least_one_of,
    ...refs.audiences.mandatory,
    ...refs.audiences.excluded,
  ].map(String);
  // An audience too large for the memory bound cannot be checked: including or excluding it blindly would be
  // wrong either way, so the strategy does not bid.
  if (targetedAudiences.some((id) => resources.audiencesOverBound.has(id))) {
    return { ok: false, reason: 'audiences_over_memory_bound' };
  }
  const atLeastOneOf = liveOf(audienceIds(refs.audiences.at_least_one_of), resources.audiences);
  const mandatoryIds = audienceIds(refs.audiences.mandatory);
  const mandatory = mandatoryIds.flatMap((id) => {
    const audience = resources.audiences.get(id);
    return audience === undefined ? [] : [audience];
  });
  if (atLeastOneOf === undefined || mandatory.length < mandatoryIds.length) {
    return { ok: false, reason: 'audiences_gone' };
  }
  const excluded = audienceIds(refs.audiences.excluded).flatMap((id) => {
    const audience = resources.audiences.get(id);
    return audience === undefined ? [] : [audience];
  });

  const allowLists = refs.allowlists.flatMap((id) => {
    const list = resources.publisherLists.get(id);
    return list === undefined ? [] : [list];
  });
  const blockLists = refs.blocklists.flatMap((id) => {
    const list = resources.publisherLists.get(id);
    return list === undefined ? [] : [list];
  });

  // A strategy's location narrows its campaign's (the console alerts when it reaches outside it).
  const location = row.location;
  const hasOwnLocation =
    location.countries.length > 0 || location.regions.length > 0 || location.cities.length > 0;
  const countries =
    hasOwnLocation && location.countries.length > 0 ? location.countries : row.campaign_targeting.countries;
  const regions = hasOwnLocation ? location.regions : row.campaign_targeting.regions;
  const cities = hasOwnLocation ? location.cities : row.campaign_targeting.cities;

  const { days, ranges } = intersectSchedules(row.campaign_schedule, row.strategy_schedule);
  const schedule: CompiledSchedule = {
    timeZone: row.time_zone,
    startDay: row.start_day,
    endDay: row.end_day,
    days,
    ranges,
  };

  const lower = (values: readonly string[]) => new Set(values.map((value) => value.trim().toLowerCase()));
  const upper = (values: readonly string[]) => new Set(values.map((value) => value.trim().toUpperCase()));
  const micros = (value: string | null) => (value === null ? null : BigInt(value));

  return {
    ok: true,
    strategy: {
      strategyId: row.strategy_id,
      campaignId: row.campaign_id,
      organizationId: row.organization_id,
      campaignType: row.campaign_type,
      pricing: row.pricing,
      bidMicros: BigInt(row.bid),
      goal: goalOf({
        priceModel: row.price_model,
        eventOptimisation: row.event_optimisation,
        goalPriceMicros: micros(row.cpc_target),
      }),
      currency: row.currency,
      budget: {
        timespan: row.budget_timespan,
        campaignBudgetMicros: micros(row.budget),
        dailyBudgetMicros: micros(row.daily_budget),
        dailyImpressions: row.daily_impressions,
        dailyClicks: row.daily_clicks,
        budgetSharePercent: row.budget_share,
        campaignEndDay: row.campaign_end_day,
        dailyLimitType: row.daily_limit_type,
        maxDailyCostStrategy: row.max_daily_cost_strategy,
      },
      schedule,
      geo: {
        countries: upper(countries),
        regions: upper(regions),
        cities: cities.flatMap((id) => {
          const city = cityOf(id);
          return city === undefined ? [] : [city];
        }),
        areas: areas.flat(),
        locationAudiences,
      },
      deviceTypes: new Set(row.device_types),
      deviceIdTypes: new Set(row.device_id_types),
      supply: {
        bundleIds: lower(row.campaign_targeting.bundle_ids),
        iabCategories: upper(row.campaign_targeting.iab_categories),
        appCategories: lower(row.campaign_targeting.app_categories),
        publishers: {
          allow: refs.allowlists.length === 0 ? null : new Set(allowLists.flatMap((list) => [...list])),
          block: new Set(blockLists.flatMap((list) => [...list])),
        },
      },
      videoPositions: new Set(row.video_positions),
      deals,
      audiences: { atLeastOneOf, mandatory, excluded },
      creatives,
      frequencyCap: compiledCap(row.frequency_cap),
      campaignFrequencyCap: compiledCap(row.campaign_frequency_cap),
    },
  };
};

// ---------------------------------------------------------------------------------------------------------
// The compile

const dayOffset = (now: Date, days: number): string =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Reads and compiles every live strategy as of `now`. A fixed number of statements whatever the number of
 * strategies: the marker, the strategies, their creatives, then one per targeted kind of resource.
 */
export const compileLiveStrategies = (
  db: Kysely<Database>,
  options: CompileOptions,
): Promise<CompiledIndex> =>
  db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const marker = await readChangeMarker(trx);
      const live = liveStrategiesFrom(
        dayOffset(options.now, -FLIGHT_MARGIN_DAYS),
        dayOffset(options.now, FLIGHT_MARGIN_DAYS),
      );
      const strategyRows = (
        await sql<StrategyRow>`SELECT s.id::text AS strategy_id, c.id::text AS campaign_id,
            c.organization_id::text AS organization_id, c.type AS campaign_type, c.pricing,
            coalesce(s.bid, c.bid)::text AS bid, c.price_model, c.event_optimisation,
            c.cpc_target::text AS cpc_target, c.currency, c.budget_timespan, c.budget::text AS budget,
            c.daily_budget::text AS daily_budget, c.daily_impressions, c.daily_clicks, s.budget_share,
            c.daily_limit_type, c.max_daily_cost_strategy,
            ${day(sql`GREATEST(s.start_date, c.start_date)`)} AS start_day,
            ${day(sql`LEAST(s.end_date, c.end_date)`)} AS end_day, ${day(sql`c.end_date`)} AS campaign_end_day,
            c.time_zone, c.schedule AS campaign_schedule, s.schedule AS strategy_schedule,
            c.targeting AS campaign_targeting, s.targeting AS strategy_targeting, s.location,
            c.device_types, c.device_id_types, c.video_positions, s.frequency_cap,
            c.frequency_cap AS campaign_frequency_cap
          ${live}
          ORDER BY s.id`.execute(trx)
      ).rows;
      const creativeRows =
        strategyRows.length === 0
          ? []
          : (
              await sql<CreativeRow>`SELECT cc.campaign_id::text AS campaign_id, cr.id::text AS id, cr.name,
                  cr.type, cr.technical_type, cr.width, cr.height, cr.attributes, cr.native, cr.asset,
                  cr.companion, cr.renditions, cr.click_url, cr.impression_pixels, cr.event_pixels,
                  cr.html_markup, cr.vast_url, coalesce(cr.vast_xml <> '', false) AS has_vast_xml,
                  (regexp_match(cr.vast_xml, ${VAST_PATTERNS.clickThrough}, 'i'))[1] AS vast_click_through,
                  (regexp_match(cr.vast_xml, ${VAST_PATTERNS.duration}, 'i'))[1] AS vast_duration,
                  ARRAY(SELECT DISTINCT lower(m[1]) AS mime
                    FROM regexp_matches(cr.vast_xml, ${VAST_PATTERNS.mediaFileType}, 'gi') AS m
                    ORDER BY mime) AS vast_mimes
                FROM campaign_creatives cc JOIN creatives cr ON cr.id = cc.creative_id
                WHERE cc.state = 'active' AND cr.state = 'active' AND cr.deleted_at IS NULL
                  AND (cr.type <> 'video' OR cr.transcoding_status = 'success')
                  AND cc.campaign_id IN (SELECT s.campaign_id ${live})
                ORDER BY cc.campaign_id, cr.id`.execute(trx)
            ).rows;
      const creativesByCampaign = new Map<string, CompiledCreative[]>();
      for (const row of creativeRows) {
        const creative = compileCreative(row);
        if (creative === undefined) continue;
        const list = creativesByCampaign.get(row.campaign_id);
        if (list === undefined) creativesByCampaign.set(row.campaign_id, [creative]);
        else list.push(creative);
      }
      const refs = strategyRows.map(refsOf);
      const resources = await readResources(
        trx,
        refs,
        options.maxAudienceHashes ?? DEFAULT_MAX_AUDIENCE_HASHES,
      );
      const strategies: CompiledStrategy[] = [];
      const skipped: { strategyId: string; reason: SkipReason }[] = [];
      strategyRows.forEach((row, index) => {
        const built = buildStrategy(
          row,
          refs[index] ?? refsOf(row),
          resources,
          creativesByCampaign.get(row.campaign_id) ?? [],
        );
        if (built.ok) strategies.push(built.strategy);
        else skipped.push({ strategyId: row.strategy_id, reason: built.reason });
      });
      return {
        strategies,
        skipped,
        audienceHashes: resources.audienceHashes,
        marker,
        compiledAt: options.now,
      };
    });
