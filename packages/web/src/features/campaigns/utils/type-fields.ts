/**
 * Which fields each campaign type asks, read from the domain's CAMPAIGN_TYPE_REQUIREMENTS (the table the
 * server's completeness check uses): the guided flow shows these and nothing else, and bodies carry only
 * these (a field a type refuses is an error when set).
 */

import {
  campaignTypeRequirements,
  TYPE_DEPENDENT_FIELD_PATHS,
  TYPE_DEPENDENT_FIELDS,
  type TypeDependentField,
} from '@beacon/domain/campaigns/campaign-types';
import type { CampaignType } from '@beacon/domain/dictionary/campaigns';

export type CampaignField =
  | 'organization'
  | 'name'
  | 'type'
  | 'objective'
  | 'time_zone'
  | 'start_date'
  | 'end_date'
  | 'budget_timespan'
  | 'budget'
  | 'daily_limit_type'
  | 'daily_budget'
  | 'daily_impressions'
  | 'daily_clicks'
  | 'max_daily_cost_strategy'
  | 'pricing'
  | 'price_model'
  | 'bid'
  | 'cpc_target'
  | 'event_optimisation'
  | 'tracking_tool'
  | 'schedule'
  | 'device_types'
  | 'device_id_types'
  | 'video_positions'
  | 'video_attributes'
  | 'viewability'
  | 'targeting'
  | 'source_campaign'
  | 'internal'
  | 'frequency_cap';

/** The type-dependent field of a form key (`targeting.bundle_ids` → bundle_ids), if it is one. */
const typeDependentField = (key: string): TypeDependentField | undefined =>
  TYPE_DEPENDENT_FIELDS.find((field) => TYPE_DEPENDENT_FIELD_PATHS[field].join('.') === key);

/**
 * Whether a type asks a field (a top-level field, or `targeting.<key>`). Flight dates of a synchronized
 * campaign follow its source, so it does not ask them; a type bought by CPM only asks no CPC target.
 */
export const isFieldAsked = (type: CampaignType, key: string): boolean => {
  const requirements = campaignTypeRequirements(type);
  if (key === 'start_date' || key === 'end_date') return requirements.dates === 'required';
  // CPM-only types (Connected TV, DOOH) have no CPC fields.
  if (key === 'cpc_target') return requirements.pricing.includes('cpc');
  const field = typeDependentField(key);
  return field === undefined || requirements.fields[field].ask !== 'refused';
};

/** Whether a type requires a type-dependent field (its label then carries the required mark). */
export const isFieldRequired = (type: CampaignType, key: string): boolean => {
  const field = typeDependentField(key);
  return field !== undefined && campaignTypeRequirements(type).fields[field].ask === 'required';
};

/** The options of a field a type narrows (mobile devices for app promotion, CPM only for CTV and DOOH…). */
export const allowedOptions = <V extends string>(
  type: CampaignType,
  field: 'pricing' | 'tracking_tool' | 'device_types' | 'device_id_types',
  options: readonly V[],
): readonly V[] => {
  const requirements = campaignTypeRequirements(type);
  const allowed: readonly string[] | undefined =
    field === 'pricing' ? requirements.pricing : requirements.fields[field].values;
  return allowed === undefined ? options : options.filter((option) => allowed.includes(option));
};
