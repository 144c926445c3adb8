/**
 * The dictionary served by `GET /api/dictionary` and loaded by the console once a session exists (§4, §7).
 * Every table is a list of `{ value, label }` plus the table's own fields, in plain JSON (no bigint, no
 * Map), so the server can send it as is. Large tables (cities, regions) have their own endpoints.
 */
import {
  DASHBOARD_NO_DATA_STATE_LABELS,
  DASHBOARD_NO_DATA_STATES,
  TEMPLATE_TYPE_LABELS,
  TEMPLATE_TYPES,
} from './analytics';
import {
  AUDIENCE_KPI_LABELS,
  AUDIENCE_KPIS,
  AUDIENCE_STATE_LABELS,
  AUDIENCE_STATES,
  AUDIENCE_TYPE_LABELS,
  AUDIENCE_TYPES,
  FINGERPRINT_TYPE_LABELS,
  FINGERPRINT_TYPES,
  LOCATION_PRECISION_LABELS,
  LOCATION_PRECISIONS,
  PRIVACY_REQUEST_TYPE_LABELS,
  PRIVACY_REQUEST_TYPES,
} from './audiences';
import {
  BALANCE_ENTRY_TYPE_LABELS,
  BALANCE_ENTRY_TYPES,
  INVOICE_TYPE_LABELS,
  INVOICE_TYPES,
} from './billing';
import {
  BUDGET_TIMESPAN_LABELS,
  BUDGET_TIMESPANS,
  CAMPAIGN_CREATIVE_STATE_LABELS,
  CAMPAIGN_CREATIVE_STATES,
  CAMPAIGN_STATE_LABELS,
  CAMPAIGN_STATES,
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPE_LABELS,
  CAMPAIGN_TYPES,
  DAILY_LIMIT_TYPE_LABELS,
  DAILY_LIMIT_TYPES,
  DATA_REFRESH_WINDOW_LABELS,
  DATA_REFRESH_WINDOWS,
  DAY_OF_WEEK_LABELS,
  DAYS_OF_WEEK,
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  DEVICE_ID_TYPE_LABELS,
  DEVICE_ID_TYPES,
  DEVICE_TYPE_LABELS,
  DEVICE_TYPES,
  EVENT_OPTIMISATION_LABELS,
  EVENT_OPTIMISATIONS,
  MAX_DAILY_COST_STRATEGIES,
  MAX_DAILY_COST_STRATEGY_LABELS,
  OBJECTIVE_KIND_LABELS,
  OBJECTIVE_KINDS,
  PRICE_MODEL_LABELS,
  PRICE_MODELS,
  PRICING_TYPE_LABELS,
  PRICING_TYPES,
  SCHEDULE_PRESET_DEFINITIONS,
  SCHEDULE_PRESET_LABELS,
  SCHEDULE_PRESETS,
  STRATEGY_STATE_LABELS,
  STRATEGY_STATES,
  VIDEO_ATTRIBUTE_CODES,
  VIDEO_ATTRIBUTE_LABELS,
  VIDEO_ATTRIBUTES,
  VIDEO_POSITION_LABELS,
  VIDEO_POSITIONS,
  VIEWABILITY_THRESHOLD_LABELS,
  VIEWABILITY_THRESHOLDS,
} from './campaigns';
import { APP_CATEGORIES, IAB_CATEGORIES } from './categories';
import { CONTINENT_LABELS, CONTINENTS, COUNTRIES, isEuCountry, isVatCountry } from './countries';
import {
  BULK_TAG_COLUMN_LABELS,
  BULK_TAG_COLUMNS,
  CREATIVE_ASSET_LIMITS,
  CREATIVE_ATTRIBUTE_LABELS,
  CREATIVE_ATTRIBUTES,
  CREATIVE_AUDIT_STATUS_LABELS,
  CREATIVE_AUDIT_STATUSES,
  CREATIVE_REPORT_COLUMN_LABELS,
  CREATIVE_REPORT_COLUMNS,
  CREATIVE_STATE_LABELS,
  CREATIVE_STATES,
  CREATIVE_TECHNICAL_TYPE_LABELS,
  CREATIVE_TECHNICAL_TYPES,
  CREATIVE_TYPE_LABELS,
  CREATIVE_TYPES,
  CREATIVE_VALIDITIES,
  CREATIVE_VALIDITY_LABELS,
  EVENT_PIXEL_KIND_LABELS,
  EVENT_PIXEL_KINDS,
  formatSize,
  GOOGLE_APPROVAL_STATUS_LABELS,
  GOOGLE_APPROVAL_STATUSES,
  IMAGE_SIZES,
  NATIVE_SIZES,
  TAG_CREATION_MODE_LABELS,
  TAG_CREATION_MODES,
  TRANSCODING_STATUS_LABELS,
  TRANSCODING_STATUSES,
} from './creatives';
import {
  CPM_BOUNDS,
  CURRENCIES,
  CURRENCY_LABELS,
  CURRENCY_NAMES,
  CURRENCY_SYMBOLS,
  currencyNumericLimit,
  DEFAULT_CURRENCY,
  fromMicros,
} from './currencies';
import { DATE_RANGE_LABELS, DATE_RANGES, REPORT_TIME_RANGE_LABELS, REPORT_TIME_RANGES } from './dates';
import {
  filterOperatorText,
  GRID_FILTER_OPERATOR_LABELS,
  GRID_FILTER_OPERATORS,
  PUBLISHER_DOWNLOAD_OPTION_LABELS,
  PUBLISHER_DOWNLOAD_OPTIONS,
  SORT_DIRECTION_LABELS,
  SORT_DIRECTIONS,
} from './grid';
import {
  ALERT_TYPE_LABELS,
  ALERT_TYPES,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  SNACKBAR_TYPE_LABELS,
  SNACKBAR_TYPES,
} from './notifications';
import {
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
  BILLING_BASES,
  BILLING_BASIS_LABELS,
  COMMISSION_ROLE_LABELS,
  COMMISSION_ROLES,
  FEE_MODEL_LABELS,
  FEE_MODELS,
  LEGAL_ENTITIES,
  LEGAL_ENTITY_LABELS,
  LEGAL_ENTITY_REGIONS,
  ORGANIZATION_CONTACT_ROLE_LABELS,
  ORGANIZATION_CONTACT_ROLES,
  ORGANIZATION_KIND_LABELS,
  ORGANIZATION_KINDS,
  ORGANIZATION_SERVICE_LABELS,
  ORGANIZATION_SERVICES,
  ORGANIZATION_STATE_LABELS,
  ORGANIZATION_STATES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_TERM_LABELS,
  PAYMENT_TERMS,
  REGION_LABELS,
  REGIONS,
  TAX_ID_KIND_LABELS,
  TAX_ID_KINDS,
} from './organizations';
import {
  CREATIVE_SCANNER_LABELS,
  CREATIVE_SCANNERS,
  DATA_PARTNER_LABELS,
  DATA_PARTNERS,
  DOOH_SUPPLIER_LABELS,
  DOOH_SUPPLIERS,
  SUPPLY_PARTNER_LABELS,
  SUPPLY_PARTNERS,
} from './partners';
import { ORGANIZATION_ROLE_LABELS, ORGANIZATION_ROLES, USER_ROLE_LABELS, USER_ROLES } from './roles';
import {
  TICKET_MESSAGE_TYPE_LABELS,
  TICKET_MESSAGE_TYPES,
  TICKET_STATE_LABELS,
  TICKET_STATES,
  TICKET_TYPE_LABELS,
  TICKET_TYPES,
} from './tickets';
import {
  ATTRIBUTION_WINDOWS,
  MEASUREMENT_PARTNER_LABELS,
  MEASUREMENT_PARTNERS,
  TRACKING_PROVIDER_LABELS,
  TRACKING_PROVIDERS,
  trackingCpmPriceMicros,
} from './tracking';

export type DictionaryOption<V extends string | number = string | number> = {
  readonly value: V;
  readonly label: string;
};

const toOptions = <const V extends string | number>(
  values: readonly V[],
  labels: Readonly<Record<V, string>>,
): DictionaryOption<V>[] => values.map((value) => ({ value, label: labels[value] }));

const buildOrganizationTables = () => ({
  accountTypes: toOptions(ACCOUNT_TYPES, ACCOUNT_TYPE_LABELS),
  organizationKinds: toOptions(ORGANIZATION_KINDS, ORGANIZATION_KIND_LABELS),
  commissionRoles: toOptions(COMMISSION_ROLES, COMMISSION_ROLE_LABELS),
  regions: toOptions(REGIONS, REGION_LABELS),
  legalEntities: LEGAL_ENTITIES.map((value) => ({
    value,
    label: LEGAL_ENTITY_LABELS[value],
    region: LEGAL_ENTITY_REGIONS[value],
  })),
  paymentMethods: toOptions(PAYMENT_METHODS, PAYMENT_METHOD_LABELS),
  paymentTerms: toOptions(PAYMENT_TERMS, PAYMENT_TERM_LABELS),
  feeModels: toOptions(FEE_MODELS, FEE_MODEL_LABELS),
  billingBases: toOptions(BILLING_BASES, BILLING_BASIS_LABELS),
  organizationStates: toOptions(ORGANIZATION_STATES, ORGANIZATION_STATE_LABELS),
  organizationServices: toOptions(ORGANIZATION_SERVICES, ORGANIZATION_SERVICE_LABELS),
  organizationContactRoles: toOptions(ORGANIZATION_CONTACT_ROLES, ORGANIZATION_CONTACT_ROLE_LABELS),
  taxIdKinds: toOptions(TAX_ID_KINDS, TAX_ID_KIND_LABELS),
});

const buildCampaignTables = () => ({
  campaignTypes: toOptions(CAMPAIGN_TYPES, CAMPAIGN_TYPE_LABELS),
  objectiveKinds: toOptions(OBJECTIVE_KINDS, OBJECTIVE_KIND_LABELS),
  campaignStates: toOptions(CAMPAIGN_STATES, CAMPAIGN_STATE_LABELS),
  campaignStatuses: toOptions(CAMPAIGN_STATUSES, CAMPAIGN_STATUS_LABELS),
  deliveryStatuses: toOptions(DELIVERY_STATUSES, DELIVERY_STATUS_LABELS),
  priceModels: toOptions(PRICE_MODELS, PRICE_MODEL_LABELS),
  eventOptimisations: toOptions(EVENT_OPTIMISATIONS, EVENT_OPTIMISATION_LABELS),
  deviceIdTypes: toOptions(DEVICE_ID_TYPES, DEVICE_ID_TYPE_LABELS),
  deviceTypes: toOptions(DEVICE_TYPES, DEVICE_TYPE_LABELS),
  strategyStates: toOptions(STRATEGY_STATES, STRATEGY_STATE_LABELS),
  campaignCreativeStates: toOptions(CAMPAIGN_CREATIVE_STATES, CAMPAIGN_CREATIVE_STATE_LABELS),
  budgetTimespans: toOptions(BUDGET_TIMESPANS, BUDGET_TIMESPAN_LABELS),
  dailyLimitTypes: toOptions(DAILY_LIMIT_TYPES, DAILY_LIMIT_TYPE_LABELS),
  maxDailyCostStrategies: toOptions(MAX_DAILY_COST_STRATEGIES, MAX_DAILY_COST_STRATEGY_LABELS),
  pricingTypes: toOptions(PRICING_TYPES, PRICING_TYPE_LABELS),
  schedulePresets: SCHEDULE_PRESETS.map((value) => ({
    value,
    label: SCHEDULE_PRESET_LABELS[value],
    definition: SCHEDULE_PRESET_DEFINITIONS[value],
  })),
  daysOfWeek: toOptions(DAYS_OF_WEEK, DAY_OF_WEEK_LABELS),
  videoPositions: toOptions(VIDEO_POSITIONS, VIDEO_POSITION_LABELS),
  videoAttributes: VIDEO_ATTRIBUTES.map((value) => ({
    value,
    label: VIDEO_ATTRIBUTE_LABELS[value],
    code: VIDEO_ATTRIBUTE_CODES[value],
  })),
  viewabilityThresholds: toOptions(VIEWABILITY_THRESHOLDS, VIEWABILITY_THRESHOLD_LABELS),
  dataRefreshWindows: toOptions(DATA_REFRESH_WINDOWS, DATA_REFRESH_WINDOW_LABELS),
});

const buildCreativeTables = () => ({
  creativeTypes: toOptions(CREATIVE_TYPES, CREATIVE_TYPE_LABELS),
  creativeTechnicalTypes: toOptions(CREATIVE_TECHNICAL_TYPES, CREATIVE_TECHNICAL_TYPE_LABELS),
  creativeStates: toOptions(CREATIVE_STATES, CREATIVE_STATE_LABELS),
  creativeAuditStatuses: toOptions(CREATIVE_AUDIT_STATUSES, CREATIVE_AUDIT_STATUS_LABELS),
  googleApprovalStatuses: toOptions(GOOGLE_APPROVAL_STATUSES, GOOGLE_APPROVAL_STATUS_LABELS),
  creativeValidities: toOptions(CREATIVE_VALIDITIES, CREATIVE_VALIDITY_LABELS),
  transcodingStatuses: toOptions(TRANSCODING_STATUSES, TRANSCODING_STATUS_LABELS),
  tagCreationModes: toOptions(TAG_CREATION_MODES, TAG_CREATION_MODE_LABELS),
  eventPixelKinds: toOptions(EVENT_PIXEL_KINDS, EVENT_PIXEL_KIND_LABELS),
  creativeAttributes: toOptions(CREATIVE_ATTRIBUTES, CREATIVE_ATTRIBUTE_LABELS),
  imageSizes: IMAGE_SIZES.map((size) => ({
    value: formatSize(size),
    label: formatSize(size),
    width: size.width,
    height: size.height,
  })),
  nativeSizes: NATIVE_SIZES.map((size) => ({
    value: formatSize(size),
    label: `${formatSize(size)} (${size.asset})`,
    asset: size.asset,
    width: size.width,
    height: size.height,
  })),
  creativeReportColumns: toOptions(CREATIVE_REPORT_COLUMNS, CREATIVE_REPORT_COLUMN_LABELS),
  creativeAssetLimits: Object.entries(CREATIVE_ASSET_LIMITS).map(([value, limit]) => ({
    value,
    label: limit.hint,
    ...limit,
  })),
  bulkTagColumns: toOptions(BULK_TAG_COLUMNS, BULK_TAG_COLUMN_LABELS),
});

const buildAudienceTables = () => ({
  audienceTypes: toOptions(AUDIENCE_TYPES, AUDIENCE_TYPE_LABELS),
  audienceStates: toOptions(AUDIENCE_STATES, AUDIENCE_STATE_LABELS),
  audienceKpis: toOptions(AUDIENCE_KPIS, AUDIENCE_KPI_LABELS),
  locationPrecisions: toOptions(LOCATION_PRECISIONS, LOCATION_PRECISION_LABELS),
  fingerprintTypes: toOptions(FINGERPRINT_TYPES, FINGERPRINT_TYPE_LABELS),
  privacyRequestTypes: toOptions(PRIVACY_REQUEST_TYPES, PRIVACY_REQUEST_TYPE_LABELS),
});

const buildMoneyAndTrackingTables = () => ({
  currencies: CURRENCIES.map((value) => {
    const limit = currencyNumericLimit(value);
    return {
      value,
      label: CURRENCY_LABELS[value],
      name: CURRENCY_NAMES[value],
      symbol: CURRENCY_SYMBOLS[value],
      isDefault: value === DEFAULT_CURRENCY,
      cpmMin: CPM_BOUNDS[value].min,
      cpmMax: CPM_BOUNDS[value].max,
      ...(limit === undefined ? {} : { limit }),
    };
  }),
  trackingProviders: TRACKING_PROVIDERS.map((value) => ({
    value,
    label: TRACKING_PROVIDER_LABELS[value],
    ...(value === 'none' ? {} : { attributionWindowDays: ATTRIBUTION_WINDOWS[value] }),
    cpmPrice: fromMicros(trackingCpmPriceMicros(value)),
  })),
  measurementPartners: toOptions(MEASUREMENT_PARTNERS, MEASUREMENT_PARTNER_LABELS),
});

const buildReferenceTables = () => ({
  iabCategories: IAB_CATEGORIES.map((category) => ({
    value: category.id,
    label: category.name,
    subcategories: category.subcategories.map((subcategory) => ({
      value: subcategory.id,
      label: subcategory.name,
    })),
  })),
  appCategories: APP_CATEGORIES.map((category) => ({
    value: category.id,
    label: category.name,
    subcategories: category.subcategories.map((subcategory) => ({
      value: subcategory.id,
      label: subcategory.name,
    })),
  })),
  supplyPartners: toOptions(SUPPLY_PARTNERS, SUPPLY_PARTNER_LABELS),
  doohSuppliers: toOptions(DOOH_SUPPLIERS, DOOH_SUPPLIER_LABELS),
  dataPartners: toOptions(DATA_PARTNERS, DATA_PARTNER_LABELS),
  creativeScanners: toOptions(CREATIVE_SCANNERS, CREATIVE_SCANNER_LABELS),
  continents: toOptions(CONTINENTS, CONTINENT_LABELS),
  countries: COUNTRIES.map((country) => ({
    value: country.iso2,
    label: country.name,
    iso3: country.iso3,
    continent: country.continent,
    isEu: isEuCountry(country.iso2),
    hasVatCheck: isVatCountry(country.iso2),
  })),
});

/** Builds the whole dictionary; cheap enough to call per request, small enough to send at startup. */
export const buildDictionary = () => ({
  userRoles: toOptions(USER_ROLES, USER_ROLE_LABELS),
  organizationRoles: toOptions(ORGANIZATION_ROLES, ORGANIZATION_ROLE_LABELS),
  ...buildOrganizationTables(),
  ...buildCampaignTables(),
  ...buildCreativeTables(),
  ...buildAudienceTables(),
  ...buildMoneyAndTrackingTables(),
  ...buildReferenceTables(),
  notificationTypes: toOptions(NOTIFICATION_TYPES, NOTIFICATION_TYPE_LABELS),
  alertTypes: toOptions(ALERT_TYPES, ALERT_TYPE_LABELS),
  snackbarTypes: toOptions(SNACKBAR_TYPES, SNACKBAR_TYPE_LABELS),
  balanceEntryTypes: toOptions(BALANCE_ENTRY_TYPES, BALANCE_ENTRY_TYPE_LABELS),
  invoiceTypes: toOptions(INVOICE_TYPES, INVOICE_TYPE_LABELS),
  ticketMessageTypes: toOptions(TICKET_MESSAGE_TYPES, TICKET_MESSAGE_TYPE_LABELS),
  ticketTypes: toOptions(TICKET_TYPES, TICKET_TYPE_LABELS),
  ticketStates: toOptions(TICKET_STATES, TICKET_STATE_LABELS),
  templateTypes: toOptions(TEMPLATE_TYPES, TEMPLATE_TYPE_LABELS),
  dashboardNoDataStates: toOptions(DASHBOARD_NO_DATA_STATES, DASHBOARD_NO_DATA_STATE_LABELS),
  dateRanges: toOptions(DATE_RANGES, DATE_RANGE_LABELS),
  reportTimeRanges: toOptions(REPORT_TIME_RANGES, REPORT_TIME_RANGE_LABELS),
  gridFilterOperators: GRID_FILTER_OPERATORS.map((value) => ({
    value,
    label: GRID_FILTER_OPERATOR_LABELS[value],
    text: filterOperatorText(value),
  })),
  sortDirections: toOptions(SORT_DIRECTIONS, SORT_DIRECTION_LABELS),
  publisherDownloadOptions: toOptions(PUBLISHER_DOWNLOAD_OPTIONS, PUBLISHER_DOWNLOAD_OPTION_LABELS),
});

export type Dictionary = ReturnType<typeof buildDictionary>;
export type DictionaryKey = keyof Dictionary;
