import { canEditCreatives, isInternal } from '@beacon/domain/access/permissions';
import {
  CREATIVE_REPORT_COLUMN_LABELS,
  CREATIVE_REPORT_COLUMNS,
  CREATIVE_TYPE_LABELS,
  GOOGLE_APPROVAL_STATUS_LABELS,
  type GoogleApprovalStatus,
} from '@beacon/domain/dictionary/creatives';
import {
  type CampaignCreativeLinkState,
  CREATIVE_LIST_SPEC,
  CREATIVE_REVIEWED_FIELDS,
  creativeFieldIssues,
  creativeSizeIssues,
  duplicateCreativeName,
  type TCampaignCreativeLinks,
  type TCreativeCampaigns,
  type TCreativeCreate,
  type TCreativeDuplicate,
  type TCreativeIssue,
  type TCreativeReportQuery,
  type TCreativeUpdate,
  TECHNICAL_TYPE_OF,
  vastSourceIssues,
} from '@beacon/domain/validation/creative-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import {
  CAMPAIGN_DELETED_MESSAGE,
  CREATIVE_DELETED_MESSAGE,
  CREATIVE_REVIEW_STATE_MESSAGE,
  creativeApprovedAlert,
  creativeOrganizationMessage,
  creativeRejectedAlert,
  creativeRejectedLinkMessage,
  END_BEFORE_START_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { CreativeUpdate, Database, NewCreative } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toCsv } from '../../lib/csv';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import { visibleCampaign } from '../campaigns/campaigns.service';
import { actorOf, diffFields, type HistoryActor, recordHistory } from '../history/history.service';
import { getOrganization } from '../organizations/organizations.service';
import {
  type CreativeListRecord,
  type CreativeRecord,
  creativeListSource,
  deleteLinksOfCreative,
  findCampaignIdsLinkedTo,
  findCampaignsOfCreative,
  findCreativeById,
  findCreativeHistory,
  findCreativeInScope,
  findCreativesForReport,
  findCreativesOfCampaign,
  findLinks,
  findLiveCreativesInScope,
  insertCreative,
  insertCreativeAlerts,
  listCreativesInScope,
  refreshCampaignCreativeCounts,
  refreshCreativeCampaignCounts,
  setReviewState,
  updateCreativeAtVersion,
  upsertLinks,
} from './creatives.repo';
import type { TCampaignCreative, TCreative, TCreativeHistoryEntry, TCreativeRow } from './creatives.schemas';

/**
 * Creatives of issue 6 (decision 022). Reads need §6 `creative` or `creatives` (the routes declare which);
 * writes also need a role that edits creatives (canEditCreatives: the edit roles and the creative manager). A
 * creative belongs to an organization of the caller's tenant scope (404 otherwise, never 403). Every write
 * records history (actor and impersonator) in its own transaction; every change of a link or of a creative's
 * approval recounts the campaigns' creative columns in the same transaction (their delivery status reads them).
 */

const ENTITY = 'creative';

const invalid = (issues: readonly TCreativeIssue[]): AppError =>
  new AppError('VALIDATION_FAILED', {
    message: issues[0]?.message,
    details: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  });
const invalidAt = (path: string, message: string): AppError => invalid([{ path: [path], message }]);

const assertCanEdit = (principal: Principal): void => {
  if (!canEditCreatives(principal.role)) throw new AppError('FORBIDDEN');
};

/** The back office: internal roles of the operator's own organization (§6 backoffice is checked by the route). */
const assertOperatorStaff = (principal: Principal): void => {
  if (!principal.isOperatorStaff || !isInternal(principal.role)) throw new AppError('FORBIDDEN');
};

const assertLive = (record: CreativeRecord): void => {
  if (record.deleted_at !== null) throw invalidAt('state', CREATIVE_DELETED_MESSAGE);
};

// ---------------------------------------------------------------------------------------------------------
// Views

export const toCreativeRow = (record: CreativeListRecord): TCreativeRow => ({
  id: Number(record.id),
  name: record.name,
  type: record.type,
  technical_type: record.technical_type,
  state: record.state,
  organization: Number(record.organization_id),
  organization_name: record.organization_name,
  width: record.width,
  height: record.height,
  thumbnail_url: record.thumbnail_url,
  transcoding_status: record.transcoding_status,
  audit_status: record.audit_status,
  created_at: record.created_at.toISOString(),
  updated_at: record.updated_at.toISOString(),
  version: record.version,
  campaigns_count: record.campaigns_count,
});

const toCreativeView = (
  record: CreativeRecord,
  campaigns: readonly { id: string; name: string; link_state: CampaignCreativeLinkState }[],
): TCreative => ({
  ...toCreativeRow(record),
  rejection_reason: record.rejection_reason,
  google_status: record.google_status,
  google_rejected_reason: record.google_rejected_reason,
  appnexus_status: record.appnexus_status,
  appnexus_rejected_reason: record.appnexus_rejected_reason,
  validity: record.validity,
  click_url: record.click_url,
  impression_pixels: record.impression_pixels,
  event_pixels: record.event_pixels,
  html_markup: record.html_markup,
  vast_url: record.vast_url,
  vast_xml: record.vast_xml,
  language: record.language,
  attributes: record.attributes,
  boxing_allowed: record.boxing_allowed,
  tag_creation_mode: record.tag_creation_mode,
  native: record.native,
  asset: record.asset,
  companion: record.companion,
  renditions: record.renditions,
  deleted_at: record.deleted_at?.toISOString() ?? null,
  campaigns: campaigns.map((campaign) => ({
    id: Number(campaign.id),
    name: campaign.name,
    link_state: campaign.link_state,
  })),
});

/** The creative as answered, with its campaign links, read through `db` (a transaction's own writes too). */
const creativeView = async (db: Kysely<Database>, record: CreativeRecord): Promise<TCreative> =>
  toCreativeView(record, await findCampaignsOfCreative(db, record.id));

/** What history keeps of a creative: what it is and shows (never ids, versions or counts). */
const historyViewOf = (record: CreativeRecord): Record<string, unknown> => ({
  name: record.name,
  organization: Number(record.organization_id),
  type: record.type,
  state: record.state,
  audit_status: record.audit_status,
  rejection_reason: record.rejection_reason,
  click_url: record.click_url,
  impression_pixels: record.impression_pixels,
  event_pixels: record.event_pixels,
  html_markup: record.html_markup,
  vast_url: record.vast_url,
  vast_xml: record.vast_xml,
  language: record.language,
  width: record.width,
  height: record.height,
  attributes: record.attributes,
  boxing_allowed: record.boxing_allowed,
  native: record.native,
});

const recordCreativeHistory = (
  db: Kysely<Database>,
  record: Pick<CreativeRecord, 'id' | 'organization_id'>,
  action: string,
  actor: HistoryActor,
  changes: { field: string; from: unknown; to: unknown }[],
) =>
  recordHistory(db, {
    entity: ENTITY,
    entityId: record.id,
    organizationId: record.organization_id,
    action,
    actor,
    changes,
  });

const creativeNow = async (db: Kysely<Database>, id: string): Promise<CreativeRecord> => {
  const record = await findCreativeById(db, id);
  if (!record) throw new AppError('NOT_FOUND');
  return record;
};

/** Writes a creative and its `create` history (the service, the demo seed and tests use it). */
export const insertCreativeWithHistory = async (
  db: Kysely<Database>,
  values: NewCreative,
  actor: HistoryActor,
  action = 'create',
  extraChanges: { field: string; from: unknown; to: unknown }[] = [],
): Promise<CreativeRecord> => {
  const record = await creativeNow(db, await insertCreative(db, values));
  await recordCreativeHistory(db, record, action, actor, [
    ...extraChanges,
    ...diffFields(null, historyViewOf(record)),
  ]);
  return record;
};

// ---------------------------------------------------------------------------------------------------------
// Reads

/** A creative the caller may see, else 404. */
const visibleCreative = async (deps: Deps, principal: Principal, id: string): Promise<CreativeRecord> => {
  const record = await findCreativeInScope(deps.db, scopeOf(principal), id);
  if (!record) throw new AppError('NOT_FOUND');
  return record;
};

export const listVisibleCreatives = async (
  deps: Deps,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TCreativeRow[]; total: number }> => {
  const { rows, total } = await listCreativesInScope(
    deps.db,
    scopeOf(principal),
    list,
    creativeListSource(CREATIVE_LIST_SPEC),
  );
  return { rows: rows.map(toCreativeRow), total };
};

/**
 * `GET /campaign/{id}/linkable-creatives`: the creatives a campaign's picker offers — those the caller sees that
 * the campaign may link (its organization's or an ancestor's, not rejected) and has not linked yet.
 */
export const listLinkableCreatives = async (
  deps: Deps,
  principal: Principal,
  campaignId: string,
  list: ListQuery,
): Promise<{ rows: TCreativeRow[]; total: number }> => {
  const { record: campaign } = await visibleCampaign(deps, principal, campaignId);
  const { rows, total } = await listCreativesInScope(
    deps.db,
    scopeOf(principal),
    list,
    creativeListSource(CREATIVE_LIST_SPEC),
    { campaignId: campaign.id, organizationPath: campaign.organization_path },
  );
  return { rows: rows.map(toCreativeRow), total };
};

/** The back office's approval queue: every organization; pending approval unless `state` is filtered. */
export const listReviewQueue = async (
  deps: Deps,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TCreativeRow[]; total: number }> => {
  assertOperatorStaff(principal);
  const hasStateFilter = list.filters.some((filter) => filter.field === 'state');
  const query: ListQuery = hasStateFilter
    ? list
    : {
        ...list,
        filters: [...list.filters, { field: 'state', operator: 'is', value: 'pending-approval' }],
      };
  const { rows, total } = await listCreativesInScope(
    deps.db,
    { kind: 'all' },
    query,
    creativeListSource(CREATIVE_LIST_SPEC),
  );
  return { rows: rows.map(toCreativeRow), total };
};

export const getCreative = async (deps: Deps, principal: Principal, id: string): Promise<TCreative> =>
  creativeView(deps.db, await visibleCreative(deps, principal, id));

export const creativeHistory = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<TCreativeHistoryEntry[]> => {
  const record = await visibleCreative(deps, principal, id);
  const user = (userId: string | null, name: string | null, username: string | null) =>
    userId === null || name === null || username === null ? null : { id: Number(userId), name, username };
  return (await findCreativeHistory(deps.db, record.id)).map((row) => ({
    id: Number(row.id),
    action: row.action,
    actor: user(row.actor_id, row.actor_name, row.actor_username),
    impersonator: user(row.impersonator_id, row.impersonator_name, row.impersonator_username),
    changes: row.changes,
    created_at: row.created_at.toISOString(),
  }));
};

// ---------------------------------------------------------------------------------------------------------
// Writes

/** The organization a creative goes to: in the caller's scope and not deleted (404 otherwise). */
const targetOrganization = async (deps: Deps, scope: TenantScope, id: string) => {
  const organization = await getOrganization(deps.db, scope, id);
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  return organization;
};

const json = (value: unknown): string => JSON.stringify(value);

/** The columns of a new creative from a create body (the type's fields only; others stay empty). */
const columnsOfCreate = (body: TCreativeCreate): Omit<NewCreative, 'organization_id'> => {
  const common = {
    name: body.name,
    type: body.type,
    technical_type: TECHNICAL_TYPE_OF[body.type],
    language: body.language,
    attributes: json(body.attributes),
    impression_pixels: json(body.impression_pixels),
    event_pixels: json({}),
  };
  switch (body.type) {
    case 'image':
      return { ...common, click_url: body.click_url, boxing_allowed: body.boxing_allowed };
    case 'tag':
    case 'rich_media':
      return {
        ...common,
        click_url: body.click_url,
        html_markup: body.html_markup,
        width: body.width,
        height: body.height,
        tag_creation_mode: body.type === 'tag' ? 'single' : null,
      };
    case 'video':
      return { ...common, click_url: body.click_url, event_pixels: json(body.event_pixels) };
    case 'external_video':
      return {
        ...common,
        event_pixels: json(body.event_pixels),
        vast_url: body.vast_url,
        vast_xml: body.vast_xml,
      };
    case 'native':
      return {
        ...common,
        click_url: body.click_url,
        native: json({ ...body.native, main_image_url: null, icon_url: null }),
      };
    case 'audio':
      return { ...common, click_url: body.click_url, event_pixels: json(body.event_pixels) };
  }
};

/** `POST /creative`: in the caller's organization unless another one in scope is named; pending approval. */
export const createCreative = async (
  deps: Deps,
  principal: Principal,
  body: TCreativeCreate,
  options: {
    tagCreationMode?: 'bulk';
    /** More writes of the same creation, in its transaction (its files: creative-files.service.ts). */
    afterInsert?: (trx: Kysely<Database>, record: CreativeRecord) => Promise<void>;
  } = {},
): Promise<TCreative> => {
  assertCanEdit(principal);
  const organization = await targetOrganization(
    deps,
    scopeOf(principal),
    String(body.organization ?? principal.organizationId),
  );
  if (body.type === 'external_video') {
    const problem = await deps.checkVastSource({ vast_url: body.vast_url, vast_xml: body.vast_xml });
    if (problem) throw invalidAt(problem.path, problem.message);
  }
  const values: NewCreative = {
    organization_id: organization.id,
    ...columnsOfCreate(body),
    ...(options.tagCreationMode ? { tag_creation_mode: options.tagCreationMode } : {}),
  };
  return deps.db.transaction().execute(async (trx) => {
    const record = await insertCreativeWithHistory(trx, values, actorOf(principal));
    if (!options.afterInsert) return creativeView(trx, record);
    await options.afterInsert(trx, record);
    return creativeView(trx, (await findCreativeById(trx, record.id)) ?? record);
  });
};

/** JSON with object keys sorted: jsonb keeps its own key order, so plain JSON text would differ for equal values. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

/** A reviewed field's stored value as a PUT would send it (the native texts without the uploaded images). */
const reviewedValueOf = (record: CreativeRecord, field: string): unknown => {
  if (field !== 'native') return historyViewOf(record)[field];
  if (record.native === null) return null;
  const { title, description, call_to_action, sponsored_by } = record.native;
  return { title, description, call_to_action, sponsored_by };
};

/**
 * Recounts the creative columns of the campaigns linked to these creatives (their delivery status reads them).
 * Any write that changes a creative's state or deletion calls it in the same transaction (e.g. an upload that
 * sends the creative back to review).
 */
export const refreshLinkedCampaignCounts = async (
  db: Kysely<Database>,
  creativeIds: readonly string[],
): Promise<void> => refreshCampaignCreativeCounts(db, await findCampaignIdsLinkedTo(db, creativeIds));

/** The columns a PUT changes. */
const columnsOfUpdate = (changes: Omit<TCreativeUpdate, 'version'>): CreativeUpdate => {
  const values: CreativeUpdate = {};
  if (changes.name !== undefined) values.name = changes.name;
  if (changes.language !== undefined) values.language = changes.language;
  if (changes.attributes !== undefined) values.attributes = json(changes.attributes);
  if (changes.click_url !== undefined) values.click_url = changes.click_url;
  if (changes.impression_pixels !== undefined) values.impression_pixels = json(changes.impression_pixels);
  if (changes.event_pixels !== undefined) values.event_pixels = json(changes.event_pixels);
  if (changes.html_markup !== undefined) values.html_markup = changes.html_markup;
  if (changes.width !== undefined) values.width = changes.width;
  if (changes.height !== undefined) values.height = changes.height;
  if (changes.vast_url !== undefined) values.vast_url = changes.vast_url;
  if (changes.vast_xml !== undefined) values.vast_xml = changes.vast_xml;
  if (changes.boxing_allowed !== undefined) values.boxing_allowed = changes.boxing_allowed;
  return values;
};

/**
 * `PUT /creative/{id}`: the changes at the version last read (409 when stale). Fields of another type are
 * refused; the merged size and VAST source are checked. A change of anything reviewed (all but the name) puts
 * the creative back to pending approval, and the campaigns it is linked to are recounted.
 */
export const updateCreative = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TCreativeUpdate,
): Promise<TCreative> => {
  const record = await visibleCreative(deps, principal, id);
  assertCanEdit(principal);
  if (body.version !== record.version) throw new AppError('STALE_VERSION');
  assertLive(record);
  const { version, ...changes } = body;
  const issues = [
    ...creativeFieldIssues(record.type, changes),
    ...(record.type === 'tag' || record.type === 'rich_media'
      ? creativeSizeIssues({
          width: changes.width ?? record.width ?? undefined,
          height: changes.height ?? record.height ?? undefined,
        })
      : []),
    ...(record.type === 'external_video'
      ? vastSourceIssues({
          vast_url: changes.vast_url === undefined ? record.vast_url : changes.vast_url,
          vast_xml: changes.vast_xml === undefined ? record.vast_xml : changes.vast_xml,
        })
      : []),
  ];
  if (issues.length > 0) throw invalid(issues);
  const source = {
    vast_url: changes.vast_url === undefined ? record.vast_url : changes.vast_url,
    vast_xml: changes.vast_xml === undefined ? record.vast_xml : changes.vast_xml,
  };
  if (
    record.type === 'external_video' &&
    (source.vast_url !== record.vast_url || source.vast_xml !== record.vast_xml)
  ) {
    const problem = await deps.checkVastSource(source);
    if (problem) throw invalidAt(problem.path, problem.message);
  }
  const values = columnsOfUpdate(changes);
  if (changes.native !== undefined) {
    values.native = json({
      ...changes.native,
      main_image_url: record.native?.main_image_url ?? null,
      icon_url: record.native?.icon_url ?? null,
    });
  }
  const reviewed: readonly string[] = CREATIVE_REVIEWED_FIELDS;
  const before = historyViewOf(record);
  const contentChanged = Object.entries(changes).some(
    ([field, value]) =>
      value !== undefined &&
      reviewed.includes(field) &&
      canonical(value) !== canonical(reviewedValueOf(record, field)),
  );
  if (contentChanged && record.state !== 'pending-approval') {
    Object.assign(values, { state: 'pending-approval', audit_status: 'pending', rejection_reason: null });
  }
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await updateCreativeAtVersion(trx, record.id, version, values, now))) {
      throw new AppError('STALE_VERSION');
    }
    const next = await creativeNow(trx, record.id);
    if (next.state !== record.state) await refreshLinkedCampaignCounts(trx, [record.id]);
    const changed = diffFields(before, historyViewOf(next));
    if (changed.length > 0) await recordCreativeHistory(trx, record, 'update', actorOf(principal), changed);
    return creativeView(trx, next);
  });
};

/** `DELETE /creative/{id}?version=N`: deleted_at set (row and history stay); its links become deleted. */
export const deleteCreative = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  const record = await visibleCreative(deps, principal, id);
  assertCanEdit(principal);
  if (version !== record.version) throw new AppError('STALE_VERSION');
  assertLive(record);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updateCreativeAtVersion(trx, record.id, version, { deleted_at: now }, now))) {
      throw new AppError('STALE_VERSION');
    }
    const campaignIds = await deleteLinksOfCreative(trx, record.id, now);
    await refreshCreativeCampaignCounts(trx, [record.id]);
    await refreshCampaignCreativeCounts(trx, campaignIds);
    await recordCreativeHistory(trx, record, 'delete', actorOf(principal), [
      { field: 'deleted', from: false, to: true },
    ]);
  });
};

/**
 * `POST /creative/{id}/duplicate`: a copy pending approval (it has not been reviewed), named "<name> (copy)"
 * unless named, in the same organization unless another one in scope is named. Files are shared (stored files
 * never change); links are not copied.
 */
export const duplicateCreative = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TCreativeDuplicate,
): Promise<TCreative> => {
  const record = await visibleCreative(deps, principal, id);
  assertCanEdit(principal);
  assertLive(record);
  const organizationId =
    body.organization === undefined
      ? record.organization_id
      : (await targetOrganization(deps, scopeOf(principal), String(body.organization))).id;
  const values: NewCreative = {
    organization_id: organizationId,
    name: body.name ?? duplicateCreativeName(record.name),
    type: record.type,
    technical_type: record.technical_type,
    validity: record.validity,
    click_url: record.click_url,
    impression_pixels: json(record.impression_pixels),
    event_pixels: json(record.event_pixels),
    html_markup: record.html_markup,
    vast_url: record.vast_url,
    vast_xml: record.vast_xml,
    language: record.language,
    width: record.width,
    height: record.height,
    attributes: json(record.attributes),
    boxing_allowed: record.boxing_allowed,
    tag_creation_mode: record.tag_creation_mode,
    native: record.native === null ? null : json(record.native),
    asset: record.asset === null ? null : json(record.asset),
    companion: record.companion === null ? null : json(record.companion),
    transcoding_status: record.transcoding_status,
    renditions: record.renditions === null ? null : json(record.renditions),
    thumbnail_url: record.thumbnail_url,
  };
  return deps.db
    .transaction()
    .execute(async (trx) =>
      creativeView(
        trx,
        await insertCreativeWithHistory(trx, values, actorOf(principal), 'duplicate', [
          { field: 'duplicated_from', from: null, to: Number(record.id) },
        ]),
      ),
    );
};

// ---------------------------------------------------------------------------------------------------------
// Campaign links

/** A creative may serve a campaign of its own organization or of a descendant (its path is a prefix). */
const mayServe = (creative: Pick<CreativeRecord, 'organization_path'>, campaignPath: string): boolean =>
  campaignPath.startsWith(creative.organization_path);

const toCampaignCreative = (
  row: Awaited<ReturnType<typeof findCreativesOfCampaign>>[number],
): TCampaignCreative => ({
  ...toCreativeRow(row),
  link_state: row.link_state,
  linked_at: row.linked_at.toISOString(),
});

/** `GET /campaign/{id}/creatives`: the live creatives linked to a campaign the caller may see. */
export const campaignCreatives = async (
  deps: Deps,
  principal: Principal,
  campaignId: string,
): Promise<TCampaignCreative[]> => {
  const { record } = await visibleCampaign(deps, principal, campaignId);
  return (await findCreativesOfCampaign(deps.db, record.id)).map(toCampaignCreative);
};

/**
 * `PUT /campaign/{id}/creatives`: sets the state of the listed links (a new link for a creative not linked
 * yet), all or nothing: every creative must be visible, live, and of the campaign's organization or an
 * ancestor. History records the change on each creative.
 */
export const editCampaignCreatives = async (
  deps: Deps,
  principal: Principal,
  campaignId: string,
  body: TCampaignCreativeLinks,
): Promise<TCampaignCreative[]> => {
  const { record: campaign } = await visibleCampaign(deps, principal, campaignId);
  assertCanEdit(principal);
  if (campaign.state === 'deleted') throw invalidAt('campaign', CAMPAIGN_DELETED_MESSAGE);
  const ids = body.links.map((link) => String(link.creative_id));
  const creatives = new Map(
    (await findLiveCreativesInScope(deps.db, scopeOf(principal), ids)).map((creative) => [
      creative.id,
      creative,
    ]),
  );
  const issues: TCreativeIssue[] = [];
  body.links.forEach((link, index) => {
    const creative = creatives.get(String(link.creative_id));
    if (!creative) throw new AppError('NOT_FOUND');
    const path = ['links', index, 'creative_id'];
    if (!mayServe(creative, campaign.organization_path)) {
      issues.push({ path, message: creativeOrganizationMessage(creative.name) });
    } else if (creative.state === 'rejected' && link.state === 'active') {
      // A rejected creative never serves; an existing link may still be paused or removed.
      issues.push({ path, message: creativeRejectedLinkMessage(creative.name) });
    }
  });
  if (issues.length > 0) throw invalid(issues);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = new Map(
      (await findLinks(trx, campaign.id, ids)).map((link) => [link.creative_id, link.state]),
    );
    const changed = body.links.filter((link) => before.get(String(link.creative_id)) !== link.state);
    await upsertLinks(
      trx,
      changed.map((link) => ({
        campaignId: campaign.id,
        creativeId: String(link.creative_id),
        state: link.state,
      })),
      now,
    );
    for (const link of changed) {
      const creative = creatives.get(String(link.creative_id));
      if (!creative) continue;
      await recordCreativeHistory(trx, creative, 'link', actorOf(principal), [
        { field: `campaign ${campaign.id}`, from: before.get(creative.id) ?? null, to: link.state },
      ]);
    }
    await refreshCreativeCampaignCounts(
      trx,
      changed.map((link) => String(link.creative_id)),
    );
    await refreshCampaignCreativeCounts(trx, [campaign.id]);
    return (await findCreativesOfCampaign(trx, campaign.id)).map(toCampaignCreative);
  });
};

/** `POST /creative/{id}/campaigns`: links the creative (active) to campaigns the caller may see; all or nothing. */
export const linkCreativeToCampaigns = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TCreativeCampaigns,
): Promise<TCreative> => {
  const creative = await visibleCreative(deps, principal, id);
  assertCanEdit(principal);
  assertLive(creative);
  const campaigns: { id: string; organization_path: string }[] = [];
  const issues: TCreativeIssue[] = [];
  for (const [index, campaignId] of body.campaign_ids.entries()) {
    const { record } = await visibleCampaign(deps, principal, String(campaignId));
    if (record.state === 'deleted')
      issues.push({ path: ['campaign_ids', index], message: CAMPAIGN_DELETED_MESSAGE });
    else if (!mayServe(creative, record.organization_path)) {
      issues.push({ path: ['campaign_ids', index], message: creativeOrganizationMessage(creative.name) });
    } else if (creative.state === 'rejected') {
      issues.push({ path: ['campaign_ids', index], message: creativeRejectedLinkMessage(creative.name) });
    }
    campaigns.push(record);
  }
  if (issues.length > 0) throw invalid(issues);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const changes: { field: string; from: unknown; to: unknown }[] = [];
    for (const campaign of campaigns) {
      const [before] = await findLinks(trx, campaign.id, [creative.id]);
      if (before?.state === 'active') continue;
      changes.push({ field: `campaign ${campaign.id}`, from: before?.state ?? null, to: 'active' });
    }
    await upsertLinks(
      trx,
      campaigns.map((campaign) => ({
        campaignId: campaign.id,
        creativeId: creative.id,
        state: 'active' as const,
      })),
      now,
    );
    if (changes.length > 0) await recordCreativeHistory(trx, creative, 'link', actorOf(principal), changes);
    await refreshCreativeCampaignCounts(trx, [creative.id]);
    await refreshCampaignCreativeCounts(
      trx,
      campaigns.map((campaign) => campaign.id),
    );
    return creativeView(trx, await creativeNow(trx, creative.id));
  });
};

// ---------------------------------------------------------------------------------------------------------
// Back office: approval

type Review = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * Approves or rejects creatives pending approval, all or nothing: each must exist, be live and be pending
 * (400 otherwise). Raises the creative alert for each organization, records history and recounts the linked
 * campaigns in the same transaction.
 */
const review = async (
  deps: Deps,
  principal: Principal,
  ids: readonly string[],
  outcome: Review,
): Promise<TCreative[]> => {
  assertOperatorStaff(principal);
  const found = new Map(
    (await findLiveCreativesInScope(deps.db, { kind: 'all' }, ids)).map((record) => [record.id, record]),
  );
  const records = ids.map((id) => {
    const record = found.get(id);
    if (!record) throw new AppError('NOT_FOUND');
    return record;
  });
  const notPending = records.findIndex((record) => record.state !== 'pending-approval');
  if (notPending >= 0) {
    throw invalid([
      { path: ids.length > 1 ? ['ids', notPending] : ['state'], message: CREATIVE_REVIEW_STATE_MESSAGE },
    ]);
  }
  const values: CreativeUpdate =
    outcome.kind === 'approve'
      ? { state: 'active', audit_status: 'audited', rejection_reason: null }
      : { state: 'rejected', audit_status: 'rejected', rejection_reason: outcome.reason };
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const changed = await setReviewState(trx, ids, 'pending-approval', values, now);
    if (changed.length !== ids.length) throw new AppError('STALE_VERSION');
    const views: TCreative[] = [];
    for (const record of records) {
      const next = await creativeNow(trx, record.id);
      await recordCreativeHistory(
        trx,
        record,
        outcome.kind,
        actorOf(principal),
        diffFields(historyViewOf(record), historyViewOf(next)),
      );
      views.push(await creativeView(trx, next));
    }
    await insertCreativeAlerts(
      trx,
      records.map((record) => ({
        organization_id: record.organization_id,
        type: outcome.kind === 'approve' ? 'creative_approved' : 'creative_rejected',
        entity_id: record.id,
        message:
          outcome.kind === 'approve'
            ? creativeApprovedAlert(record.name)
            : creativeRejectedAlert(record.name, outcome.reason),
      })),
    );
    await refreshLinkedCampaignCounts(trx, ids);
    return views;
  });
};

export const approveCreatives = (deps: Deps, principal: Principal, ids: readonly number[]) =>
  review(deps, principal, ids.map(String), { kind: 'approve' });

export const rejectCreatives = (deps: Deps, principal: Principal, ids: readonly number[], reason: string) =>
  review(deps, principal, ids.map(String), { kind: 'reject', reason });

// ---------------------------------------------------------------------------------------------------------
// Report

export const CREATIVE_REPORT_FILENAME = 'creatives.csv';

const googleSummary = (status: GoogleApprovalStatus | null): string =>
  status === null ? '' : GOOGLE_APPROVAL_STATUS_LABELS[status];

/**
 * `GET /creatives/report.csv`: the creatives of the caller's scope created on the days asked (UTC,
 * inclusive), one line each with the columns of §3 (labels as header; day and month of creation).
 */
export const creativeReportCsv = async (
  deps: Deps,
  principal: Principal,
  query: TCreativeReportQuery,
): Promise<string> => {
  if (query.to < query.from) throw invalidAt('to', END_BEFORE_START_MESSAGE);
  const rows = await findCreativesForReport(deps.db, scopeOf(principal), query.from, query.to);
  const cells = rows.map((row) => {
    const byColumn = {
      day: row.day,
      month: row.month,
      organization: row.organization,
      type: CREATIVE_TYPE_LABELS[row.type],
      name: row.name,
      id: row.id,
      state: row.state,
      appnexus_status: row.appnexus_status,
      google_summary: googleSummary(row.google_status),
      rejection_reason: row.rejection_reason,
      google_rejected_reason: row.google_rejected_reason,
      appnexus_rejected_reason: row.appnexus_rejected_reason,
    };
    return CREATIVE_REPORT_COLUMNS.map((column) => byColumn[column]);
  });
  return toCsv(
    CREATIVE_REPORT_COLUMNS.map((column) => CREATIVE_REPORT_COLUMN_LABELS[column]),
    cells,
  );
};

/** Writes links and recounts both sides, without checks or history (the demo seed's links). */
export const writeCampaignLinks = async (
  db: Kysely<Database>,
  links: readonly { campaignId: string; creativeId: string; state: CampaignCreativeLinkState }[],
  now: Date,
): Promise<void> => {
  await upsertLinks(db, links, now);
  await refreshCreativeCampaignCounts(db, [...new Set(links.map((link) => link.creativeId))]);
  await refreshCampaignCreativeCounts(db, [...new Set(links.map((link) => link.campaignId))]);
};
