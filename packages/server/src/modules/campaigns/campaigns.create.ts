import type { Currency } from '@beacon/domain/dictionary/currencies';
import { campaignIssues, type TCampaignCreate } from '@beacon/domain/validation/campaign-form';
import { EMPTY_CAMPAIGN_INTERNAL } from '@beacon/domain/validation/campaign-internal';
import { SYNCHRONIZED_DATES_MESSAGE } from '@beacon/domain/validation/messages';
import type { Deps, Principal } from '../../app-types';
import type { NewCampaign } from '../../db/schema';
import { assertCanEdit } from '../../lib/resources';
import { actorOf } from '../history/history.service';
import {
  assertInternalAllowed,
  CAMPAIGN,
  campaignScopeOf,
  invalid,
  invalidAt,
  targetOrganization,
  todayOf,
} from './campaigns.access';
import { type CampaignFields, columnsOf, insertCampaignWithHistory, valuesOf } from './campaigns.rows';
import type { TCampaign } from './campaigns.schemas';
import { campaignViewOf } from './campaigns.service';
import { findSource } from './campaigns.sync';
import { targetedResourceIssues } from './campaigns.targeting';
import { unknownPlaceIssues } from './places-check';

/** `POST /campaign`: a draft (state preview, draft rules) or a complete campaign (state inactive). */
export const createCampaign = async (
  deps: Deps,
  principal: Principal,
  body: TCampaignCreate,
): Promise<TCampaign> => {
  assertCanEdit(CAMPAIGN, principal);
  assertInternalAllowed(principal, body);
  const scope = campaignScopeOf(principal);
  const today = todayOf(deps);
  const organization = await targetOrganization(
    deps,
    scope,
    String(body.organization ?? principal.organizationId),
  );
  const currency: Currency = organization.currency;
  const { state, internal, ...rest } = body;

  let dates = { start_date: rest.start_date ?? null, end_date: rest.end_date ?? null };
  if (rest.type === 'synchronized' && rest.source_campaign !== undefined && rest.source_campaign !== null) {
    const source = await findSource(deps, scope, rest.source_campaign, organization.id, null, today);
    const sent = [
      ['start_date', rest.start_date],
      ['end_date', rest.end_date],
    ] as const;
    const differing = sent.filter(
      ([field, value]) =>
        value !== undefined && value !== (field === 'start_date' ? source.start_date : source.end_date),
    );
    if (differing.length > 0) throw invalidAt(differing[0]?.[0] ?? 'start_date', SYNCHRONIZED_DATES_MESSAGE);
    dates = { start_date: source.start_date, end_date: source.end_date };
  }
  const fields: CampaignFields = {
    organization: Number(organization.id),
    name: rest.name,
    type: rest.type,
    objective: rest.objective ?? null,
    // Left out, the advertiser organization's zone (docs/engine.md "Time zones").
    time_zone: rest.time_zone ?? organization.time_zone,
    ...dates,
    budget_timespan: rest.budget_timespan ?? null,
    budget: rest.budget ?? null,
    daily_limit_type: rest.daily_limit_type ?? null,
    daily_budget: rest.daily_budget ?? null,
    daily_impressions: rest.daily_impressions ?? null,
    daily_clicks: rest.daily_clicks ?? null,
    max_daily_cost_strategy: rest.max_daily_cost_strategy ?? null,
    pricing: rest.pricing ?? null,
    price_model: rest.price_model ?? null,
    bid: rest.bid ?? null,
    cpc_target: rest.cpc_target ?? null,
    event_optimisation: rest.event_optimisation ?? null,
    tracking_tool: rest.tracking_tool,
    schedule: rest.schedule,
    device_types: rest.device_types,
    device_id_types: rest.device_id_types,
    video_positions: rest.video_positions,
    video_attributes: rest.video_attributes,
    viewability: rest.viewability,
    targeting: rest.targeting,
    source_campaign: rest.source_campaign ?? null,
    frequency_cap: rest.frequency_cap,
  };
  const issues = [
    ...campaignIssues(valuesOf(fields), { currency, complete: state !== 'preview' }),
    ...(await unknownPlaceIssues(fields.targeting, ['targeting'])),
    ...(await targetedResourceIssues(deps.db, scope.tenant, organization.path, fields.targeting, undefined, [
      'targeting',
    ])),
  ];
  if (issues.length > 0) throw invalid(issues);

  const values: NewCampaign = {
    ...columnsOf(fields, internal ?? EMPTY_CAMPAIGN_INTERNAL),
    organization_id: organization.id,
    name: fields.name,
    type: fields.type,
    state,
    currency,
    schedule: JSON.stringify(fields.schedule),
    targeting: JSON.stringify(fields.targeting),
    internal: JSON.stringify(internal ?? EMPTY_CAMPAIGN_INTERNAL),
  };
  const record = await deps.db
    .transaction()
    .execute((trx) => insertCampaignWithHistory(trx, values, actorOf(principal), today));
  return campaignViewOf(deps.db, record, principal, deps.clock.now());
};
