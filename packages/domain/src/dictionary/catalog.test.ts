import { describe, expect, it } from 'vitest';
import type { DictionaryKey } from './catalog';
import { buildDictionary } from './catalog';
import { CURRENCIES } from './currencies';

const EXPECTED_KEYS = [
  'userRoles',
  'organizationRoles',
  'accountTypes',
  'organizationKinds',
  'commissionRoles',
  'regions',
  'legalEntities',
  'paymentMethods',
  'paymentTerms',
  'feeModels',
  'billingBases',
  'organizationStates',
  'organizationServices',
  'organizationContactRoles',
  'taxIdKinds',
  'campaignTypes',
  'objectiveKinds',
  'campaignStates',
  'campaignStatuses',
  'deliveryStatuses',
  'priceModels',
  'eventOptimisations',
  'deviceIdTypes',
  'deviceTypes',
  'strategyStates',
  'campaignCreativeStates',
  'budgetTimespans',
  'dailyLimitTypes',
  'maxDailyCostStrategies',
  'pricingTypes',
  'schedulePresets',
  'daysOfWeek',
  'videoPositions',
  'videoAttributes',
  'viewabilityThresholds',
  'dataRefreshWindows',
  'creativeTypes',
  'creativeTechnicalTypes',
  'creativeStates',
  'creativeAuditStatuses',
  'googleApprovalStatuses',
  'creativeValidities',
  'transcodingStatuses',
  'tagCreationModes',
  'eventPixelKinds',
  'creativeAttributes',
  'imageSizes',
  'nativeSizes',
  'creativeReportColumns',
  'creativeAssetLimits',
  'bulkTagColumns',
  'audienceTypes',
  'audienceStates',
  'audienceKpis',
  'locationPrecisions',
  'fingerprintTypes',
  'privacyRequestTypes',
  'currencies',
  'trackingProviders',
  'measurementPartners',
  'iabCategories',
  'appCategories',
  'supplyPartners',
  'doohSuppliers',
  'dataPartners',
  'creativeScanners',
  'continents',
  'countries',
  'notificationTypes',
  'alertTypes',
  'snackbarTypes',
  'balanceEntryTypes',
  'invoiceTypes',
  'ticketMessageTypes',
  'ticketTypes',
  'ticketStates',
  'templateTypes',
  'dashboardNoDataStates',
  'dateRanges',
  'reportTimeRanges',
  'gridFilterOperators',
  'sortDirections',
  'publisherDownloadOptions',
] as const satisfies readonly DictionaryKey[];

describe('buildDictionary', () => {
  const dictionary = buildDictionary();

  it('contains every table the console needs, and nothing unexpected', () => {
    expect(Object.keys(dictionary).sort()).toEqual([...EXPECTED_KEYS].sort());
  });

  it('survives a JSON round trip unchanged (no bigint, Map, undefined or functions)', () => {
    expect(JSON.parse(JSON.stringify(dictionary))).toStrictEqual(dictionary);
  });

  it('gives every table as a non-empty list of unique values with non-empty labels', () => {
    for (const [key, options] of Object.entries(dictionary)) {
      expect(Array.isArray(options), key).toBe(true);
      expect(options.length, key).toBeGreaterThan(0);
      const values = options.map((option) => option.value);
      expect(new Set(values).size, key).toBe(values.length);
      for (const option of options) {
        expect(['string', 'number'], key).toContain(typeof option.value);
        expect(typeof option.label, `${key} ${option.value}`).toBe('string');
        expect(option.label.trim(), `${key} ${option.value}`).not.toBe('');
      }
    }
  });

  it('stays small enough to load at startup (no city tables)', () => {
    expect(JSON.stringify(dictionary).length).toBeLessThan(150_000);
  });

  it('carries currency symbols, CPM bounds and the default currency', () => {
    expect(dictionary.currencies.map((currency) => currency.value)).toEqual([...CURRENCIES]);
    expect(dictionary.currencies.find((currency) => currency.value === 'usd')).toMatchObject({
      label: 'USD',
      symbol: '$',
      isDefault: true,
      cpmMin: 0.25,
      cpmMax: 200,
      limit: 10,
    });
    expect(dictionary.currencies.filter((currency) => currency.isDefault)).toHaveLength(1);
    expect(dictionary.currencies.find((currency) => currency.value === 'aed')).not.toHaveProperty('limit');
  });

  it('carries countries with both codes and the EU and VAT flags', () => {
    expect(dictionary.countries.find((country) => country.value === 'DE')).toEqual({
      value: 'DE',
      label: 'Germany',
      iso3: 'DEU',
      continent: 'EU',
      isEu: true,
      hasVatCheck: true,
    });
  });

  it('carries tracking attribution windows and prices as JSON-friendly values', () => {
    const footfall = dictionary.trackingProviders.find((provider) => provider.value === 'beacon_footfall');
    expect(footfall).toMatchObject({
      cpmPrice: '0.45',
      attributionWindowDays: { impressions: 1, visits: 15 },
    });
    const none = dictionary.trackingProviders.find((provider) => provider.value === 'none');
    expect(none).not.toHaveProperty('attributionWindowDays');
  });

  it('gives every filter operator the text it reads as', () => {
    const texts = Object.fromEntries(
      dictionary.gridFilterOperators.map((operator) => [operator.value, operator.text]),
    );
    expect(texts).toMatchObject({
      contains: 'contains',
      isnt: 'different',
      is: 'equal',
      lt: 'less than',
      gt: 'more than',
    });
  });

  it('returns a fresh object each time so callers cannot corrupt later responses', () => {
    const first = buildDictionary();
    first.userRoles.length = 0;
    expect(buildDictionary().userRoles.length).toBeGreaterThan(0);
  });
});
