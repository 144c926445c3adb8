/**
 * The compiled, in-memory form of one live strategy with its campaign, as the bidder reads it (DESIGN §8,
 * decision 040). Built from the database by the index compiler (campaigns, strategies, creatives, deals,
 * geolists, location audiences, publisher lists, audiences) and replaced on change; the rules in
 * targeting.ts and price.ts read nothing else. Sets are pre-normalised (lower case, trimmed) so a rule is a
 * lookup, never a scan of text. An empty set means "not targeted" (anything passes) unless a field says
 * otherwise.
 */
import type { GoalEvent } from '@beacon/domain/campaigns/goals';
import type {
  BudgetTimespan,
  CampaignType,
  DailyLimitType,
  DayOfWeek,
  DeviceIdType,
  DeviceType,
  MaxDailyCostStrategy,
  PricingType,
  VideoPosition,
} from '@beacon/domain/dictionary/campaigns';
import type { CreativeAttribute } from '@beacon/domain/dictionary/creatives';
import type { Currency } from '@beacon/domain/dictionary/currencies';
import type { DealType } from '@beacon/domain/dictionary/deals';
import type { SupplyPartner } from '@beacon/domain/dictionary/partners';

/** A day as `YYYY-MM-DD`. */
export type Day = string;

/** Minutes since midnight, `to` exclusive; 1440 is the end of the day (the schedule's `24:00`). */
export type MinuteRange = { readonly from: number; readonly to: number };

/**
 * When the strategy may bid, in `timeZone` (IANA): the campaign's own zone (migration 0023), which is also
 * the zone of its daily budget day (delivery-counters.ts `mayBid`).
 */
export type CompiledSchedule = {
  readonly timeZone: string;
  /** Flight, inclusive; null: open. The strategy's own dates when it has them, else the campaign's. */
  readonly startDay: Day | null;
  readonly endDay: Day | null;
  /** Every range applies to every selected day; no days or no ranges never bids (§5 alert). */
  readonly days: ReadonlySet<DayOfWeek>;
  readonly ranges: readonly MinuteRange[];
};

/** A circle on the map: a geolist area or a location audience area (radius in metres). */
export type GeoArea = { readonly lat: number; readonly lon: number; readonly radiusMetres: number };

/** A location audience (decision 017): its areas count only between its days and within its hours. */
export type CompiledLocationAudience = {
  readonly id: string;
  readonly areas: readonly GeoArea[];
  readonly startDay: Day;
  readonly endDay: Day;
  readonly hours: MinuteRange;
  readonly timeZone: string;
};

/** A targeted city: `ES-AN-Málaga` becomes country ES, region AN and the folded name `malaga`. */
export type CompiledCity = { readonly countryIso2: string; readonly region: string; readonly name: string };

export type CompiledGeo = {
  /** ISO 3166-1 alpha-3, upper case: campaigns store alpha-3, as OpenRTB sends it. */
  readonly countries: ReadonlySet<string>;
  /** `<alpha-2>-<subdivision>`, upper case ("ES-AN"). */
  readonly regions: ReadonlySet<string>;
  readonly cities: readonly CompiledCity[];
  /** Geolist areas of the campaign and the strategy; empty: no geolist targeted. */
  readonly areas: readonly GeoArea[];
  readonly locationAudiences: readonly CompiledLocationAudience[];
};

/** Publisher ids, app bundles and web domains, lower case, `www.` dropped from domains. */
export type CompiledPublishers = {
  /** Null: no allowlist targeted. An allowlist with no entries allows nothing. */
  readonly allow: ReadonlySet<string> | null;
  readonly block: ReadonlySet<string>;
};

export type CompiledSupply = {
  /** App bundles or store ids the strategy buys on, lower case; empty: any. */
  readonly bundleIds: ReadonlySet<string>;
  /** IAB content categories, upper case (IAB2 covers IAB2-1); empty: any. */
  readonly iabCategories: ReadonlySet<string>;
  /**
   * The product's own app categories (§3): ids ("8", "8-3") and names, lower case. OpenRTB has no app store
   * taxonomy, so an app's `cat` entries are compared with both; empty: any.
   */
  readonly appCategories: ReadonlySet<string>;
  readonly publishers: CompiledPublishers;
};

/** A targeted deal (decision 016); floor in micros of `currency`. */
export type CompiledDeal = {
  readonly id: string;
  /** The deal id the exchange sends in imp.pmp.deals[].id. */
  readonly externalId: string;
  readonly supplyPartner: SupplyPartner;
  readonly type: DealType;
  readonly floorMicros: bigint;
  readonly currency: Currency;
  readonly startDay: Day;
  readonly endDay: Day | null;
};

/** One audience as a set of keyed hashes (HMAC-SHA256 hex, decision 019). */
export type CompiledAudience = { readonly id: string; readonly hashes: ReadonlySet<string> };

export type CompiledAudiences = {
  readonly atLeastOneOf: readonly CompiledAudience[];
  readonly mandatory: readonly CompiledAudience[];
  readonly excluded: readonly CompiledAudience[];
};

export type CompiledSize = { readonly w: number; readonly h: number };

/** One file a video or audio player may play (a processed rendition, or the uploaded audio). */
export type CompiledMediaFile = {
  /** As stored: an app path (`/api/files/…`, made absolute with the public URL) or an absolute URL. */
  readonly url: string;
  readonly mime: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly bitrateKbps: number | null;
};

/**
 * What the bidder writes into a bid's markup (`adm`, engine/markup.ts); URLs as stored (app paths are made
 * absolute with the public URL when served). A creative without it is never served (fail closed).
 */
export type CreativeServing = {
  readonly name: string;
  /** The advertiser's landing page; our click URL redirects to it (docs/engine.md "Events"). */
  readonly clickUrl: string | null;
  /** The advertiser's own impression pixels, fired with ours. */
  readonly impressionPixels: readonly string[];
  /** The advertiser's own video event pixels by §3 kind (start, first_quartile, …, error). */
  readonly eventPixels: Readonly<Partial<Record<string, readonly string[]>>>;
  /** Banner image, or a native's main image. */
  readonly imageUrl: string | null;
  /** A native's icon. */
  readonly iconUrl: string | null;
  /** A tag's or rich media's HTML (`{click_url}` stands for the click URL). */
  readonly html: string | null;
  /** An external video's VAST URL: served as a VAST Wrapper. */
  readonly vastUrl: string | null;
  /**
   * A pasted VAST document (external video without a URL): served as a VAST Wrapper whose VASTAdTagURI is the
   * installation's hosted-VAST URL of the bid (`/vast?t=`, docs/engine.md "Markup"). The document itself is not
   * held here: the hosted-VAST route reads it when a player fetches it. Absent: false.
   */
  readonly hostedVast?: boolean;
  readonly durationMs: number | null;
  readonly mediaFiles: readonly CompiledMediaFile[];
  /** A video's companion banner image. */
  readonly companion: { readonly url: string; readonly w: number; readonly h: number } | null;
};

type CreativeBase = {
  readonly id: string;
  /**
   * The advertiser's domain (bid.adomain; checked against the request's badv): the host of the creative's
   * click URL, lower case without `www.`, or of a pasted VAST document's ClickThrough. Null or absent (built
   * by hand in tests of the rules): unknown, never blocked by badv and not sent.
   */
  readonly advertiserDomain?: string | null;
  /** OpenRTB creative attributes (§3 codes 0-18; 0 "none" is never sent). */
  readonly attributes: readonly CreativeAttribute[];
  /** How to serve it; absent (built by hand in tests of the rules): the bidder does not serve it. */
  readonly serving?: CreativeServing;
};
export type CompiledBannerCreative = CreativeBase & { readonly kind: 'banner'; readonly size: CompiledSize };
export type CompiledVideoCreative = CreativeBase & {
  readonly kind: 'video';
  /** MIME types of the renditions; empty: unknown (a request naming mimes is then not served). */
  readonly mimes: readonly string[];
  /** Seconds; null: unknown (a request bounding the duration is then not served). */
  readonly durationSeconds: number | null;
  /** OpenRTB protocols the VAST can be served as (2 VAST 2.0, 3 VAST 3.0, 7 VAST 4.0, ...). */
  readonly protocols: readonly number[];
  /** The companion banner the VAST carries, for the markup; a companion slot is never required. */
  readonly companion: CompiledSize | null;
};
export type CompiledAudioCreative = CreativeBase & {
  readonly kind: 'audio';
  readonly mimes: readonly string[];
  readonly durationSeconds: number | null;
};
export type CompiledNativeCreative = CreativeBase & {
  readonly kind: 'native';
  readonly title: string;
  readonly description: string;
  readonly callToAction: string;
  readonly sponsoredBy: string;
  readonly mainImage: CompiledSize | null;
  readonly icon: CompiledSize | null;
};
export type CompiledCreative =
  | CompiledBannerCreative
  | CompiledVideoCreative
  | CompiledAudioCreative
  | CompiledNativeCreative;

/**
 * The money and caps the pacing and budget counters hold a strategy to (micros of `currency`); null: not set.
 * The campaign's budget is shared by its strategies by `budgetSharePercent`. What has been spent is not here:
 * the counters hold it (DESIGN §8), so spending never rebuilds the index.
 */
export type CompiledBudget = {
  readonly timespan: BudgetTimespan | null;
  readonly campaignBudgetMicros: bigint | null;
  readonly dailyBudgetMicros: bigint | null;
  readonly dailyImpressions: number | null;
  readonly dailyClicks: number | null;
  readonly budgetSharePercent: number;
  /** The campaign's last day (its own, not a strategy's), over which pacing spreads a lifetime budget. */
  readonly campaignEndDay: Day | null;
  /** §9 daily limits and max daily cost strategy (pacing.ts `dayPlanOf`); absent or null: manual, automatic. */
  readonly dailyLimitType?: DailyLimitType | null;
  readonly maxDailyCostStrategy?: MaxDailyCostStrategy | null;
};

/** A strategy's frequency cap (docs/engine.md "Frequency caps"): at most `impressions` per user per `period`. */
export type CompiledFrequencyCap = {
  readonly impressions: number;
  readonly period: 'hour' | 'day' | 'lifetime';
  /** How a request without an identifier is told apart, when the campaign allows `fake`. */
  readonly fingerprint: 'soft' | 'exact';
};

/**
 * A strategy's goal (docs/decisions/051): the event its campaign's price model counts, and what one such event is
 * worth (the campaign's `cpc_target`), micros of the strategy's currency. It bids the event's predicted rate times
 * that price, capped by its maximum bid (price.ts `bidEquivalentCpm`).
 */
export type CompiledGoal = { readonly event: GoalEvent; readonly priceMicros: bigint };

/** One live strategy, ready to bid: everything a rule or the price needs. */
export type CompiledStrategy = {
  readonly strategyId: string;
  readonly campaignId: string;
  readonly organizationId: string;
  readonly campaignType: CampaignType;
  readonly pricing: PricingType;
  /**
   * The strategy's bid (else the campaign's), micros of `currency`: its maximum bid, a CPM, or for CPC the most
   * one click may cost.
   */
  readonly bidMicros: bigint;
  /** Null: no goal (a CPM model, or no goal price); the strategy bids its maximum bid. */
  readonly goal: CompiledGoal | null;
  readonly currency: Currency;
  readonly budget: CompiledBudget;
  readonly schedule: CompiledSchedule;
  readonly geo: CompiledGeo;
  /** Empty: any device type the campaign type allows. */
  readonly deviceTypes: ReadonlySet<DeviceType>;
  /** Empty or holding `fake`: any identifier or none (§3). */
  readonly deviceIdTypes: ReadonlySet<DeviceIdType>;
  readonly supply: CompiledSupply;
  /** Video positions (§9 pre-, mid-, post-roll) video creatives may fill; empty: any. */
  readonly videoPositions: ReadonlySet<VideoPosition>;
  /** Empty: open auction only; otherwise only through one of these deals. */
  readonly deals: readonly CompiledDeal[];
  readonly audiences: CompiledAudiences;
  /** Approved creatives linked and active; the rules pick those that fit an impression. */
  readonly creatives: readonly CompiledCreative[];
  /** Null or absent: no cap. */
  readonly frequencyCap?: CompiledFrequencyCap | null;
  /** The campaign's own cap, over all its strategies (docs/engine.md "Frequency caps"); null or absent: none. */
  readonly campaignFrequencyCap?: CompiledFrequencyCap | null;
};

/** The strategy's own delivery so far, from the counters (`DeliverySink.strategyStats`). */
export type StrategyStats = { readonly impressions: number; readonly clicks: number };
