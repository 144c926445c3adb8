import type { AudienceKpi, AudienceState, AudienceType } from '@beacon/domain/dictionary/audiences';
import type {
  BudgetTimespan,
  CampaignState,
  CampaignType,
  DailyLimitType,
  DeviceIdType,
  DeviceType,
  EventOptimisation,
  MaxDailyCostStrategy,
  ObjectiveKind,
  PriceModel,
  PricingType,
  StrategyState,
  VideoAttribute,
  VideoPosition,
} from '@beacon/domain/dictionary/campaigns';
import type {
  CreativeAuditStatus,
  CreativeState,
  CreativeTechnicalType,
  CreativeType,
  CreativeValidity,
  GoogleApprovalStatus,
  TagCreationMode,
  TranscodingStatus,
} from '@beacon/domain/dictionary/creatives';
import type { Currency } from '@beacon/domain/dictionary/currencies';
import type { DealState, DealType } from '@beacon/domain/dictionary/deals';
import type { AlertType } from '@beacon/domain/dictionary/notifications';
import type {
  AccountType,
  BillingBasis,
  CommissionRole,
  FeeModel,
  LegalEntity,
  OrganizationKind,
  OrganizationService,
  OrganizationState,
  PaymentMethod,
  PaymentTerm,
  Region,
  TaxIdKind,
} from '@beacon/domain/dictionary/organizations';
import type { SupplyPartner } from '@beacon/domain/dictionary/partners';
import type {
  PublisherListKind,
  PublisherListState,
  PublisherPlatform,
} from '@beacon/domain/dictionary/publisher-lists';
import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';
import type { TrackingProvider } from '@beacon/domain/dictionary/tracking';
import type { DecimalMark, UserState } from '@beacon/domain/dictionary/users';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely's view of the database: one type per table, matching the migrations in ./migrations. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** bigint ids arrive from PostgreSQL as strings; Beacon converts them at the repository edge. */
type Id = ColumnType<string, string | number | undefined, never>;
type IdRef = ColumnType<string, string | number, string | number>;
type NullableIdRef = ColumnType<string | null, string | number | null | undefined, string | number | null>;
type Json<T> = ColumnType<T, string, string>;
/** bigint micro-units arrive as text so that no amount loses precision; written as bigint or text. */
type Money = ColumnType<string, bigint | string, bigint | string>;

export type OrganizationTable = {
  id: Id;
  parent_id: NullableIdRef;
  /** Materialised ancestry, e.g. `1/4/9/`: a tenant scope is a prefix of it. */
  path: Generated<string>;
  name: string;
  state: Generated<OrganizationState>;
  role: OrganizationRole;
  country: string | null;
  currency: Generated<Currency>;
  /** IANA zone (migration 0023): the default of its campaigns' zone. */
  time_zone: Generated<string>;
  invoicing_currency: Generated<Currency>;
  payment_terms: Generated<PaymentTerm>;
  title: string | null;
  image: string | null;
  favicon: string | null;
  color: string | null;
  whitelabel_hosts: Generated<string[]>;
  decimal_mark: Generated<string>;
  hide_docs: Generated<boolean>;
  billing_address: string | null;
  city: string | null;
  zip: string | null;
  tax_id: string | null;
  tax_id_kind: TaxIdKind | null;
  /** The invoicing entity: one of the five regional legal entities. */
  legal_entity: LegalEntity | null;
  payment_method: PaymentMethod | null;
  /** Micro-units of the invoicing currency (bigint, as text from the driver). */
  max_daily_balance: Money | null;
  prepayment_amount: Money | null;
  additional_domains: Generated<string[]>;
  services: Generated<OrganizationService[]>;
  /** Contacts are users of the operator's staff. */
  client_services_owner_id: NullableIdRef;
  sales_owner_id: NullableIdRef;
  support_contact_id: NullableIdRef;
  account_type: AccountType | null;
  kind: OrganizationKind | null;
  commission_role: CommissionRole | null;
  region: Region | null;
  fee_model: FeeModel | null;
  billing_basis: BillingBasis | null;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  version: Generated<number>;
};

export type UserTable = {
  id: Id;
  organization_id: IdRef;
  username: string;
  email: string;
  name: string;
  phone: string | null;
  role: UserRole;
  state: Generated<UserState>;
  password_hash: string;
  password_changed_at: Timestamp;
  image: Generated<string>;
  view_all_kpis: Generated<boolean>;
  view_all_campaigns: Generated<boolean>;
  /** The profile's decimal mark; the session carries it (migration 0004). */
  decimal_mark: Generated<DecimalMark>;
  /** Set with state 'deleted' (decision 011). */
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  version: Generated<number>;
};

/** The advertiser organizations (children of its organization) a user is restricted to. */
export type UserAdvertiserTable = {
  user_id: IdRef;
  organization_id: IdRef;
};

export type SessionPurpose = 'full' | 'password_change';

export type SessionTable = {
  id: Id;
  token_hash: string;
  user_id: IdRef;
  purpose: SessionPurpose;
  /** Set on a simulated session: the real user behind it and the session it was started from. */
  impersonator_user_id: NullableIdRef;
  parent_session_id: NullableIdRef;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
};

export type SimulationGrantTable = {
  id: Id;
  token_hash: string;
  session_id: IdRef;
  target_user_id: IdRef;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
};

export type LoginAttemptTable = {
  id: Id;
  username: string;
  ip: string;
  succeeded: boolean;
  created_at: CreatedAt;
};

export type PasswordResetTable = {
  id: Id;
  user_id: IdRef;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
};

export type OutboxTable = {
  id: Id;
  recipient: string;
  subject: string;
  body_text: string;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  error: string | null;
};

export type HistoryChange = { field: string; from: unknown; to: unknown };

export type HistoryTable = {
  id: Id;
  entity: string;
  entity_id: string;
  organization_id: NullableIdRef;
  action: string;
  actor_user_id: NullableIdRef;
  impersonator_user_id: NullableIdRef;
  changes: Json<HistoryChange[]>;
  created_at: CreatedAt;
};

export type CurrencyRateTable = {
  base: string;
  quote: string;
  /** Units of `quote` for one unit of `base`, exact decimal as text. */
  rate: ColumnType<string, string, string>;
  as_of: ColumnType<string, string, string>;
  updated_at: Timestamp;
};

export type PlatformSettingTable = { key: string; value: string };

export type TrackingEventTable = {
  id: Id;
  organization_id: IdRef;
  event_id: number;
  tracking_tool: string;
  click_id: string | null;
  device_id: string | null;
  /** A keyed hash of the client address, never the address itself. */
  ip_hash: string | null;
  raw: Json<Record<string, unknown>>;
  received_at: CreatedAt;
  /** The campaign the event names, when it does (migration 0015; interaction audiences count by it). */
  campaign_id: NullableIdRef;
};

export type PublisherListTable = {
  id: Id;
  organization_id: IdRef;
  name: string;
  kind: PublisherListKind;
  state: Generated<PublisherListState>;
  publishers_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Migration 0013. */
  deleted_at: Timestamp | null;
  version: Generated<number>;
  /** The set of entries readers see (migration 0018, decision 033). */
  entry_set: ColumnType<string, string | undefined, string>;
};

/** Entries of a list by set: only the list's `entry_set` is visible, others are staged or discarded. */
export type PublisherListEntryTable = {
  list_id: IdRef;
  set_id: ColumnType<string, string | undefined, never>;
  publisher: string;
};

/** The platform-wide catalogue of known publishers and apps (migration 0013, decision 018). */
export type PublisherTable = {
  id: Id;
  publisher: string;
  platform: PublisherPlatform;
  name: string | null;
  created_at: CreatedAt;
};

/**
 * A `date` column (UTC day). Repositories select it as text (`YYYY-MM-DD`, see campaigns.repo.ts): the drivers
 * would otherwise turn it into a Date at local midnight.
 */
type Day = ColumnType<string | null, string | null | undefined, string | null>;
type NullableMoney = ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
/** jsonb written as JSON text and read back parsed. */
type JsonColumn<T> = ColumnType<T, string | undefined, string>;

/** A campaign's schedule, targeting and internal block as stored (jsonb; shapes of domain campaign-form). */
export type StoredSchedule = {
  preset: string;
  days: string[];
  ranges: { from: string; to: string }[];
};
export type StoredTargeting = {
  countries: string[];
  regions: string[];
  cities: string[];
  bundle_ids: string[];
  iab_categories: string[];
  app_categories: string[];
  /** Resource targeting (decision 021); campaigns stored before it lack these. */
  audiences?: StoredAudienceTargeting;
  location_audiences?: number[];
  geolists?: number[];
  publisher_allowlists?: number[];
  publisher_blocklists?: number[];
  deals?: number[];
};
export type StoredAudienceTargeting = { at_least_one_of: number[]; mandatory: number[]; excluded: number[] };
/** A strategy's own resource targeting (migration 0016, decision 021). */
export type StoredStrategyTargeting = {
  audiences: StoredAudienceTargeting;
  location_audiences: number[];
  geolists: number[];
};
export type StoredInternal = {
  fee_percent: string | null;
  margin_percent: string | null;
  notes: string;
  flags: string[];
};
export type StoredLocation = { countries: string[]; regions: string[]; cities: string[] };
/** A strategy's or a campaign's frequency cap (migrations 0024, 0026; docs/engine.md "Frequency caps"). */
export type StoredFrequencyCap = {
  impressions: number;
  period: 'hour' | 'day' | 'lifetime';
  fingerprint: 'soft' | 'exact';
};

/** Campaigns (migration 0007, decision 014); money in micro-units of `currency`. */
export type CampaignTable = {
  id: Id;
  organization_id: IdRef;
  name: string;
  type: CampaignType;
  objective: ObjectiveKind | null;
  state: Generated<CampaignState>;
  currency: Currency;
  /** IANA zone (migration 0023): the schedule, the flight and the daily budget day are read in it. */
  time_zone: Generated<string>;
  start_date: Day;
  end_date: Day;
  budget_timespan: BudgetTimespan | null;
  budget: NullableMoney;
  daily_limit_type: DailyLimitType | null;
  daily_budget: NullableMoney;
  daily_impressions: number | null;
  daily_clicks: number | null;
  max_daily_cost_strategy: MaxDailyCostStrategy | null;
  pricing: PricingType | null;
  price_model: PriceModel | null;
  bid: NullableMoney;
  cpc_target: NullableMoney;
  event_optimisation: EventOptimisation | null;
  tracking_tool: Generated<TrackingProvider>;
  schedule: JsonColumn<StoredSchedule>;
  device_types: Generated<DeviceType[]>;
  device_id_types: Generated<DeviceIdType[]>;
  video_positions: Generated<VideoPosition[]>;
  video_attributes: Generated<VideoAttribute[]>;
  viewability: Generated<number>;
  targeting: JsonColumn<StoredTargeting>;
  source_campaign_id: NullableIdRef;
  internal: JsonColumn<StoredInternal>;
  /** Migration 0026: at most N impressions per user per period over all its strategies; null: no cap. */
  frequency_cap: ColumnType<StoredFrequencyCap | null, string | null | undefined, string | null>;
  /** Live strategies and those bidding, kept by the service with every strategy write. */
  strategies_count: Generated<number>;
  strategies_bidding: Generated<number>;
  /** Creative links by what they mean for delivery (migration 0017), kept with every link or approval change. */
  creatives_total: Generated<number>;
  creatives_active: Generated<number>;
  creatives_paused: Generated<number>;
  creatives_pending: Generated<number>;
  /** Spent since `budget_reset_at` (a start-date change of a lifetime budget resets it). */
  spend: ColumnType<string, bigint | string | undefined, bigint | string>;
  budget_reset_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  version: Generated<number>;
};

export type StrategyTable = {
  id: Id;
  campaign_id: IdRef;
  name: string;
  state: Generated<StrategyState>;
  start_date: Day;
  end_date: Day;
  location: JsonColumn<StoredLocation>;
  schedule: JsonColumn<StoredSchedule>;
  targeting: ColumnType<StoredStrategyTargeting, string | undefined, string>;
  /** Null: the campaign's bid. */
  bid: NullableMoney;
  budget_share: Generated<number>;
  /** Migration 0024: at most N impressions per user per period; null: no cap. */
  frequency_cap: ColumnType<StoredFrequencyCap | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  version: Generated<number>;
};

/** Geolists (migration 0009, decision 015); radius in metres. */
export type GeolistTable = {
  id: Id;
  organization_id: IdRef;
  name: string;
  country: string | null;
  region: string | null;
  city: string | null;
  radius: Generated<number>;
  precision: Generated<'standard' | 'high'>;
  state: Generated<'active' | 'deleted'>;
  /** The geolist's areas, kept by the service with every write of its areas. */
  areas_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  version: Generated<number>;
  /** The set of areas readers see (migration 0018, decision 033). */
  area_set: ColumnType<string, string | undefined, string>;
};

export type GeolistAreaTable = {
  geolist_id: IdRef;
  set_id: ColumnType<string, string | undefined, never>;
  position: number;
  latitude: number;
  longitude: number;
  radius: number;
  name: string | null;
};

/** Deals (migration 0010, decision 016); floor price in micro-units of `currency`. */
export type DealTable = {
  id: Id;
  organization_id: IdRef;
  external_id: string;
  name: string;
  supply_partner: SupplyPartner;
  type: DealType;
  floor_price: Money;
  currency: Currency;
  start_date: ColumnType<string, string, string>;
  end_date: Day;
  state: Generated<DealState>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  version: Generated<number>;
};

/** Location audiences (migration 0011, decision 017); dates are days, radius in metres. */
export type LocationAudienceTable = {
  id: Id;
  organization_id: IdRef;
  name: string;
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
  max_users: number;
  /** `HH:mm`; `time_to` may be 24:00, the end of the day. */
  time_from: Generated<string>;
  time_to: Generated<string>;
  timezone: Generated<string>;
  precision: Generated<'standard' | 'high'>;
  state: Generated<'active' | 'deleted'>;
  /** The audience's areas, kept by the service with every write of its areas. */
  areas_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  version: Generated<number>;
};

export type LocationAudienceAreaTable = {
  location_audience_id: IdRef;
  position: number;
  latitude: number;
  longitude: number;
  radius: number;
  name: string | null;
};

/** Audiences (migration 0012); identifiers only as keyed hashes. */
export type AudienceTable = {
  id: Id;
  organization_id: IdRef;
  name: string;
  description: string | null;
  type: AudienceType;
  state: Generated<AudienceState>;
  kpis: Generated<AudienceKpi[]>;
  campaign_ids: Generated<string[]>;
  is_shared: Generated<boolean>;
  /** Null while the count is being worked out after an upload. */
  users_count: ColumnType<string | null, string | number | null, string | number | null>;
  users_counted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  version: Generated<number>;
};

/** One upload of identifiers (migration 0018, decision 033): only committed uploads count. */
export type AudienceUploadTable = {
  id: Id;
  audience_id: IdRef;
  state: Generated<'staged' | 'committed' | 'discarded'>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
};

export type AudienceIdentifierTable = {
  audience_id: IdRef;
  upload_id: IdRef;
  identifier_hash: Buffer;
  identifier_type: string;
  added_at: Generated<Date>;
};

/** Sets of rows not visible to readers: being written, or replaced until deleted (migration 0018). */
export type StagedSetTable = {
  kind: 'publisher_list_entries' | 'geolist_areas';
  parent_id: string;
  set_id: string;
  state: 'staged' | 'discarded';
  updated_at: Generated<Date>;
};

/** The durable job queue (migration 0014, decision 019). */
export type JobTable = {
  id: Id;
  kind: string;
  key: string | null;
  payload: Json<Record<string, unknown>>;
  state: Generated<'queued' | 'running' | 'failed'>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** A creative's uploaded main file (image, video, audio, native main image); poster_url for a video. */
export type StoredCreativeAsset = {
  url: string;
  kind: string;
  bytes: number;
  width?: number;
  height?: number;
  duration_ms?: number;
  poster_url?: string;
};
export type StoredCreativeCompanion = { url: string; width: number; height: number; bytes: number };
export type StoredCreativeNative = {
  title: string;
  description: string;
  call_to_action: string;
  sponsored_by: string;
  main_image_url: string | null;
  icon_url: string | null;
};
export type StoredCreativeRendition = {
  url: string;
  width: number;
  height: number;
  bitrate_kbps: number;
  mime: string;
};

/** Creatives (migration 0017, decision 022). */
export type CreativeTable = {
  id: Id;
  organization_id: IdRef;
  name: string;
  type: CreativeType;
  technical_type: CreativeTechnicalType;
  state: Generated<CreativeState>;
  audit_status: Generated<CreativeAuditStatus>;
  rejection_reason: string | null;
  google_status: GoogleApprovalStatus | null;
  google_rejected_reason: string | null;
  appnexus_status: string | null;
  appnexus_rejected_reason: string | null;
  validity: Generated<CreativeValidity>;
  click_url: string | null;
  impression_pixels: JsonColumn<string[]>;
  event_pixels: JsonColumn<Record<string, string[]>>;
  html_markup: string | null;
  vast_url: string | null;
  vast_xml: string | null;
  language: string | null;
  width: number | null;
  height: number | null;
  attributes: JsonColumn<number[]>;
  boxing_allowed: Generated<boolean>;
  tag_creation_mode: TagCreationMode | null;
  native: ColumnType<StoredCreativeNative | null, string | null | undefined, string | null>;
  asset: ColumnType<StoredCreativeAsset | null, string | null | undefined, string | null>;
  companion: ColumnType<StoredCreativeCompanion | null, string | null | undefined, string | null>;
  transcoding_status: TranscodingStatus | null;
  renditions: ColumnType<StoredCreativeRendition[] | null, string | null | undefined, string | null>;
  thumbnail_url: string | null;
  /** Links to campaigns that are not deleted, kept by the service with every link write. */
  campaigns_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  version: Generated<number>;
};

export type CampaignCreativeLinkState = 'active' | 'inactive' | 'deleted';
export type CampaignCreativeTable = {
  campaign_id: IdRef;
  creative_id: IdRef;
  state: Generated<CampaignCreativeLinkState>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** Alerts of an organization (§3 alert types; migration 0017). */
export type AlertTable = {
  id: Id;
  organization_id: IdRef;
  type: AlertType;
  entity: string | null;
  entity_id: string | null;
  message: string;
  created_at: CreatedAt;
  read_at: Timestamp | null;
};

/** A user's saved view of one console grid (migration 0019; `state` is ZSavedViewState of the domain). */
export type SavedViewTable = {
  id: Id;
  user_id: IdRef;
  grid: string;
  name: string;
  state: Json<unknown>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

/** An exchange the bidder answers at `POST /rtb/{key}` (migration 0020). */
export type ExchangeTable = {
  id: Id;
  name: string;
  key: string;
  /** A supply partner or DOOH supplier of §3; null: none named (deals never match its requests). */
  partner: string | null;
  /** OpenRTB `at`: 1 first price, 2 second price plus. */
  auction_type: Generated<number>;
  currency: Generated<string>;
  enabled: Generated<boolean>;
  qps_limit: number | null;
  token: string | null;
  allowed_addresses: Generated<string[]>;
  allow_loopback: Generated<boolean>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
};

type Count = ColumnType<string, bigint | number | string | undefined, bigint | number | string>;
/** The counters of a delivery rollup row (migration 0021); money in micros of the campaign's currency. */
export type DeliveryCounters = {
  bids: Count;
  wins: Count;
  impressions: Count;
  clicks: Count;
  video_starts: Count;
  video_first_quartiles: Count;
  video_midpoints: Count;
  video_third_quartiles: Count;
  video_completes: Count;
  video_skips: Count;
  conversions_1: Count;
  conversions_2: Count;
  conversions_3: Count;
  conversions_4: Count;
  conversions_5: Count;
  media_cost_micros: Count;
  spend_micros: Count;
};

/** Hourly delivery rollup (migration 0021); 0 and '' stand for "none" in the key. */
export type DeliveryHourlyTable = DeliveryCounters & {
  hour: ColumnType<Date, Date | string, Date | string>;
  organization_id: IdRef;
  campaign_id: IdRef;
  strategy_id: IdRef;
  creative_id: IdRef;
  exchange_id: IdRef;
  deal_id: IdRef;
  country: string;
  region: string;
  device_type: string;
  os: string;
  size: string;
  venue_type: string;
};

/** Daily rollup of the high-cardinality dimensions (migration 0021). */
export type DeliveryDailyPublisherTable = DeliveryCounters & {
  day: ColumnType<string, string, string>;
  organization_id: IdRef;
  campaign_id: IdRef;
  strategy_id: IdRef;
  exchange_id: IdRef;
  publisher: string;
  bundle: string;
};

/** The sums the bidder's totals read, per strategy and hour with delivery (migration 0027). */
export type DeliveryStrategyHourlyTable = {
  hour: ColumnType<Date, Date | string, Date | string>;
  campaign_id: IdRef;
  strategy_id: IdRef;
  impressions: Count;
  clicks: Count;
  spend_micros: Count;
};

/** The same sums per strategy all along (migration 0027). */
export type DeliveryStrategyTotalsTable = Omit<DeliveryStrategyHourlyTable, 'hour'>;

/** One auction's event of one kind, counted once (migration 0021). */
export type DeliveryEventSeenTable = {
  auction_id: string;
  kind: string;
  seen_at: Timestamp;
};

/** A device's last impression or click on a campaign, for conversion attribution (migration 0022). */
export type DeliveryTouchTable = {
  device_hash: string;
  campaign_id: IdRef;
  kind: 'impression' | 'click';
  touched_at: Timestamp;
  organization_id: IdRef;
  strategy_id: IdRef;
  creative_id: IdRef;
  exchange_id: IdRef;
  deal_id: IdRef;
  country: string;
  region: string;
  device_type: string;
  os: string;
  size: string;
  venue_type: string;
  publisher: string;
  bundle: string;
};

export type Database = {
  platform_settings: PlatformSettingTable;
  organizations: OrganizationTable;
  users: UserTable;
  user_advertisers: UserAdvertiserTable;
  sessions: SessionTable;
  simulation_grants: SimulationGrantTable;
  login_attempts: LoginAttemptTable;
  password_resets: PasswordResetTable;
  outbox: OutboxTable;
  history: HistoryTable;
  currency_rates: CurrencyRateTable;
  tracking_events: TrackingEventTable;
  publisher_lists: PublisherListTable;
  publisher_list_entries: PublisherListEntryTable;
  publishers: PublisherTable;
  campaigns: CampaignTable;
  strategies: StrategyTable;
  deals: DealTable;
  geolists: GeolistTable;
  geolist_areas: GeolistAreaTable;
  location_audiences: LocationAudienceTable;
  location_audience_areas: LocationAudienceAreaTable;
  audiences: AudienceTable;
  audience_identifiers: AudienceIdentifierTable;
  audience_uploads: AudienceUploadTable;
  staged_sets: StagedSetTable;
  jobs: JobTable;
  creatives: CreativeTable;
  campaign_creatives: CampaignCreativeTable;
  alerts: AlertTable;
  saved_views: SavedViewTable;
  exchanges: ExchangeTable;
  delivery_hourly: DeliveryHourlyTable;
  delivery_daily_publishers: DeliveryDailyPublisherTable;
  delivery_strategy_hourly: DeliveryStrategyHourlyTable;
  delivery_strategy_totals: DeliveryStrategyTotalsTable;
  delivery_events_seen: DeliveryEventSeenTable;
  delivery_touches: DeliveryTouchTable;
};

export type OrganizationRow = Selectable<OrganizationTable>;
export type NewOrganization = Insertable<OrganizationTable>;
export type OrganizationUpdate = Updateable<OrganizationTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type CampaignRow = Selectable<CampaignTable>;
export type NewCampaign = Insertable<CampaignTable>;
export type CampaignUpdate = Updateable<CampaignTable>;
export type StrategyRow = Selectable<StrategyTable>;
export type NewStrategy = Insertable<StrategyTable>;
export type StrategyUpdate = Updateable<StrategyTable>;
export type DealRow = Selectable<DealTable>;
export type NewDeal = Insertable<DealTable>;
export type DealUpdate = Updateable<DealTable>;
export type CreativeRow = Selectable<CreativeTable>;
export type NewCreative = Insertable<CreativeTable>;
export type CreativeUpdate = Updateable<CreativeTable>;
