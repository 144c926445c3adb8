/**
 * What each campaign type asks ("what each type needs is asked, nothing else"): the console's guided
 * creation flow shows exactly these fields, and the domain's completeness check (campaign-form.ts) applies
 * them, so the server refuses a field a type does not ask and requires the ones it needs.
 *
 * | field                | app-promotion       | generic  | proximity          | smart-tv               | dooh    | synchronized |
 * |----------------------|---------------------|----------|--------------------|------------------------|---------|--------------|
 * | pricing              | cpc, cpm            | cpc, cpm | cpc, cpm           | cpm                    | cpm     | cpc, cpm     |
 * | start_date           | required            | required | required           | required               | required| from source  |
 * | objective            | required            | refused  | refused            | refused                | refused | refused      |
 * | event_optimisation   | required            | refused  | refused            | refused                | refused | refused      |
 * | tracking_tool        | required (no footf.)| refused  | optional (+footf.) | refused                | refused | refused      |
 * | device_types         | required ⊆ phone,tab| required | required ⊆ ph,tab  | required = connectedtv | refused | optional     |
 * | device_id_types      | required ⊆ ifa,gaid,fake | optional | optional ⊆ ifa,gaid,fake | optional ⊆ CTV ids | refused | optional |
 * | video_positions      | refused             | optional | refused            | optional               | refused | optional     |
 * | video_attributes     | refused             | optional | refused            | optional               | refused | optional     |
 * | viewability          | refused             | optional | refused            | refused                | refused | optional     |
 * | bundle_ids           | required (≥ 1)      | refused  | refused            | refused                | refused | refused      |
 * | iab_categories       | refused             | optional | refused            | refused                | refused | optional     |
 * | app_categories       | optional            | optional | refused            | optional               | refused | optional     |
 * | location             | optional            | optional | required: ≥1 country and ≥1 region or city | optional | optional | optional |
 * | source_campaign      | refused             | refused  | refused            | refused                | refused | required     |
 *
 * "Refused" means: set to anything but its empty value (absent, null, [], tracking 'none', viewability 0,
 * event optimisation 'not_optimizing') is an error (FIELD_NOT_FOR_TYPE_MESSAGE). Countries, regions and
 * cities, the schedule, budgets, limits, bid, CPC target and the frequency cap apply to every type.
 */
import {
  CAMPAIGN_TYPES,
  type CampaignType,
  DEVICE_ID_TYPES,
  DEVICE_TYPES,
  type DeviceIdType,
  type DeviceType,
  type EventOptimisation,
  type ObjectiveKind,
  type PriceModel,
  type PricingType,
  type VideoAttribute,
  type VideoPosition,
  type ViewabilityThreshold,
} from '../dictionary/campaigns';
import { TRACKING_PROVIDERS, type TrackingProvider } from '../dictionary/tracking';

export type FieldRequirement = 'required' | 'optional' | 'refused';

/** Whether a type asks a field, and (when it does) which values it allows; no `values` means all of them. */
export type TypeFieldRule<T> = { readonly ask: FieldRequirement; readonly values?: readonly T[] };

/** The fields whose use depends on the campaign type, with where they sit in the campaign body. */
export const TYPE_DEPENDENT_FIELD_PATHS = {
  objective: ['objective'],
  event_optimisation: ['event_optimisation'],
  tracking_tool: ['tracking_tool'],
  device_types: ['device_types'],
  device_id_types: ['device_id_types'],
  video_positions: ['video_positions'],
  video_attributes: ['video_attributes'],
  viewability: ['viewability'],
  bundle_ids: ['targeting', 'bundle_ids'],
  iab_categories: ['targeting', 'iab_categories'],
  app_categories: ['targeting', 'app_categories'],
  source_campaign: ['source_campaign'],
} as const satisfies Record<string, readonly string[]>;
export type TypeDependentField = keyof typeof TYPE_DEPENDENT_FIELD_PATHS;
export const TYPE_DEPENDENT_FIELDS = Object.keys(TYPE_DEPENDENT_FIELD_PATHS) as TypeDependentField[];

/** The value a field holds when nothing is chosen: a refused field may hold it. */
export const TYPE_DEPENDENT_NEUTRAL_VALUES: Partial<Record<TypeDependentField, unknown>> = {
  tracking_tool: 'none',
  viewability: 0,
  event_optimisation: 'not_optimizing',
};

export type CampaignTypeFields = {
  readonly objective: TypeFieldRule<ObjectiveKind>;
  readonly event_optimisation: TypeFieldRule<EventOptimisation>;
  readonly tracking_tool: TypeFieldRule<TrackingProvider>;
  readonly device_types: TypeFieldRule<DeviceType>;
  readonly device_id_types: TypeFieldRule<DeviceIdType>;
  readonly video_positions: TypeFieldRule<VideoPosition>;
  readonly video_attributes: TypeFieldRule<VideoAttribute>;
  readonly viewability: TypeFieldRule<ViewabilityThreshold>;
  readonly bundle_ids: TypeFieldRule<string>;
  readonly iab_categories: TypeFieldRule<string>;
  readonly app_categories: TypeFieldRule<string>;
  readonly source_campaign: TypeFieldRule<number>;
};

/** Initial values of the guided flow for a type (the console starts from them; the server never fills them). */
export type CampaignTypeDefaults = {
  readonly pricing?: PricingType;
  readonly price_model?: PriceModel;
  readonly objective?: ObjectiveKind;
  readonly event_optimisation?: EventOptimisation;
  readonly device_types?: readonly DeviceType[];
  readonly device_id_types?: readonly DeviceIdType[];
};

export type CampaignTypeRequirements = {
  /** Pricing types the type may use. */
  readonly pricing: readonly PricingType[];
  /** Whether the flight dates are the campaign's own (required) or follow a source campaign. */
  readonly dates: 'required' | 'from_source';
  /** Proximity needs at least one country and at least one region or city. */
  readonly location: 'required' | 'optional';
  readonly fields: CampaignTypeFields;
  readonly defaults: CampaignTypeDefaults;
};

const REFUSED = { ask: 'refused' } as const;
const OPTIONAL = { ask: 'optional' } as const;
const REQUIRED = { ask: 'required' } as const;

export const MOBILE_DEVICE_TYPES = ['phone', 'tablet'] as const satisfies readonly DeviceType[];
export const MOBILE_DEVICE_ID_TYPES = ['ifa', 'gaid', 'fake'] as const satisfies readonly DeviceIdType[];
export const CTV_DEVICE_ID_TYPES = [
  'tifa',
  'lgudid',
  'rida',
  'amazonadvertisingid',
  'msai',
  'fake',
] as const satisfies readonly DeviceIdType[];
/** App promotion measures installs and in-app events: any tool but none and the footfall (store visit) ones. */
export const APP_TRACKING_PROVIDERS = TRACKING_PROVIDERS.filter(
  (provider) => provider !== 'none' && provider !== 'beacon_footfall' && provider !== 'partner_footfall',
);

export const CAMPAIGN_TYPE_REQUIREMENTS = {
  'app-promotion': {
    pricing: ['cpc', 'cpm'],
    dates: 'required',
    location: 'optional',
    fields: {
      objective: REQUIRED,
      event_optimisation: REQUIRED,
      tracking_tool: { ask: 'required', values: APP_TRACKING_PROVIDERS },
      device_types: { ask: 'required', values: MOBILE_DEVICE_TYPES },
      device_id_types: { ask: 'required', values: MOBILE_DEVICE_ID_TYPES },
      video_positions: REFUSED,
      video_attributes: REFUSED,
      viewability: REFUSED,
      bundle_ids: REQUIRED,
      iab_categories: REFUSED,
      app_categories: OPTIONAL,
      source_campaign: REFUSED,
    },
    defaults: {
      pricing: 'cpc',
      price_model: 'cpc',
      objective: 'user_acquisition',
      event_optimisation: 'not_optimizing',
      device_types: MOBILE_DEVICE_TYPES,
      device_id_types: ['ifa', 'gaid'],
    },
  },
  generic: {
    pricing: ['cpc', 'cpm'],
    dates: 'required',
    location: 'optional',
    fields: {
      objective: REFUSED,
      event_optimisation: REFUSED,
      tracking_tool: REFUSED,
      device_types: REQUIRED,
      device_id_types: OPTIONAL,
      video_positions: OPTIONAL,
      video_attributes: OPTIONAL,
      viewability: OPTIONAL,
      bundle_ids: REFUSED,
      iab_categories: OPTIONAL,
      app_categories: OPTIONAL,
      source_campaign: REFUSED,
    },
    defaults: { pricing: 'cpm', price_model: 'cpm', device_types: ['phone', 'desktop', 'tablet'] },
  },
  proximity: {
    pricing: ['cpc', 'cpm'],
    dates: 'required',
    location: 'required',
    fields: {
      objective: REFUSED,
      event_optimisation: REFUSED,
      tracking_tool: OPTIONAL,
      device_types: { ask: 'required', values: MOBILE_DEVICE_TYPES },
      device_id_types: { ask: 'optional', values: MOBILE_DEVICE_ID_TYPES },
      video_positions: REFUSED,
      video_attributes: REFUSED,
      viewability: REFUSED,
      bundle_ids: REFUSED,
      iab_categories: REFUSED,
      app_categories: REFUSED,
      source_campaign: REFUSED,
    },
    defaults: { pricing: 'cpm', price_model: 'cpm', device_types: MOBILE_DEVICE_TYPES },
  },
  'smart-tv': {
    pricing: ['cpm'],
    dates: 'required',
    location: 'optional',
    fields: {
      objective: REFUSED,
      event_optimisation: REFUSED,
      tracking_tool: REFUSED,
      device_types: { ask: 'required', values: ['connectedtv'] },
      device_id_types: { ask: 'optional', values: CTV_DEVICE_ID_TYPES },
      video_positions: OPTIONAL,
      video_attributes: OPTIONAL,
      viewability: REFUSED,
      bundle_ids: REFUSED,
      iab_categories: REFUSED,
      app_categories: OPTIONAL,
      source_campaign: REFUSED,
    },
    defaults: { pricing: 'cpm', price_model: 'cpm', device_types: ['connectedtv'] },
  },
  dooh: {
    pricing: ['cpm'],
    dates: 'required',
    location: 'optional',
    fields: {
      objective: REFUSED,
      event_optimisation: REFUSED,
      tracking_tool: REFUSED,
      device_types: REFUSED,
      device_id_types: REFUSED,
      video_positions: REFUSED,
      video_attributes: REFUSED,
      viewability: REFUSED,
      bundle_ids: REFUSED,
      iab_categories: REFUSED,
      app_categories: REFUSED,
      source_campaign: REFUSED,
    },
    defaults: { pricing: 'cpm', price_model: 'cpm' },
  },
  synchronized: {
    pricing: ['cpc', 'cpm'],
    dates: 'from_source',
    location: 'optional',
    fields: {
      objective: REFUSED,
      event_optimisation: REFUSED,
      tracking_tool: REFUSED,
      device_types: OPTIONAL,
      device_id_types: OPTIONAL,
      video_positions: OPTIONAL,
      video_attributes: OPTIONAL,
      viewability: OPTIONAL,
      bundle_ids: REFUSED,
      iab_categories: OPTIONAL,
      app_categories: OPTIONAL,
      source_campaign: REQUIRED,
    },
    defaults: { pricing: 'cpm', price_model: 'cpm' },
  },
} as const satisfies Record<CampaignType, CampaignTypeRequirements>;

/** The requirements of a type, typed loosely enough to index by any field. */
export const campaignTypeRequirements = (type: CampaignType): CampaignTypeRequirements =>
  CAMPAIGN_TYPE_REQUIREMENTS[type];

/** The type-dependent fields a type asks (required or optional), in form order: what the guided flow shows. */
export const askedFields = (type: CampaignType): TypeDependentField[] =>
  TYPE_DEPENDENT_FIELDS.filter((field) => campaignTypeRequirements(type).fields[field].ask !== 'refused');

/** The values of a multiple-choice field a type allows (all of them when the type does not restrict it). */
export const allowedDeviceTypes = (type: CampaignType): readonly DeviceType[] =>
  campaignTypeRequirements(type).fields.device_types.values ?? DEVICE_TYPES;
export const allowedDeviceIdTypes = (type: CampaignType): readonly DeviceIdType[] =>
  campaignTypeRequirements(type).fields.device_id_types.values ?? DEVICE_ID_TYPES;
export const allowedTrackingProviders = (type: CampaignType): readonly TrackingProvider[] =>
  campaignTypeRequirements(type).fields.tracking_tool.values ?? TRACKING_PROVIDERS;

/** Types a synchronized campaign may follow: any but synchronized itself. */
export const SYNCHRONIZABLE_TYPES = CAMPAIGN_TYPES.filter((type) => type !== 'synchronized');
