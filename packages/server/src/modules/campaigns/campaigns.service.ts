import { canAccess, canEdit } from '@beacon/domain/access/permissions';
import type { CampaignState } from '@beacon/domain/dictionary/campaigns';
import { type Currency, toMicros } from '@beacon/domain/dictionary/currencies';
import {
  CAMPAIGN_LIST_SPEC,
  campaignChangeIssues,
  campaignIssues,
  duplicateCampaignName,
  EMPTY_CAMPAIGN_INTERNAL,
  isCampaignComplete,
  type TCampaignCreate,
  type TCampaignDuplicate,
  type TCampaignIssue,
  type TCampaignStartDateChange,
  type TCampaignsBulkUpdate,
  type TCampaignUpdate,
  type TCampaignValues,
} from '@beacon/domain/validation/campaign-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import {
  ACTIVATION_NEEDS_COMPLETE_MESSAGE,
  ALLOWLIST_EXPECTED_MESSAGE,
  BLOCKLIST_EXPECTED_MESSAGE,
  CAMPAIGN_DELETED_MESSAGE,
  CAMPAIGN_ORGANIZATION_FIXED_MESSAGE,
  campaignStateTransitionMessage,
  INTERNAL_FIELD_MESSAGE,
  SOURCE_CAMPAIGN_MESSAGE,
  START_DATE_RESETS_BUDGET_MESSAGE,
  SYNCHRONIZED_DATES_MESSAGE,
  TARGETED_RESOURCE_UNAVAILABLE_MESSAGE,
} from '@beacon/domain/validation/messages';
import {
  resourceRefsOf,
  type TargetedResourceKind,
  type TResourceRef,
} from '@beacon/domain/validation/resource-targeting';
import type { Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { CampaignUpdate, Database, NewCampaign, StoredInternal } from '../../db/schema';
import { AppError, type ErrorDetail } from '../../lib/app-error';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import { actorOf, diffFields, type HistoryActor, recordHistory } from '../history/history.service';
import { getOrganization } from '../organizations/organizations.service';
import { utcDay } from './campaign-status';
import {
  type CampaignRecord,
  type CampaignScope,
  campaignListSource,
  findCampaignById,
  findCampaignHistory,
  findCampaignInScope,
  findCampaignsInScopeByIds,
  findFollowers,
  findLiveStrategies,
  findPublisherConflicts,
  findTargetableIds,
  findTargetedResources,
  insertCampaign,
  insertStrategy,
  listCampaignsInScope,
  refreshStrategyCounts,
  type StrategyRecord,
  updateCampaign,
  updateCampaignAtVersion,
} from './campaigns.repo';
import type { TCampaign, TCampaignHistoryEntry, TCampaignRow } from './campaigns.schemas';
import {
  type CampaignResources,
  campaignFieldsOf,
  toCampaignRow,
  toCampaignView,
  toStrategyView,
} from './campaigns.views';
import { unknownPlaceIssues } from './places-check';

/**
 * Campaign writes and reads of issue 5 (decision 014). Reads need §6 `campaigns`/`campaign` (the route
 * declares it); writes also need an edit role (`canEdit`). The campaign's organization must be in the caller's
 * campaign scope (404 otherwise, never 403). The `internal` block is read and written with §6 `internal
 * campaign` only. Every write records history (actor and impersonator) in its own transaction.
 */

export const todayOf = (deps: Deps): string => utcDay(deps.clock.now());

/**
 * The campaigns a caller may see: its tenant scope narrowed by its advertisers (decision 014). The session
 * read carries the advertisers, so this costs no statement.
 */
export const campaignScopeOf = (principal: Principal): CampaignScope => ({
  tenant: scopeOf(principal),
  advertiserPaths: principal.campaignAdvertiserPaths,
});

/** §6 `internal campaign`: fees, margins, notes and flags. */
export const mayUseInternal = (principal: Principal): boolean =>
  canAccess('internal-campaign', principal.role, principal.organizationRole);

const pathText = (path: readonly (string | number)[]): string => path.map(String).join('.');

export const invalid = (issues: readonly TCampaignIssue[], prefix = ''): AppError =>
  new AppError('VALIDATION_FAILED', {
    message: issues[0]?.message,
    details: issues.map((issue) => ({ path: `${prefix}${pathText(issue.path)}`, message: issue.message })),
  });

const invalidAt = (path: string, message: string): AppError =>
  new AppError('VALIDATION_FAILED', { message, details: [{ path, message }] });

const assertCanEdit = (principal: Principal): void => {
  if (!canEdit(principal.role)) throw new AppError('FORBIDDEN');
};

const assertInternalAllowed = (principal: Principal, body: { internal?: unknown }): void => {
  if (body.internal !== undefined && !mayUseInternal(principal)) {
    throw new AppError('FORBIDDEN', {
      message: INTERNAL_FIELD_MESSAGE,
      details: [{ path: 'internal', message: INTERNAL_FIELD_MESSAGE }],
    });
  }
};

/** A campaign the caller may see, else 404. */
export const visibleCampaign = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<{ record: CampaignRecord; scope: CampaignScope; today: string }> => {
  const scope = campaignScopeOf(principal);
  const today = todayOf(deps);
  const record = await findCampaignInScope(deps.db, scope, id, today);
  if (!record) throw new AppError('NOT_FOUND');
  return { record, scope, today };
};

// ---------------------------------------------------------------------------------------------------------
// Resource targeting (decision 021)

type Targeting = Parameters<typeof resourceRefsOf>[0];

const idsByKind = (refs: readonly TResourceRef[]): Map<TargetedResourceKind, number[]> => {
  const ids = new Map<TargetedResourceKind, number[]>();
  for (const ref of refs) {
    const list = ids.get(ref.kind) ?? [];
    if (!list.includes(ref.id)) list.push(ref.id);
    ids.set(ref.kind, list);
  }
  return ids;
};

/**
 * The resources a campaign and its strategies target, named, and the publishers both allowed and blocked by
 * its lists (computed in SQL): two statements whatever the number of resources.
 */
export const campaignResources = async (
  db: Kysely<Database>,
  campaign: CampaignRecord,
  strategies: readonly StrategyRecord[],
): Promise<CampaignResources> => {
  const targeting = campaignFieldsOf(campaign).targeting;
  const refs = [
    ...resourceRefsOf(targeting),
    ...strategies.flatMap((strategy) => resourceRefsOf(toStrategyView(strategy).targeting)),
  ];
  const [rows, conflicts] = await Promise.all([
    findTargetedResources(db, idsByKind(refs)),
    findPublisherConflicts(db, targeting.publisher_allowlists, targeting.publisher_blocklists),
  ]);
  return { rows, conflicts };
};

/**
 * Field issues of the ids a write adds to a targeting: each must exist, be live and be usable by the
 * campaign's organization (its own or an ancestor's within the caller's scope, or a shared audience segment),
 * else TARGETED_RESOURCE_UNAVAILABLE_MESSAGE — the same words for absent and foreign ids. A publisher list must
 * be of the field's kind. Ids already stored (`kept`, same field) stay even if deleted since: the alert says so,
 * and the campaign is not locked against other changes.
 */
export const targetedResourceIssues = async (
  db: Kysely<Database>,
  tenant: TenantScope,
  organizationPath: string,
  targeting: Targeting | undefined,
  kept: Targeting | undefined,
  prefix: readonly string[],
): Promise<TCampaignIssue[]> => {
  if (!targeting) return [];
  const keyOf = (ref: TResourceRef): string => `${ref.path[0]}:${ref.id}`;
  const keptKeys = new Set((kept ? resourceRefsOf(kept) : []).map(keyOf));
  const added = resourceRefsOf(targeting).filter((ref) => !keptKeys.has(keyOf(ref)));
  if (added.length === 0) return [];
  const usable = await findTargetableIds(db, tenant, organizationPath, idsByKind(added));
  const byKey = new Map(usable.map((row) => [`${row.kind}:${row.id}`, row]));
  const issues: TCampaignIssue[] = [];
  for (const ref of added) {
    const path = [...prefix, ...ref.path];
    const row = byKey.get(`${ref.kind}:${ref.id}`);
    if (!row) {
      issues.push({ path, message: TARGETED_RESOURCE_UNAVAILABLE_MESSAGE });
    } else if (ref.path[0] === 'publisher_allowlists' && row.list_kind !== 'allow') {
      issues.push({ path, message: ALLOWLIST_EXPECTED_MESSAGE });
    } else if (ref.path[0] === 'publisher_blocklists' && row.list_kind !== 'block') {
      issues.push({ path, message: BLOCKLIST_EXPECTED_MESSAGE });
    }
  }
  return issues;
};

/** The full view of a campaign as it is now in the database (after a write). */
const campaignNow = async (
  db: Kysely<Database>,
  id: string,
  principal: Principal,
  today: string,
): Promise<TCampaign> => {
  const record = await findCampaignById(db, id, today);
  if (!record) throw new AppError('NOT_FOUND');
  const strategies = await findLiveStrategies(db, id);
  const resources = await campaignResources(db, record, strategies);
  return toCampaignView(record, strategies, { today, withInternal: mayUseInternal(principal) }, resources);
};

// ---------------------------------------------------------------------------------------------------------
// Values ↔ columns

/** The whole campaign as the domain's rules read it: nulls as missing. */
const valuesOf = (fields: Record<string, unknown>): TCampaignValues =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as TCampaignValues;

type CampaignFields = ReturnType<typeof campaignFieldsOf>;

const micros = (amount: string | null | undefined): string | null =>
  amount === null || amount === undefined ? null : toMicros(amount).toString();

/** The columns of a whole campaign (API fields merged with what is stored). */
const columnsOf = (fields: CampaignFields, internal: StoredInternal): CampaignUpdate => ({
  organization_id: String(fields.organization),
  name: fields.name,
  type: fields.type,
  objective: fields.objective ?? null,
  start_date: fields.start_date ?? null,
  end_date: fields.end_date ?? null,
  budget_timespan: fields.budget_timespan ?? null,
  budget: micros(fields.budget),
  daily_limit_type: fields.daily_limit_type ?? null,
  daily_budget: micros(fields.daily_budget),
  daily_impressions: fields.daily_impressions ?? null,
  daily_clicks: fields.daily_clicks ?? null,
  max_daily_cost_strategy: fields.max_daily_cost_strategy ?? null,
  pricing: fields.pricing ?? null,
  price_model: fields.price_model ?? null,
  bid: micros(fields.bid),
  cpc_target: micros(fields.cpc_target),
  event_optimisation: fields.event_optimisation ?? null,
  tracking_tool: fields.tracking_tool,
  schedule: JSON.stringify(fields.schedule),
  device_types: fields.device_types,
  device_id_types: fields.device_id_types,
  video_positions: fields.video_positions,
  video_attributes: fields.video_attributes,
  viewability: fields.viewability,
  targeting: JSON.stringify(fields.targeting),
  source_campaign_id: fields.source_campaign === null ? null : String(fields.source_campaign),
  internal: JSON.stringify(internal),
});

/** What history keeps of a campaign: its fields, state and internal block (never ids or versions). */
const historyViewOf = (record: CampaignRecord): Record<string, unknown> => ({
  ...campaignFieldsOf(record),
  state: record.state,
  spend: record.spend,
  budget_reset_at: record.budget_reset_at?.toISOString() ?? null,
  internal: record.internal,
});

const recordCampaignHistory = async (
  db: Kysely<Database>,
  record: Pick<CampaignRecord, 'id' | 'organization_id'>,
  action: string,
  actor: HistoryActor,
  changes: { field: string; from: unknown; to: unknown }[],
): Promise<void> => {
  await recordHistory(db, {
    entity: 'campaign',
    entityId: record.id,
    organizationId: record.organization_id,
    action,
    actor,
    changes,
  });
};

/** Writes a campaign row and its `create` history (the service, the demo seed and test factories use it). */
export const insertCampaignWithHistory = async (
  db: Kysely<Database>,
  values: NewCampaign,
  actor: HistoryActor,
  today: string,
  action = 'create',
  extraChanges: { field: string; from: unknown; to: unknown }[] = [],
): Promise<CampaignRecord> => {
  const id = await insertCampaign(db, values);
  const record = await findCampaignById(db, id, today);
  if (!record) throw new Error(`campaign ${id} vanished after its insert`);
  await recordCampaignHistory(db, record, action, actor, [
    ...extraChanges,
    ...diffFields(null, historyViewOf(record)),
  ]);
  return record;
};

// ---------------------------------------------------------------------------------------------------------
// Synchronized campaigns

/**
 * A source for a synchronized campaign: a live campaign of the same organization that is not synchronized
 * itself (and not the campaign itself); 400 on `source_campaign` otherwise, also when it is not visible.
 */
const findSource = async (
  deps: Deps,
  scope: CampaignScope,
  sourceId: number,
  organizationId: string,
  selfId: string | null,
  today: string,
): Promise<CampaignRecord> => {
  const source = await findCampaignInScope(deps.db, scope, String(sourceId), today);
  if (
    !source ||
    source.organization_id !== organizationId ||
    source.type === 'synchronized' ||
    source.state === 'deleted' ||
    source.id === selfId
  ) {
    throw invalidAt('source_campaign', SOURCE_CAMPAIGN_MESSAGE);
  }
  return source;
};

/** Followers take their source's flight dates; history says why. */
const syncFollowerDates = async (
  db: Kysely<Database>,
  source: CampaignRecord,
  actor: HistoryActor,
  today: string,
  now: Date,
): Promise<void> => {
  for (const follower of await findFollowers(db, source.id, today)) {
    if (follower.start_date === source.start_date && follower.end_date === source.end_date) continue;
    await updateCampaign(db, follower.id, { start_date: source.start_date, end_date: source.end_date }, now);
    await recordCampaignHistory(db, follower, 'synchronized', actor, [
      { field: 'start_date', from: follower.start_date, to: source.start_date },
      { field: 'end_date', from: follower.end_date, to: source.end_date },
    ]);
  }
};

/** Deleting a source stops its followers: state inactive, history action `stopped`, reason "source deleted". */
const stopFollowers = async (
  db: Kysely<Database>,
  sourceId: string,
  actor: HistoryActor,
  today: string,
  now: Date,
): Promise<void> => {
  for (const follower of await findFollowers(db, sourceId, today)) {
    if (follower.state === 'inactive' || follower.state === 'preview') continue;
    await updateCampaign(db, follower.id, { state: 'inactive' }, now);
    await recordCampaignHistory(db, follower, 'stopped', actor, [
      { field: 'state', from: follower.state, to: 'inactive' },
      { field: 'reason', from: null, to: 'source deleted' },
    ]);
  }
};

// ---------------------------------------------------------------------------------------------------------
// Reads

export const listVisibleCampaigns = async (
  deps: Deps,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TCampaignRow[]; total: number }> => {
  const scope = campaignScopeOf(principal);
  const today = todayOf(deps);
  const withDeleted = list.filters.some((filter) => filter.field === 'state');
  const { rows, total } = await listCampaignsInScope(
    deps.db,
    scope,
    list,
    campaignListSource(CAMPAIGN_LIST_SPEC, today),
    { withDeleted, today },
  );
  return { rows: rows.map((row) => toCampaignRow(row, today)), total };
};

export const getCampaign = async (deps: Deps, principal: Principal, id: string): Promise<TCampaign> => {
  const { record, today } = await visibleCampaign(deps, principal, id);
  const strategies = await findLiveStrategies(deps.db, record.id);
  const resources = await campaignResources(deps.db, record, strategies);
  return toCampaignView(record, strategies, { today, withInternal: mayUseInternal(principal) }, resources);
};

export const campaignHistory = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<TCampaignHistoryEntry[]> => {
  const { record } = await visibleCampaign(deps, principal, id);
  const rows = await findCampaignHistory(deps.db, record.id);
  const user = (userId: string | null, name: string | null, username: string | null) =>
    userId === null || name === null || username === null ? null : { id: Number(userId), name, username };
  const internal = mayUseInternal(principal);
  return rows.map((row) => ({
    id: Number(row.id),
    entity: row.entity === 'strategy' ? 'strategy' : 'campaign',
    entity_id: Number(row.entity_id),
    action: row.action,
    actor: user(row.actor_id, row.actor_name, row.actor_username),
    impersonator: user(row.impersonator_id, row.impersonator_name, row.impersonator_username),
    // The internal block is history of internal fields: only internal roles read its changes.
    changes: row.changes.filter((change) => internal || change.field !== 'internal'),
    created_at: row.created_at.toISOString(),
  }));
};

// ---------------------------------------------------------------------------------------------------------
// Create

/** The organization a campaign goes to: visible to the caller (campaign scope), not deleted; else 404. */
const targetOrganization = async (deps: Deps, scope: CampaignScope, id: string) => {
  const organization = await getOrganization(deps.db, scope.tenant, id);
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  if (
    scope.advertiserPaths !== null &&
    !scope.advertiserPaths.some((path) => organization.path.startsWith(path))
  ) {
    throw new AppError('NOT_FOUND');
  }
  return organization;
};

/** `POST /campaign`: a draft (state preview, draft rules) or a complete campaign (state inactive). */
export const createCampaign = async (
  deps: Deps,
  principal: Principal,
  body: TCampaignCreate,
): Promise<TCampaign> => {
  assertCanEdit(principal);
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
  const actor = actorOf(principal);
  return deps.db.transaction().execute(async (trx) => {
    const record = await insertCampaignWithHistory(trx, values, actor, today);
    return campaignNow(trx, record.id, principal, today);
  });
};

// ---------------------------------------------------------------------------------------------------------
// Update

const assertNotDeleted = (record: CampaignRecord): void => {
  if (record.state === 'deleted') throw invalidAt('state', CAMPAIGN_DELETED_MESSAGE);
};

/** `PUT /campaign/{id}`: the changes at the version last read (409 when stale), with the rules of §4 and §5. */
export const updateCampaignFields = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TCampaignUpdate,
): Promise<TCampaign> => {
  const { record, scope, today } = await visibleCampaign(deps, principal, id);
  assertCanEdit(principal);
  assertInternalAllowed(principal, body);
  if (body.version !== record.version) throw new AppError('STALE_VERSION');
  assertNotDeleted(record);
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
  let source: CampaignRecord | undefined;
  if (merged.type === 'synchronized' && merged.source_campaign !== null) {
    source = await findSource(deps, scope, merged.source_campaign, organizationId, record.id, today);
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
  const now = deps.clock.now();
  const actor = actorOf(principal);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await updateCampaignAtVersion(trx, record.id, version, values, now)))
      throw new AppError('STALE_VERSION');
    const next = await findCampaignById(trx, record.id, today);
    if (!next) throw new AppError('NOT_FOUND');
    const changed = diffFields(historyViewOf(record), historyViewOf(next));
    if (changed.length > 0) {
      const onlyState = changed.every((change) => change.field === 'state');
      const action = onlyState ? (state === 'active' ? 'activate' : 'deactivate') : 'update';
      await recordCampaignHistory(trx, record, action, actor, changed);
    }
    if (next.start_date !== record.start_date || next.end_date !== record.end_date) {
      await syncFollowerDates(trx, next, actor, today, now);
    }
    return campaignNow(trx, record.id, principal, today);
  });
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
  const { record, today } = await visibleCampaign(deps, principal, id);
  assertCanEdit(principal);
  if (body.version !== record.version) throw new AppError('STALE_VERSION');
  assertNotDeleted(record);
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
  const values: CampaignUpdate = {
    start_date: body.start_date,
    ...(resets ? { spend: '0', budget_reset_at: now } : {}),
  };
  return deps.db.transaction().execute(async (trx) => {
    if (!(await updateCampaignAtVersion(trx, record.id, body.version, values, now))) {
      throw new AppError('STALE_VERSION');
    }
    const next = await findCampaignById(trx, record.id, today);
    if (!next) throw new AppError('NOT_FOUND');
    const changed = diffFields(historyViewOf(record), historyViewOf(next));
    await recordCampaignHistory(
      trx,
      record,
      resets ? 'start_date_budget_reset' : 'start_date',
      actor,
      changed,
    );
    await syncFollowerDates(trx, next, actor, today, now);
    return campaignNow(trx, record.id, principal, today);
  });
};

// ---------------------------------------------------------------------------------------------------------
// Delete, bulk changes

/** Marks a campaign deleted (kept with its history) and stops its synchronized followers. */
const deleteRecord = async (
  db: Kysely<Database>,
  record: CampaignRecord,
  actor: HistoryActor,
  today: string,
  now: Date,
  action: string,
): Promise<void> => {
  await updateCampaign(db, record.id, { state: 'deleted', deleted_at: now }, now);
  await recordCampaignHistory(db, record, action, actor, [
    { field: 'state', from: record.state, to: 'deleted' },
  ]);
  await stopFollowers(db, record.id, actor, today, now);
};

/** `DELETE /campaign/{id}?version=N`: state deleted (the row and its history stay). */
export const deleteCampaign = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  const { record, today } = await visibleCampaign(deps, principal, id);
  assertCanEdit(principal);
  if (version !== record.version) throw new AppError('STALE_VERSION');
  assertNotDeleted(record);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (
      !(await updateCampaignAtVersion(trx, record.id, version, { state: 'deleted', deleted_at: now }, now))
    ) {
      throw new AppError('STALE_VERSION');
    }
    await recordCampaignHistory(trx, record, 'delete', actorOf(principal), [
      { field: 'state', from: record.state, to: 'deleted' },
    ]);
    await stopFollowers(trx, record.id, actorOf(principal), today, now);
  });
};

/** Why one campaign of a bulk change cannot take the state, or undefined when it can (or already has it). */
const bulkRefusal = (
  record: CampaignRecord,
  state: 'active' | 'inactive' | 'deleted',
): string | undefined => {
  if (record.state === state) return undefined;
  if (state === 'deleted') return undefined;
  const transition = campaignChangeIssues(
    {
      state: record.state,
      type: record.type,
      budget_timespan: record.budget_timespan,
      start_date: record.start_date,
      source_campaign: record.source_campaign_id === null ? null : Number(record.source_campaign_id),
    },
    { state },
    record.strategies_count,
  );
  if (transition.length > 0) return transition[0]?.message;
  if (!isCampaignComplete(valuesOf(campaignFieldsOf(record)), record.currency)) {
    return ACTIVATION_NEEDS_COMPLETE_MESSAGE;
  }
  return undefined;
};

/**
 * `PUT /campaigns`: one state change (active, inactive, deleted) on up to 500 campaigns, all or nothing. An id
 * the caller cannot see answers 404 naming it; a campaign that cannot take the state a 400 naming it; nothing
 * changes then. Campaigns already in the state are left as they are and not counted.
 */
export const bulkUpdateCampaigns = async (
  deps: Deps,
  principal: Principal,
  body: TCampaignsBulkUpdate,
): Promise<{ updated: number }> => {
  const scope = campaignScopeOf(principal);
  const today = todayOf(deps);
  const ids = body.ids.map(String);
  const records = await findCampaignsInScopeByIds(deps.db, scope, ids, today);
  const byId = new Map(records.map((record) => [record.id, record]));
  const missing: ErrorDetail[] = ids
    .map((id, index) => ({ id, index }))
    .filter(({ id }) => !byId.has(id))
    .map(({ id, index }) => ({ path: `ids.${index}`, message: `Campaign ${id} was not found` }));
  if (missing.length > 0) throw new AppError('NOT_FOUND', { details: missing });
  assertCanEdit(principal);
  const { state } = body.changes;
  const refused: ErrorDetail[] = [];
  ids.forEach((id, index) => {
    const record = byId.get(id);
    if (!record) return;
    if (record.state === 'deleted' && state !== 'deleted') {
      refused.push({
        path: `ids.${index}`,
        message: campaignStateTransitionMessage('Deleted', state === 'active' ? 'Active' : 'Inactive'),
      });
      return;
    }
    const refusal = bulkRefusal(record, state);
    if (refusal !== undefined) refused.push({ path: `ids.${index}`, message: `Campaign ${id}: ${refusal}` });
  });
  if (refused.length > 0) {
    throw new AppError('VALIDATION_FAILED', { message: refused[0]?.message, details: refused });
  }

  const now = deps.clock.now();
  const actor = actorOf(principal);
  return deps.db.transaction().execute(async (trx) => {
    let updated = 0;
    for (const id of ids) {
      const record = byId.get(id);
      if (!record || record.state === state) continue;
      if (state === 'deleted') {
        await deleteRecord(trx, record, actor, today, now, 'delete');
      } else {
        await updateCampaign(trx, record.id, { state }, now);
        await recordCampaignHistory(trx, record, state === 'active' ? 'activate' : 'deactivate', actor, [
          { field: 'state', from: record.state, to: state },
        ]);
      }
      updated += 1;
    }
    return { updated };
  });
};

// ---------------------------------------------------------------------------------------------------------
// Duplicate

/**
 * `POST /campaign/{id}/duplicate`: a new campaign with the same configuration, named "<name> (copy)" unless
 * named; state inactive when complete, else preview (a copy never starts active); spend starts at zero. A
 * synchronized link is copied as it is. With `with_strategies`, the live strategies are copied too.
 */
export const duplicateCampaign = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TCampaignDuplicate,
): Promise<TCampaign> => {
  const { record, today } = await visibleCampaign(deps, principal, id);
  assertCanEdit(principal);
  const fields: CampaignFields = {
    ...campaignFieldsOf(record),
    name: body.name ?? duplicateCampaignName(record.name),
  };
  const complete = isCampaignComplete(valuesOf(fields), record.currency);
  const values: NewCampaign = {
    ...columnsOf(fields, record.internal),
    organization_id: record.organization_id,
    name: fields.name,
    type: record.type,
    state: complete ? 'inactive' : 'preview',
    currency: record.currency,
    schedule: JSON.stringify(fields.schedule),
    targeting: JSON.stringify(fields.targeting),
    internal: JSON.stringify(record.internal),
  };
  const actor = actorOf(principal);
  return deps.db.transaction().execute(async (trx) => {
    const copy = await insertCampaignWithHistory(trx, values, actor, today, 'duplicate', [
      { field: 'duplicated_from', from: null, to: Number(record.id) },
    ]);
    if (body.with_strategies) {
      for (const strategy of await findLiveStrategies(trx, record.id)) {
        const view = toStrategyView(strategy);
        const strategyId = await insertStrategy(trx, {
          campaign_id: copy.id,
          name: strategy.name,
          state: strategy.state,
          start_date: strategy.start_date,
          end_date: strategy.end_date,
          location: JSON.stringify(view.location),
          schedule: JSON.stringify(view.schedule),
          targeting: JSON.stringify(view.targeting),
          bid: strategy.bid,
          budget_share: strategy.budget_share,
        });
        await recordHistory(trx, {
          entity: 'strategy',
          entityId: strategyId,
          organizationId: copy.organization_id,
          action: 'duplicate',
          actor,
          changes: [
            { field: 'duplicated_from', from: null, to: Number(strategy.id) },
            ...diffFields(null, { ...view, id: undefined, campaign: Number(copy.id), version: undefined }),
          ].filter((change) => change.to !== undefined),
        });
      }
      await refreshStrategyCounts(trx, copy.id);
    }
    return campaignNow(trx, copy.id, principal, today);
  });
};
