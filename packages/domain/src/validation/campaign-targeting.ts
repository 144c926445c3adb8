/**
 * The targeting of a campaign (spec §5): countries, regions, cities, app bundles, content and app categories,
 * and the resources of resource-targeting.ts.
 */
import { z } from 'zod';
import { APP_CATEGORIES, IAB_CATEGORY_NAMES } from '../dictionary/categories';
import { MAX_CAMPAIGN_COUNTRIES } from '../dictionary/constants';
import { isBundleId } from './campaign';
import { CITY_ID_PATTERN, REGION_ID_PATTERN, textRule, unique, ZKnownCountry } from './fields';
import { requiredOrInvalid } from './generic';
import {
  BUNDLE_ID_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  MAX_COUNTRIES_MESSAGE,
  maxLengthMessage,
} from './messages';
import {
  CAMPAIGN_RESOURCE_CHANGES_SHAPE,
  CAMPAIGN_RESOURCE_SHAPE,
  EMPTY_CAMPAIGN_RESOURCE_TARGETING,
} from './resource-targeting';

export const MAX_TARGETED_REGIONS = 500;
export const MAX_TARGETED_CITIES = 500;
export const MAX_BUNDLE_IDS = 500;
export const MAX_CATEGORIES = 500;
export const REGION_ID_MAX_LENGTH = 40;
export const CITY_ID_MAX_LENGTH = 200;

/** At most five countries (§5), each once. */
export const ZCampaignCountries = z
  .array(ZKnownCountry, { error: requiredOrInvalid })
  .superRefine((countries, ctx) => {
    if (new Set(countries).size > MAX_CAMPAIGN_COUNTRIES) {
      ctx.addIssue({ code: 'custom', message: MAX_COUNTRIES_MESSAGE, input: countries });
    }
  })
  .transform(unique);

const placeIds = (pattern: RegExp, maxLength: number, maxCount: number) =>
  z
    .array(
      textRule((value) => {
        if (value.length > maxLength) return maxLengthMessage(maxLength);
        return pattern.test(value) ? undefined : INVALID_FORMAT_MESSAGE;
      }),
      { error: requiredOrInvalid },
    )
    .max(maxCount, { error: maxLengthMessage(maxCount) })
    .transform(unique);

export const ZRegionIds = placeIds(REGION_ID_PATTERN, REGION_ID_MAX_LENGTH, MAX_TARGETED_REGIONS);
export const ZCityIds = placeIds(CITY_ID_PATTERN, CITY_ID_MAX_LENGTH, MAX_TARGETED_CITIES);

export const ZBundleIds = z
  .array(
    textRule((value) => (isBundleId(value) ? undefined : BUNDLE_ID_MESSAGE)),
    { error: requiredOrInvalid },
  )
  .max(MAX_BUNDLE_IDS, { error: maxLengthMessage(MAX_BUNDLE_IDS) })
  .transform(unique);

/** IAB content category ids (tier 1 IAB1…IAB26 and tier 2 IABn-m). */
export const ZIabCategories = z
  .array(
    z.string({ error: requiredOrInvalid }).refine((id) => IAB_CATEGORY_NAMES.has(id), {
      error: INVALID_FORMAT_MESSAGE,
    }),
    { error: requiredOrInvalid },
  )
  .max(MAX_CATEGORIES, { error: maxLengthMessage(MAX_CATEGORIES) })
  .transform(unique);

/** The product's app category ids as text: "1" to "23", and the gaming and streaming subcategories "8-3". */
export const APP_CATEGORY_IDS: ReadonlySet<string> = new Set(
  APP_CATEGORIES.flatMap((category) => [String(category.id), ...category.subcategories.map((sub) => sub.id)]),
);
export const ZAppCategories = z
  .array(
    z.string({ error: requiredOrInvalid }).refine((id) => APP_CATEGORY_IDS.has(id), {
      error: INVALID_FORMAT_MESSAGE,
    }),
    { error: requiredOrInvalid },
  )
  .max(MAX_CATEGORIES, { error: maxLengthMessage(MAX_CATEGORIES) })
  .transform(unique);

const TARGETING_FIELDS = {
  countries: ZCampaignCountries,
  regions: ZRegionIds,
  cities: ZCityIds,
  bundle_ids: ZBundleIds,
  iab_categories: ZIabCategories,
  app_categories: ZAppCategories,
};

/** The targeting of a new campaign: every list defaults to empty. */
export const ZTargeting = z.strictObject(
  {
    countries: TARGETING_FIELDS.countries.default([]),
    regions: TARGETING_FIELDS.regions.default([]),
    cities: TARGETING_FIELDS.cities.default([]),
    bundle_ids: TARGETING_FIELDS.bundle_ids.default([]),
    iab_categories: TARGETING_FIELDS.iab_categories.default([]),
    app_categories: TARGETING_FIELDS.app_categories.default([]),
    ...CAMPAIGN_RESOURCE_SHAPE,
  },
  { error: requiredOrInvalid },
);
export type TTargeting = z.infer<typeof ZTargeting>;
export type TTargetingInput = z.input<typeof ZTargeting>;

/** The targeting in a PUT: the lists sent replace the stored ones, the others are kept. */
export const ZTargetingChanges = z.strictObject(
  {
    countries: TARGETING_FIELDS.countries.optional(),
    regions: TARGETING_FIELDS.regions.optional(),
    cities: TARGETING_FIELDS.cities.optional(),
    bundle_ids: TARGETING_FIELDS.bundle_ids.optional(),
    iab_categories: TARGETING_FIELDS.iab_categories.optional(),
    app_categories: TARGETING_FIELDS.app_categories.optional(),
    ...CAMPAIGN_RESOURCE_CHANGES_SHAPE,
  },
  { error: requiredOrInvalid },
);
export type TTargetingChanges = z.infer<typeof ZTargetingChanges>;

export const EMPTY_TARGETING: TTargeting = {
  countries: [],
  regions: [],
  cities: [],
  bundle_ids: [],
  iab_categories: [],
  app_categories: [],
  ...EMPTY_CAMPAIGN_RESOURCE_TARGETING,
};
