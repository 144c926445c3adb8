import type { CampaignState } from '@beacon/domain/dictionary/campaigns';
import type { Currency } from '@beacon/domain/dictionary/currencies';
import {
  campaignChangeIssues,
  campaignIssues,
  isCampaignComplete,
  type TCampaignStartDateChange,
  type TCampaignUpdate,
} from '@beacon/domain/validation/campaign-form';
import {
  ACTIVATION_NEEDS_COMPLETE_MESSAGE,
  CAMPAIGN_ORGANIZATION_FIXED_MESSAGE,
  START_DATE_RESETS_BUDGET_MESSAGE,
  SYNCHRONIZED_DATES_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { Deps, Principal } from '../../app-types';
import type { CampaignUpdate, StoredInternal } from '../../db/schema';
import { versionedWrite } from '../../lib/resources';
import { actorOf } from '../history/history.service';
import { CAMPAIGN, invalid, invalidAt, targetOrganization, writableCampaign } from './campaigns.access';
import type { CampaignRecord } from './campaigns.repo';
import { type CampaignFields, columnsOf, historyViewOf, reloadFor, valuesOf } from './campaigns.rows';
import type { TCampaign } from './campaigns.schemas';
import { campaignViewOf, getCampaign } from './campaigns.service';
import { findSource, syncFollowerDates } from './campaigns.sync';
import { targetedResourceIssues } from './campaigns.targeting';
import { campaignFieldsOf } from './campaigns.views';
import { unknownPlaceIssues } from './places-check';

/**
 * Changes of a campaign's fields (spec §4 and §5), at the version last read: 404, 403, 409 `DELETED`, 409
 * `STALE_VERSION` first (campaigns.access.ts), then the domain's rules. A source's new dates reach its
 * synchronized followers in the same transaction.
 */

/** `PUT /campaign/{id}`: the changes at the version last read (409 when stale), with the rules of §4 and §5. */
export const updateCampaignFields = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TCampaignUpdate,
): Promise<TCampaign> => {
  const { record, scope, today } = await writableCampaign(deps, principal, id, body);
  const {
    version,
    internal: internalChanges,
    state: nextState,
    targeting: targetingChanges,
    ...changes
  } = body;

  const stored = campaignFieldsOf(record);
  const isDraft = record.state === 'preview';
  let organizationId = record.organization_id;
  let organizationPath = record.organization_path;
  let currency: Currency = record.currency;
  if (changes.organization !== undefined && String(changes.organization) !== record.organization_id) {
    if (!isDraft) throw invalidAt('organization', CAMPAIGN_ORGANIZATION_FIXED_MESSAGE);
    const organization = await targetOrganization(deps, scope, String(changes.organization));
    organizationId = organization.id;
    organizationPath = organization.path;
    currency = organization.currency;
  }
  const organizationChanged = organizationId !== record.organization_id;

  const merged: CampaignFields = {
    ...stored,
    ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    organization: Number(organizationId),
    targeting: {
      ...stored.targeting,
      ...Object.fromEntries(
        Object.entries(targetingChanges ?? {}).filter(([, value]) => value !== undefined),
      ),
    },
  } as CampaignFields;
  const state: CampaignState = nextState ?? record.state;

  const issues = [
    ...campaignChangeIssues(
      {
        state: record.state,
        type: record.type,
        budget_timespan: record.budget_timespan,
        start_date: record.start_date,
        source_campaign: stored.source_campaign,
      },
      {
        state: nextState,
        type: changes.type,
        start_date: changes.start_date,
        budget_timespan: changes.budget_timespan,
        source_campaign: changes.source_campaign,
      },
      record.strategies_count,
    ),
    ...campaignIssues(valuesOf(merged), { currency, complete: state !== 'preview' }),
    ...(await unknownPlaceIssues(targetingChanges ?? {}, ['targeting'])),
    // A new organization may not use what the old one could: every id is checked again then.
    ...(await targetedResourceIssues(
      deps.db,
      scope.tenant,
      organizationPath,
      organizationChanged ? merged.targeting : targetingChanges,
      organizationChanged ? undefined : stored.targeting,
      ['targeting'],
    )),
  ];
  if (issues.length > 0) {
    const activating = nextState !== undefined && nextState !== record.state;
    // Leaving the draft state with missing fields: say so on `state` too, the form shows it by the switch.
    const incomplete =
      activating && isDraft && !isCampaignComplete(valuesOf(merged), currency)
        ? [{ path: ['state'], message: ACTIVATION_NEEDS_COMPLETE_MESSAGE }]
        : [];
    throw invalid([...incomplete, ...issues]);
  }

  // Synchronized: the source must be valid, and the dates are the source's.
  if (merged.type === 'synchronized' && merged.source_campaign !== null) {
    const source = await findSource(deps, scope, merged.source_campaign, organizationId, record.id, today);
    for (const field of ['start_date', 'end_date'] as const) {
      if (changes[field] !== undefined && changes[field] !== source[field]) {
        throw invalidAt(field, SYNCHRONIZED_DATES_MESSAGE);
      }
    }
    merged.start_date = source.start_date;
    merged.end_date = source.end_date;
  }

  const internal: StoredInternal = {
    ...record.internal,
    ...Object.fromEntries(Object.entries(internalChanges ?? {}).filter(([, value]) => value !== undefined)),
  };
  const values: CampaignUpdate = {
    ...columnsOf(merged, internal),
    organization_id: organizationId,
    currency,
    state,
  };
  const dates = { id: record.id, start_date: merged.start_date ?? null, end_date: merged.end_date ?? null };
  const now = deps.clock.now();
  const actor = actorOf(principal);
  const next = await versionedWrite(deps.db, CAMPAIGN, actor, {
    before: record,
    version,
    values,
    now,
    alsoRun: async (trx) => {
      if (dates.start_date !== record.start_date || dates.end_date !== record.end_date) {
        await syncFollowerDates(trx, dates, actor, today, now);
      }
    },
    reload: reloadFor(today),
    historyView: historyViewOf,
    action: (changed) =>
      changed.every((change) => change.field === 'state')
        ? state === 'active'
          ? 'activate'
          : 'deactivate'
        : 'update',
  });
  return campaignViewOf(deps.db, next, principal, deps.clock.now());
};

/**
 * `PUT /campaign/{id}/start-date`: "modify campaign start date". For a lifetime budget the spend counted so
 * far restarts at zero (`spend` 0, `budget_reset_at` now), which the caller confirms with `reset_budget: true`.
 */
export const changeCampaignStartDate = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TCampaignStartDateChange,
): Promise<TCampaign> => {
  const { record, today } = await writableCampaign(deps, principal, id, { version: body.version });
  if (record.type === 'synchronized') throw invalidAt('start_date', SYNCHRONIZED_DATES_MESSAGE);
  const resets = record.budget_timespan === 'lifetime';
  if (resets && body.reset_budget !== true) throw invalidAt('reset_budget', START_DATE_RESETS_BUDGET_MESSAGE);
  const issues = campaignIssues(valuesOf({ ...campaignFieldsOf(record), start_date: body.start_date }), {
    currency: record.currency,
    complete: false,
  }).filter((issue) => issue.path[0] === 'start_date' || issue.path[0] === 'end_date');
  if (issues.length > 0) throw invalid(issues);
  if (body.start_date === record.start_date && !resets) return getCampaign(deps, principal, id);

  const now = deps.clock.now();
  const actor = actorOf(principal);
  const source: Pick<CampaignRecord, 'id' | 'start_date' | 'end_date'> = {
    id: record.id,
    start_date: body.start_date,
    end_date: record.end_date,
  };
  const next = await versionedWrite(deps.db, CAMPAIGN, actor, {
    before: record,
    version: body.version,
    values: { start_date: body.start_date, ...(resets ? { spend: '0', budget_reset_at: now } : {}) },
    now,
    alsoRun: (trx) => syncFollowerDates(trx, source, actor, today, now),
    reload: reloadFor(today),
    historyView: historyViewOf,
    action: resets ? 'start_date_budget_reset' : 'start_date',
  });
  return campaignViewOf(deps.db, next, principal, deps.clock.now());
};
