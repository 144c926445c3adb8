/**
 * What each field of a resource's history is called and how its values read (§2 history): the labels the forms
 * use and the dictionary's labels of its values. The fields are those of each resource's history view on the
 * server (`historyViewOf` of its module); a field missing here still reads, by its name in words.
 */
import { DUPLICATED_FROM_FIELD } from '@beacon/domain/api/history';
import {
  AUDIENCE_KPI_LABELS,
  AUDIENCE_STATE_LABELS,
  AUDIENCE_TYPE_LABELS,
  FINGERPRINT_TYPE_LABELS,
  LOCATION_PRECISION_LABELS,
} from '@beacon/domain/dictionary/audiences';
import {
  BUDGET_TIMESPAN_LABELS,
  CAMPAIGN_STATE_LABELS,
  CAMPAIGN_TYPE_LABELS,
  DAILY_LIMIT_TYPE_LABELS,
  DAY_OF_WEEK_LABELS,
  DEVICE_ID_TYPE_LABELS,
  DEVICE_TYPE_LABELS,
  EVENT_OPTIMISATION_LABELS,
  MAX_DAILY_COST_STRATEGY_LABELS,
  OBJECTIVE_KIND_LABELS,
  PRICE_MODEL_LABELS,
  PRICING_TYPE_LABELS,
  SCHEDULE_PRESET_LABELS,
  STRATEGY_STATE_LABELS,
  VIDEO_ATTRIBUTE_LABELS,
  VIDEO_POSITION_LABELS,
  VIEWABILITY_THRESHOLD_LABELS,
} from '@beacon/domain/dictionary/campaigns';
import {
  CREATIVE_ATTRIBUTE_LABELS,
  CREATIVE_AUDIT_STATUS_LABELS,
  CREATIVE_STATE_LABELS,
  CREATIVE_TYPE_LABELS,
  EVENT_PIXEL_KIND_LABELS,
} from '@beacon/domain/dictionary/creatives';
import { CURRENCY_LABELS } from '@beacon/domain/dictionary/currencies';
import { DEAL_STATE_LABELS, DEAL_TYPE_LABELS } from '@beacon/domain/dictionary/deals';
import { SUPPLY_PARTNER_LABELS } from '@beacon/domain/dictionary/partners';
import {
  PUBLISHER_LIST_KIND_LABELS,
  PUBLISHER_LIST_STATE_LABELS,
} from '@beacon/domain/dictionary/publisher-lists';
import { TRACKING_PROVIDER_LABELS } from '@beacon/domain/dictionary/tracking';
import { CAMPAIGN_INTERNAL_FLAG_LABELS } from '@beacon/domain/validation/campaign-internal';
import { FREQUENCY_CAP_PERIOD_LABELS } from '@beacon/domain/validation/frequency-cap';
import { AUDIENCE_GROUP_LABELS } from '@beacon/domain/validation/resource-targeting';

/** How a value reads. */
export type ValueFormat =
  | { readonly kind: 'text' }
  /** Markup or XML: cut short. */
  | { readonly kind: 'long-text' }
  /** Decimal text in currency units ("12.5"), as the API answers money. */
  | { readonly kind: 'money' }
  /** Integer micro-units, as a few stored counters are kept. */
  | { readonly kind: 'micros' }
  | { readonly kind: 'date' }
  | { readonly kind: 'date-time' }
  | { readonly kind: 'yes-no' }
  | { readonly kind: 'number' }
  | { readonly kind: 'percent' }
  | { readonly kind: 'country' }
  | { readonly kind: 'language' }
  | { readonly kind: 'iab-category' }
  | { readonly kind: 'app-category' }
  /** Clock ranges `[{ from, to }]`. */
  | { readonly kind: 'time-ranges' }
  /** Ids of other rows, named by the entry's `labels` under `key`. */
  | { readonly kind: 'reference'; readonly key: string }
  | { readonly kind: 'enum'; readonly labels: Readonly<Record<string, string>> }
  /** An object read field by field: each changed part is a line of its own. */
  | { readonly kind: 'object'; readonly fields: FieldFormats };

export type FieldFormat = { readonly label: string; readonly format: ValueFormat };
export type FieldFormats = Readonly<Record<string, FieldFormat>>;

const TEXT = { kind: 'text' } as const;
const field = (label: string, format: ValueFormat = TEXT): FieldFormat => ({ label, format });
const enumOf = (label: string, labels: Readonly<Record<string, string>>): FieldFormat =>
  field(label, { kind: 'enum', labels });
const reference = (label: string, key: string): FieldFormat => field(label, { kind: 'reference', key });
const MONEY = { kind: 'money' } as const;
const DATE = { kind: 'date' } as const;
const NUMBER = { kind: 'number' } as const;
const LONG_TEXT = { kind: 'long-text' } as const;

/** What every resource's history holds: its name, organization and the original of a copy. */
const COMMON: FieldFormats = {
  name: field('Name'),
  organization: reference('Organization', 'organization'),
  [DUPLICATED_FROM_FIELD]: reference('Copied from', DUPLICATED_FROM_FIELD),
  deleted: field('Deleted', { kind: 'yes-no' }),
  file: field('File'),
};

const SCHEDULE = field('Schedule', {
  kind: 'object',
  fields: {
    preset: enumOf('Preset', SCHEDULE_PRESET_LABELS),
    days: enumOf('Days', DAY_OF_WEEK_LABELS),
    ranges: field('Hours', { kind: 'time-ranges' }),
  },
});

/** A strategy's or a campaign's cap (docs/engine.md "Frequency caps"). */
const FREQUENCY_CAP = field('Frequency cap', {
  kind: 'object',
  fields: {
    impressions: field('Impressions', NUMBER),
    period: enumOf('Period', FREQUENCY_CAP_PERIOD_LABELS),
    fingerprint: enumOf('Without a device ID', FINGERPRINT_TYPE_LABELS),
  },
});

const audiences = (key: string): FieldFormat =>
  field('Audiences', {
    kind: 'object',
    fields: Object.fromEntries(
      Object.entries(AUDIENCE_GROUP_LABELS).map(([group, label]) => [group, reference(label, key)]),
    ),
  });

/** The resources a campaign or strategy targets, named by the server under `targeting.<field>`. */
const TARGETED_RESOURCES: FieldFormats = {
  audiences: audiences('targeting.audiences'),
  location_audiences: reference('Location audiences', 'targeting.location_audiences'),
  geolists: reference('Geolists', 'targeting.geolists'),
};

const CAMPAIGN_FIELDS: FieldFormats = {
  ...COMMON,
  name: field('Campaign name'),
  organization: reference('Advertiser', 'organization'),
  type: enumOf('Type', CAMPAIGN_TYPE_LABELS),
  objective: enumOf('Objective', OBJECTIVE_KIND_LABELS),
  state: enumOf('State', CAMPAIGN_STATE_LABELS),
  start_date: field('Start date', DATE),
  end_date: field('End date', DATE),
  budget_timespan: enumOf('Budget timespan', BUDGET_TIMESPAN_LABELS),
  budget: field('Budget', MONEY),
  daily_limit_type: enumOf('Daily limits', DAILY_LIMIT_TYPE_LABELS),
  daily_budget: field('Daily budget', MONEY),
  daily_impressions: field('Daily impressions', NUMBER),
  daily_clicks: field('Daily clicks', NUMBER),
  max_daily_cost_strategy: enumOf('Max daily cost strategy', MAX_DAILY_COST_STRATEGY_LABELS),
  pricing: enumOf('Pricing', PRICING_TYPE_LABELS),
  price_model: enumOf('Price model', PRICE_MODEL_LABELS),
  bid: field('Bid', MONEY),
  cpc_target: field('CPC target', MONEY),
  event_optimisation: enumOf('Event optimisation', EVENT_OPTIMISATION_LABELS),
  tracking_tool: enumOf('Tracking tool', TRACKING_PROVIDER_LABELS),
  schedule: SCHEDULE,
  device_types: enumOf('Device types', DEVICE_TYPE_LABELS),
  device_id_types: enumOf('Device identifier types', DEVICE_ID_TYPE_LABELS),
  video_positions: enumOf('Video positions', VIDEO_POSITION_LABELS),
  video_attributes: enumOf('Video attributes', VIDEO_ATTRIBUTE_LABELS),
  viewability: enumOf('Viewability', VIEWABILITY_THRESHOLD_LABELS),
  targeting: field('Targeting', {
    kind: 'object',
    fields: {
      countries: field('Countries', { kind: 'country' }),
      regions: field('Regions'),
      cities: field('Cities'),
      bundle_ids: field('Bundle IDs'),
      iab_categories: field('IAB content categories', { kind: 'iab-category' }),
      app_categories: field('App categories', { kind: 'app-category' }),
      ...TARGETED_RESOURCES,
      publisher_allowlists: reference('Publisher allowlists', 'targeting.publisher_allowlists'),
      publisher_blocklists: reference('Publisher blocklists', 'targeting.publisher_blocklists'),
      deals: reference('Deals', 'targeting.deals'),
    },
  }),
  source_campaign: reference('Source campaign', 'source_campaign'),
  frequency_cap: FREQUENCY_CAP,
  spend: field('Spend', { kind: 'micros' }),
  budget_reset_at: field('Budget reset at', { kind: 'date-time' }),
  internal: field('Internal', {
    kind: 'object',
    fields: {
      fee_percent: field('Fee', { kind: 'percent' }),
      margin_percent: field('Margin', { kind: 'percent' }),
      notes: field('Internal notes'),
      flags: enumOf('Flags', CAMPAIGN_INTERNAL_FLAG_LABELS),
    },
  }),
  reason: field('Reason'),
};

const STRATEGY_FIELDS: FieldFormats = {
  ...COMMON,
  name: field('Strategy name'),
  campaign: reference('Campaign', 'campaign'),
  state: enumOf('State', STRATEGY_STATE_LABELS),
  start_date: field('Start date', DATE),
  end_date: field('End date', DATE),
  location: field('Location', {
    kind: 'object',
    fields: {
      countries: field('Countries', { kind: 'country' }),
      regions: field('Regions'),
      cities: field('Cities'),
    },
  }),
  schedule: SCHEDULE,
  targeting: field('Targeting', { kind: 'object', fields: TARGETED_RESOURCES }),
  bid: field('Bid', MONEY),
  budget_share: field('Budget share', { kind: 'percent' }),
  frequency_cap: FREQUENCY_CAP,
};

const CREATIVE_FIELDS: FieldFormats = {
  ...COMMON,
  type: enumOf('Type', CREATIVE_TYPE_LABELS),
  state: enumOf('State', CREATIVE_STATE_LABELS),
  audit_status: enumOf('Audit status', CREATIVE_AUDIT_STATUS_LABELS),
  rejection_reason: field('Rejection reason'),
  click_url: field('Click URL'),
  impression_pixels: field('Impression pixels'),
  event_pixels: field('Event pixels', {
    kind: 'object',
    fields: Object.fromEntries(
      Object.entries(EVENT_PIXEL_KIND_LABELS).map(([kind, label]) => [kind, field(label)]),
    ),
  }),
  html_markup: field('HTML markup', LONG_TEXT),
  vast_url: field('VAST URL'),
  vast_xml: field('VAST XML', LONG_TEXT),
  language: field('Language', { kind: 'language' }),
  width: field('Width', NUMBER),
  height: field('Height', NUMBER),
  attributes: enumOf('Attributes', CREATIVE_ATTRIBUTE_LABELS),
  boxing_allowed: field('Boxing allowed', { kind: 'yes-no' }),
  native: field('Native', {
    kind: 'object',
    fields: {
      title: field('Title'),
      description: field('Description'),
      call_to_action: field('Call to action'),
      sponsored_by: field('Sponsored by'),
      main_image_url: field('Main image'),
      icon_url: field('Icon'),
    },
  }),
  asset: field('Asset'),
  companion: field('Companion banner'),
  'native.icon_url': field('Native icon'),
  'native.main_image_url': field('Native main image'),
};

const DEAL_FIELDS: FieldFormats = {
  ...COMMON,
  external_id: field('Deal ID'),
  supply_partner: enumOf('Supply partner', SUPPLY_PARTNER_LABELS),
  type: enumOf('Type', DEAL_TYPE_LABELS),
  floor_price: field('Floor price', MONEY),
  currency: enumOf('Currency', CURRENCY_LABELS),
  start_date: field('Start date', DATE),
  end_date: field('End date', DATE),
  state: enumOf('State', DEAL_STATE_LABELS),
};

const GEOLIST_FIELDS: FieldFormats = {
  ...COMMON,
  country: field('Country', { kind: 'country' }),
  region: field('Region'),
  city: field('City'),
  radius: field('Radius', NUMBER),
  precision: enumOf('Precision', LOCATION_PRECISION_LABELS),
  state: enumOf('State', AUDIENCE_STATE_LABELS),
  areas_count: field('Areas', NUMBER),
  areas: field('Areas', NUMBER),
};

const PUBLISHER_LIST_FIELDS: FieldFormats = {
  ...COMMON,
  kind: enumOf('Kind', PUBLISHER_LIST_KIND_LABELS),
  state: enumOf('State', PUBLISHER_LIST_STATE_LABELS),
  publishers_count: field('Publishers', NUMBER),
  added: field('Publishers added'),
  removed: field('Publishers removed'),
};

const AUDIENCE_FIELDS: FieldFormats = {
  ...COMMON,
  description: field('Description'),
  type: enumOf('Type', AUDIENCE_TYPE_LABELS),
  state: enumOf('State', AUDIENCE_STATE_LABELS),
  kpis: enumOf('KPIs', AUDIENCE_KPI_LABELS),
  campaigns: reference('Campaigns', 'campaigns'),
  is_shared: field('Shared', { kind: 'yes-no' }),
  users_count: field('Users', NUMBER),
  identifiers_uploaded: field('Identifiers uploaded', NUMBER),
};

const LOCATION_AUDIENCE_FIELDS: FieldFormats = {
  ...COMMON,
  start_date: field('Start date', DATE),
  end_date: field('End date', DATE),
  max_users: field('Maximum users', NUMBER),
  time_range: field('Time range'),
  timezone: field('Time zone'),
  precision: enumOf('Precision', LOCATION_PRECISION_LABELS),
  state: enumOf('State', AUDIENCE_STATE_LABELS),
  areas_count: field('Areas', NUMBER),
  areas: field('Areas', NUMBER),
};

/** The history entities the console shows, by the `entity` an entry names. */
export const HISTORY_FIELDS: Readonly<Record<string, FieldFormats>> = {
  campaign: CAMPAIGN_FIELDS,
  strategy: STRATEGY_FIELDS,
  creative: CREATIVE_FIELDS,
  deal: DEAL_FIELDS,
  geolist: GEOLIST_FIELDS,
  publisher_list: PUBLISHER_LIST_FIELDS,
  audience: AUDIENCE_FIELDS,
  location_audience: LOCATION_AUDIENCE_FIELDS,
};

/** What an entity is called before its name: "Strategy Spring push". */
export const HISTORY_ENTITY_LABELS: Readonly<Record<string, string>> = {
  campaign: 'Campaign',
  strategy: 'Strategy',
  creative: 'Creative',
  deal: 'Deal',
  geolist: 'Geolist',
  publisher_list: 'Publisher list',
  audience: 'Audience',
  location_audience: 'Location audience',
};
