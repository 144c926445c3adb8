/** Campaign, strategy and targeting enumerations of spec §3, §4 and §9. */

export const CAMPAIGN_TYPES = [
  'app-promotion',
  'generic',
  'proximity',
  'smart-tv',
  'dooh',
  'synchronized',
] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
/** The API keeps historical ids; the console shows the product names of §3. */
export const CAMPAIGN_TYPE_LABELS = {
  'app-promotion': 'App Marketing',
  generic: 'Multichannel',
  proximity: 'Proximity',
  'smart-tv': 'Connected TV',
  dooh: 'DOOH',
  synchronized: 'Synchronized',
} as const satisfies Record<CampaignType, string>;

export const OBJECTIVE_KINDS = ['user_acquisition', 'retargeting'] as const;
export type ObjectiveKind = (typeof OBJECTIVE_KINDS)[number];
export const OBJECTIVE_KIND_LABELS = {
  user_acquisition: 'User acquisition',
  retargeting: 'Retargeting',
} as const satisfies Record<ObjectiveKind, string>;

export const CAMPAIGN_STATES = ['inactive', 'active', 'deleted', 'preview', 'imported'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
/** §4 calls the preview state a draft, which is what the console shows. */
export const CAMPAIGN_STATE_LABELS = {
  inactive: 'Inactive',
  active: 'Active',
  deleted: 'Deleted',
  preview: 'Draft',
  imported: 'Imported',
} as const satisfies Record<CampaignState, string>;

/** The second campaign status family of §3 (transitions not specified, §4). */
export const CAMPAIGN_STATUSES = ['active', 'closed', 'deleted', 'incomplete', 'pending'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_LABELS = {
  active: 'Active',
  closed: 'Closed',
  deleted: 'Deleted',
  incomplete: 'Incomplete',
  pending: 'Pending',
} as const satisfies Record<CampaignStatus, string>;

export const DELIVERY_STATUSES = [
  'draft',
  'ended',
  'stopped',
  'no_creatives',
  'paused_strategies',
  'paused_creatives',
  'pending_approval',
  'not_bidding',
  'not_winning',
  'on_track',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS = {
  draft: 'Draft',
  ended: 'Ended',
  stopped: 'Stopped',
  no_creatives: 'No creatives',
  paused_strategies: 'Paused strategies',
  paused_creatives: 'Paused creatives',
  pending_approval: 'Pending approval',
  not_bidding: 'Not bidding',
  not_winning: 'Not winning',
  on_track: 'On track',
} as const satisfies Record<DeliveryStatus, string>;

/** Price and cost models (goals and KPIs a strategy can be priced or optimised on). */
export const PRICE_MODELS = [
  'cpm',
  'cpc',
  'ctr',
  'cpa1',
  'cpa2',
  'cpa3',
  'cpa4',
  'cpa5',
  'cpvcomplete',
  'cpvstart',
  'ipm',
] as const;
export type PriceModel = (typeof PRICE_MODELS)[number];
export const PRICE_MODEL_LABELS = {
  cpm: 'CPM',
  cpc: 'CPC',
  ctr: 'CTR',
  cpa1: 'CPA 1',
  cpa2: 'CPA 2',
  cpa3: 'CPA 3',
  cpa4: 'CPA 4',
  cpa5: 'CPA 5',
  cpvcomplete: 'CPV complete',
  cpvstart: 'CPV start',
  ipm: 'IPM',
} as const satisfies Record<PriceModel, string>;

export const EVENT_OPTIMISATIONS = [
  'not_optimizing',
  'all_events',
  'event1',
  'event2',
  'event3',
  'event4',
  'event5',
] as const;
export type EventOptimisation = (typeof EVENT_OPTIMISATIONS)[number];
/** §3 labels the single events "events1" to "events5" (sic), so the console does too. */
export const EVENT_OPTIMISATION_LABELS = {
  not_optimizing: 'Not optimizing',
  all_events: 'All events',
  event1: 'events1',
  event2: 'events2',
  event3: 'events3',
  event4: 'events4',
  event5: 'events5',
} as const satisfies Record<EventOptimisation, string>;
/**
 * What each event optimisation means, in words, shown beside the §3 label (decision 048): the events are the
 * conversion events 1 to 5 of the postback pixels ("Event 1"…), whose sum is the grids' "Conversions".
 */
export const EVENT_OPTIMISATION_DESCRIPTIONS = {
  not_optimizing: 'Bid without optimising for conversion events',
  all_events: 'Optimise for conversion events 1 to 5 together',
  event1: 'Optimise for conversion event 1 (postback Event 1)',
  event2: 'Optimise for conversion event 2 (postback Event 2)',
  event3: 'Optimise for conversion event 3 (postback Event 3)',
  event4: 'Optimise for conversion event 4 (postback Event 4)',
  event5: 'Optimise for conversion event 5 (postback Event 5)',
} as const satisfies Record<EventOptimisation, string>;

export const DEVICE_ID_TYPES = [
  'ifa',
  'gaid',
  'web',
  'tifa',
  'lgudid',
  'amazonadvertisingid',
  'rida',
  'msai',
  'fake',
] as const;
export type DeviceIdType = (typeof DEVICE_ID_TYPES)[number];
/** `fake` targets traffic whatever its identifier, including none. */
export const DEVICE_ID_TYPE_LABELS = {
  ifa: 'IFA',
  gaid: 'GAID',
  web: 'Web',
  tifa: 'TIFA',
  lgudid: 'LGUDID',
  amazonadvertisingid: 'Amazon Advertising ID',
  rida: 'RIDA',
  msai: 'MSAI',
  fake: 'Any ID or no ID',
} as const satisfies Record<DeviceIdType, string>;

export const DEVICE_TYPES = ['phone', 'connectedtv', 'desktop', 'tablet'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const DEVICE_TYPE_LABELS = {
  phone: 'Phone',
  connectedtv: 'Connected TV',
  desktop: 'Desktop',
  tablet: 'Tablet',
} as const satisfies Record<DeviceType, string>;

export const STRATEGY_STATES = ['bidding', 'paused'] as const;
export type StrategyState = (typeof STRATEGY_STATES)[number];
export const STRATEGY_STATE_LABELS = {
  bidding: 'Bidding',
  paused: 'Paused',
} as const satisfies Record<StrategyState, string>;

export const CAMPAIGN_CREATIVE_STATES = ['active', 'inactive', 'deleted'] as const;
export type CampaignCreativeState = (typeof CAMPAIGN_CREATIVE_STATES)[number];
export const CAMPAIGN_CREATIVE_STATE_LABELS = {
  active: 'Active',
  inactive: 'Inactive',
  deleted: 'Deleted',
} as const satisfies Record<CampaignCreativeState, string>;

export const BUDGET_TIMESPANS = ['lifetime', 'daily'] as const;
export type BudgetTimespan = (typeof BUDGET_TIMESPANS)[number];
export const BUDGET_TIMESPAN_LABELS = {
  lifetime: 'Lifetime',
  daily: 'Daily',
} as const satisfies Record<BudgetTimespan, string>;

export const DAILY_LIMIT_TYPES = ['manual', 'auto'] as const;
export type DailyLimitType = (typeof DAILY_LIMIT_TYPES)[number];
export const DAILY_LIMIT_TYPE_LABELS = {
  manual: 'Manual',
  auto: 'Auto',
} as const satisfies Record<DailyLimitType, string>;

export const MAX_DAILY_COST_STRATEGIES = ['daily', 'automatic', 'lifetime'] as const;
export type MaxDailyCostStrategy = (typeof MAX_DAILY_COST_STRATEGIES)[number];
export const MAX_DAILY_COST_STRATEGY_LABELS = {
  daily: 'Daily',
  automatic: 'Automatic',
  lifetime: 'Lifetime',
} as const satisfies Record<MaxDailyCostStrategy, string>;

export const PRICING_TYPES = ['cpc', 'cpm'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];
export const PRICING_TYPE_LABELS = {
  cpc: 'CPC',
  cpm: 'CPM',
} as const satisfies Record<PricingType, string>;

/** Monday first, as schedules are edited in the console. */
export const DAYS_OF_WEEK = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];
export const DAY_OF_WEEK_LABELS = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
} as const satisfies Record<DayOfWeek, string>;

const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
] as const satisfies readonly DayOfWeek[];

/** A time range within one day, `HH:mm`; `24:00` is the end of the day. */
export type TimeRange = { readonly from: string; readonly to: string };
export type ScheduleDefinition = {
  readonly days: readonly DayOfWeek[];
  readonly ranges: readonly TimeRange[];
};

export const SCHEDULE_PRESETS = [
  'all',
  'work_hours',
  'weekend',
  'after_work',
  'night_time',
  'custom',
] as const;
export type SchedulePreset = (typeof SCHEDULE_PRESETS)[number];
export const SCHEDULE_PRESET_LABELS = {
  all: 'All',
  work_hours: 'Work hours',
  weekend: 'Weekend',
  after_work: 'After work',
  night_time: 'Night time',
  custom: 'Custom',
} as const satisfies Record<SchedulePreset, string>;

/**
 * What each preset selects (§9). The spec writes the after-work end as 00:00; it means midnight at the
 * end of the day, written 24:00 here so that every range has from < to. Custom has no fixed definition.
 */
export const SCHEDULE_PRESET_DEFINITIONS = {
  all: { days: DAYS_OF_WEEK, ranges: [{ from: '00:00', to: '24:00' }] },
  work_hours: { days: WEEKDAYS, ranges: [{ from: '08:00', to: '18:00' }] },
  weekend: { days: ['saturday', 'sunday'], ranges: [{ from: '00:00', to: '24:00' }] },
  after_work: { days: WEEKDAYS, ranges: [{ from: '18:00', to: '24:00' }] },
  night_time: { days: DAYS_OF_WEEK, ranges: [{ from: '00:00', to: '06:00' }] },
  custom: null,
} as const satisfies Record<SchedulePreset, ScheduleDefinition | null>;

export const VIDEO_POSITIONS = ['pre-roll', 'mid-roll', 'post-roll'] as const;
export type VideoPosition = (typeof VIDEO_POSITIONS)[number];
export const VIDEO_POSITION_LABELS = {
  'pre-roll': 'Pre-roll',
  'mid-roll': 'Mid-roll',
  'post-roll': 'Post-roll',
} as const satisfies Record<VideoPosition, string>;

export const VIDEO_ATTRIBUTES = ['standard', 'autoplay', 'user_initiated'] as const;
export type VideoAttribute = (typeof VIDEO_ATTRIBUTES)[number];
export const VIDEO_ATTRIBUTE_LABELS = {
  standard: 'Standard',
  autoplay: 'Autoplay',
  user_initiated: 'User initiated',
} as const satisfies Record<VideoAttribute, string>;
/** Numeric codes sent to exchanges (§9); 6 and 7 are the OpenRTB in-banner video attributes. */
export const VIDEO_ATTRIBUTE_CODES = {
  standard: 0,
  autoplay: 6,
  user_initiated: 7,
} as const satisfies Record<VideoAttribute, number>;

/** Minimum viewability in percent; 0 means all traffic. */
export const VIEWABILITY_THRESHOLDS = [0, 40, 50, 60, 70] as const;
export type ViewabilityThreshold = (typeof VIEWABILITY_THRESHOLDS)[number];
export const VIEWABILITY_THRESHOLD_LABELS = {
  0: 'All traffic',
  40: 'At least 40%',
  50: 'At least 50%',
  60: 'At least 60%',
  70: 'At least 70%',
} as const satisfies Record<ViewabilityThreshold, string>;

/** Maximum age of the data, in hours. */
export const DATA_REFRESH_WINDOWS = [1, 6, 12, 24, 48] as const;
export type DataRefreshWindow = (typeof DATA_REFRESH_WINDOWS)[number];
export const DATA_REFRESH_WINDOW_LABELS = {
  1: 'Up to 1 hour',
  6: 'Up to 6 hours',
  12: 'Up to 12 hours',
  24: 'Up to 24 hours',
  48: 'Up to 48 hours',
} as const satisfies Record<DataRefreshWindow, string>;
