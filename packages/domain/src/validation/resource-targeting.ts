/**
 * Resource targeting of campaigns and strategies (decision 021): which audiences, location
 * audiences, geolists, publisher lists and deals a campaign (or one of its strategies) targets, by id.
 *
 * Levels: the campaign holds every kind; a strategy narrows its campaign with its own audiences, location
 * audiences and geolists (who and where, like its own location). Publisher lists and deals (what supply is
 * bought) are the campaign's only, so the allowlist/blocklist conflict is one campaign's question.
 *
 * Audiences come in three groups: a user must match at least one of `at_least_one_of`, every one of
 * `mandatory`, and none of `excluded`. An app-promotion campaign whose objective is retargeting re-engages
 * known users, so it needs at least one audience in the first two groups (the §5 hint, AUDIENCES_REQUIRED_MESSAGE,
 * on `at_least_one_of`).
 *
 * Ids are the resources' row ids (JSON numbers, like every id of the API). Whether an id exists, is live and
 * may be used by the campaign's organization is the server's question; the domain checks shapes and rules.
 */
import { z } from 'zod';
import { requiredOrInvalid, ZRowId } from './generic';
import { AUDIENCES_REQUIRED_MESSAGE, maxLengthMessage } from './messages';

/** How many resources of one kind (or one audience group) a campaign or strategy may target. */
export const MAX_TARGETED_RESOURCES = 100;

/** Row ids, each once, at most MAX_TARGETED_RESOURCES. */
export const ZResourceIds = z
  .array(ZRowId, { error: requiredOrInvalid })
  .max(MAX_TARGETED_RESOURCES, { error: maxLengthMessage(MAX_TARGETED_RESOURCES) })
  .transform((ids) => [...new Set(ids)]);

export const ZAudienceTargeting = z.strictObject(
  {
    at_least_one_of: ZResourceIds.default([]),
    mandatory: ZResourceIds.default([]),
    excluded: ZResourceIds.default([]),
  },
  { error: requiredOrInvalid },
);
export type TAudienceTargeting = z.infer<typeof ZAudienceTargeting>;
export const AUDIENCE_GROUPS = ['at_least_one_of', 'mandatory', 'excluded'] as const;
export type AudienceGroup = (typeof AUDIENCE_GROUPS)[number];
export const AUDIENCE_GROUP_LABELS = {
  at_least_one_of: 'At least one of them',
  mandatory: 'Mandatory ones',
  excluded: 'Excluded',
} as const satisfies Record<AudienceGroup, string>;

export const EMPTY_AUDIENCE_TARGETING: TAudienceTargeting = {
  at_least_one_of: [],
  mandatory: [],
  excluded: [],
};

/** The resource fields of a campaign's `targeting` (the audiences aside). */
export const CAMPAIGN_RESOURCE_FIELDS = [
  'location_audiences',
  'geolists',
  'publisher_allowlists',
  'publisher_blocklists',
  'deals',
] as const;
export type CampaignResourceField = (typeof CAMPAIGN_RESOURCE_FIELDS)[number];

/** The resource fields of a strategy's `targeting` (the audiences aside). */
export const STRATEGY_RESOURCE_FIELDS = ['location_audiences', 'geolists'] as const;
export type StrategyResourceField = (typeof STRATEGY_RESOURCE_FIELDS)[number];

/** The kinds of targetable resources and how alerts name them. */
export const TARGETED_RESOURCE_KINDS = [
  'audience',
  'location_audience',
  'geolist',
  'publisher_list',
  'deal',
] as const;
export type TargetedResourceKind = (typeof TARGETED_RESOURCE_KINDS)[number];
export const TARGETED_RESOURCE_KIND_LABELS = {
  audience: 'audience',
  location_audience: 'location audience',
  geolist: 'geolist',
  publisher_list: 'publisher list',
  deal: 'deal',
} as const satisfies Record<TargetedResourceKind, string>;

export const RESOURCE_FIELD_KINDS = {
  location_audiences: 'location_audience',
  geolists: 'geolist',
  publisher_allowlists: 'publisher_list',
  publisher_blocklists: 'publisher_list',
  deals: 'deal',
} as const satisfies Record<CampaignResourceField, TargetedResourceKind>;

/** The resource part of a campaign's targeting, every list defaulting to empty. */
export const CAMPAIGN_RESOURCE_SHAPE = {
  audiences: ZAudienceTargeting.default(EMPTY_AUDIENCE_TARGETING),
  location_audiences: ZResourceIds.default([]),
  geolists: ZResourceIds.default([]),
  publisher_allowlists: ZResourceIds.default([]),
  publisher_blocklists: ZResourceIds.default([]),
  deals: ZResourceIds.default([]),
};

/** The same in a PUT: what is sent replaces what is stored (the audiences as a whole, groups left out empty). */
export const CAMPAIGN_RESOURCE_CHANGES_SHAPE = {
  audiences: ZAudienceTargeting.optional(),
  location_audiences: ZResourceIds.optional(),
  geolists: ZResourceIds.optional(),
  publisher_allowlists: ZResourceIds.optional(),
  publisher_blocklists: ZResourceIds.optional(),
  deals: ZResourceIds.optional(),
};

export type TCampaignResourceTargeting = {
  audiences: TAudienceTargeting;
  location_audiences: number[];
  geolists: number[];
  publisher_allowlists: number[];
  publisher_blocklists: number[];
  deals: number[];
};

export const EMPTY_CAMPAIGN_RESOURCE_TARGETING: TCampaignResourceTargeting = {
  audiences: EMPTY_AUDIENCE_TARGETING,
  location_audiences: [],
  geolists: [],
  publisher_allowlists: [],
  publisher_blocklists: [],
  deals: [],
};

/** A strategy's own resource targeting (its `targeting`). */
export const ZStrategyTargeting = z.strictObject(
  {
    audiences: ZAudienceTargeting.default(EMPTY_AUDIENCE_TARGETING),
    location_audiences: ZResourceIds.default([]),
    geolists: ZResourceIds.default([]),
  },
  { error: requiredOrInvalid },
);
export type TStrategyTargeting = z.infer<typeof ZStrategyTargeting>;
export const EMPTY_STRATEGY_TARGETING: TStrategyTargeting = {
  audiences: EMPTY_AUDIENCE_TARGETING,
  location_audiences: [],
  geolists: [],
};

/** Whether a user can be selected by audience: some audience in "at least one of them" or "mandatory ones". */
export const hasRequiredAudienceGroup = (
  audiences: { readonly [group in AudienceGroup]?: readonly number[] } | undefined,
): boolean => (audiences?.at_least_one_of?.length ?? 0) > 0 || (audiences?.mandatory?.length ?? 0) > 0;

/** Audiences are required for retargeting (decision 021). */
export const areAudiencesRequired = (objective: string | null | undefined): boolean =>
  objective === 'retargeting';

/** The §5 hint when audiences are required and none is selected, on `at_least_one_of`; undefined otherwise. */
export const audiencesRequiredIssue = (
  objective: string | null | undefined,
  audiences: { readonly [group in AudienceGroup]?: readonly number[] } | undefined,
): { path: string[]; message: string } | undefined =>
  areAudiencesRequired(objective) && !hasRequiredAudienceGroup(audiences)
    ? { path: ['audiences', 'at_least_one_of'], message: AUDIENCES_REQUIRED_MESSAGE }
    : undefined;

/** One targeted id with the path of its field, e.g. `['audiences', 'excluded', 2]` or `['deals', 0]`. */
export type TResourceRef = {
  readonly kind: TargetedResourceKind;
  readonly id: number;
  readonly path: readonly (string | number)[];
};

/** Every id a targeting holds, with its kind and path (the fields it lacks are skipped). */
export const resourceRefsOf = (targeting: {
  readonly audiences?: Partial<TAudienceTargeting> | undefined;
  readonly [field: string]: unknown;
}): TResourceRef[] => {
  const refs: TResourceRef[] = [];
  for (const group of AUDIENCE_GROUPS) {
    (targeting.audiences?.[group] ?? []).forEach((id, index) => {
      refs.push({ kind: 'audience', id, path: ['audiences', group, index] });
    });
  }
  for (const field of CAMPAIGN_RESOURCE_FIELDS) {
    const ids = targeting[field];
    if (!Array.isArray(ids)) continue;
    ids.forEach((id: unknown, index) => {
      if (typeof id === 'number') refs.push({ kind: RESOURCE_FIELD_KINDS[field], id, path: [field, index] });
    });
  }
  return refs;
};
