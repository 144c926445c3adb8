/** Campaign rules of spec §5: name, targeted countries, bundle id, required audiences, publisher lists. */
import { z } from 'zod';
import { MAX_CAMPAIGN_COUNTRIES } from '../dictionary/constants';
import { requiredOrInvalid, requiredString } from './generic';
import {
  AUDIENCES_REQUIRED_MESSAGE,
  BUNDLE_ID_MESSAGE,
  CAMPAIGN_NAME_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  MAX_COUNTRIES_MESSAGE,
} from './messages';

/** Names must not contain | $ # or @. The pattern itself accepts '' (the required rule rejects it). */
export const CAMPAIGN_NAME_PATTERN = /^[^|$#@]*$/;

export const ZCampaignName = requiredString().regex(CAMPAIGN_NAME_PATTERN, { error: CAMPAIGN_NAME_MESSAGE });
export type TCampaignName = z.infer<typeof ZCampaignName>;

/**
 * A targeted country: ISO 3166-1 alpha-3, the code OpenRTB bid requests carry. Only the shape is checked
 * here; membership belongs to the countries table of the dictionary.
 */
export const ZCountryCode = z
  .string({ error: requiredOrInvalid })
  .regex(/^[A-Z]{3}$/, { error: INVALID_FORMAT_MESSAGE });
export type TCountryCode = z.infer<typeof ZCountryCode>;

export const ZTargetedCountries = z
  .array(ZCountryCode, { error: requiredOrInvalid })
  .max(MAX_CAMPAIGN_COUNTRIES, { error: MAX_COUNTRIES_MESSAGE });
export type TTargetedCountries = z.infer<typeof ZTargetedCountries>;

/** Android application id (reverse-domain package name, at least two segments): com.example.app. */
export const ANDROID_PACKAGE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/;
/** Numeric store id (Apple App Store, also Roku and other CTV stores), optionally prefixed with "id". */
export const NUMERIC_STORE_ID_PATTERN = /^(?:id)?[1-9][0-9]{0,19}$/;

export const BUNDLE_ID_PATTERN = new RegExp(
  `${ANDROID_PACKAGE_PATTERN.source}|${NUMERIC_STORE_ID_PATTERN.source}`,
);
/** Longest package name Android accepts. */
const MAX_BUNDLE_ID_LENGTH = 255;

export const isBundleId = (value: string): boolean =>
  value.length <= MAX_BUNDLE_ID_LENGTH && BUNDLE_ID_PATTERN.test(value);

export const ZBundleId = requiredString()
  .max(MAX_BUNDLE_ID_LENGTH, { error: BUNDLE_ID_MESSAGE })
  .regex(BUNDLE_ID_PATTERN, { error: BUNDLE_ID_MESSAGE });
export type TBundleId = z.infer<typeof ZBundleId>;

/**
 * Audience targeting of a strategy: audiences of which a user must match at least one, and audiences a
 * user must match all of ("mandatory ones").
 */
export type TAudienceSelection = {
  readonly atLeastOneOf: readonly unknown[];
  readonly mandatory: readonly unknown[];
};

export const hasSelectedAudience = (selection: TAudienceSelection): boolean =>
  selection.atLeastOneOf.length > 0 || selection.mandatory.length > 0;

/**
 * Refinement for any schema holding an audience selection: when audiences are required and none is
 * selected, the hint goes on the "at least one of them" field. Use as `.superRefine(checkAudiencesRequired)`.
 */
export const checkAudiencesRequired = (
  value: TAudienceSelection & { readonly areAudiencesRequired: boolean },
  ctx: z.RefinementCtx,
): void => {
  if (value.areAudiencesRequired && !hasSelectedAudience(value)) {
    ctx.addIssue({
      code: 'custom',
      path: ['atLeastOneOf'],
      message: AUDIENCES_REQUIRED_MESSAGE,
      input: value,
    });
  }
};

const ZAudienceId = z.string({ error: requiredOrInvalid }).min(1, { error: INVALID_FORMAT_MESSAGE });

export const ZAudienceSelection = z
  .object({
    areAudiencesRequired: z.boolean().default(false),
    atLeastOneOf: z.array(ZAudienceId).default([]),
    mandatory: z.array(ZAudienceId).default([]),
  })
  .superRefine(checkAudiencesRequired);
export type TAudienceSelectionInput = z.input<typeof ZAudienceSelection>;
export type TAudienceSelectionValue = z.infer<typeof ZAudienceSelection>;

/**
 * Publishers present in both lists: they are excluded from targeting, and the console shows
 * PUBLISHER_CONFLICT_MESSAGE with them. Order follows the allowlist; each publisher appears once.
 */
export const findPublisherConflicts = (
  blocklist: readonly string[],
  allowlist: readonly string[],
): string[] => {
  const blocked = new Set(blocklist);
  return [...new Set(allowlist)].filter((publisher) => blocked.has(publisher));
};
