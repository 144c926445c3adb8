import { copyName, type THistoryEntry } from '@beacon/domain/api/history';
import {
  CREATIVE_LIST_SPEC,
  CREATIVE_NAME_MAX_LENGTH,
  CREATIVE_REVIEWED_FIELDS,
  creativeFieldIssues,
  creativeSizeIssues,
  type TCreativeCreate,
  type TCreativeDuplicate,
  type TCreativeIssue,
  type TCreativeUpdate,
  TECHNICAL_TYPE_OF,
  vastSourceIssues,
} from '@beacon/domain/validation/creative-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import type { Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { CreativeUpdate, Database, NewCreative } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCanEdit, historyOf, readable, softDelete, versionedWrite } from '../../lib/resources';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import { actorOf } from '../history/history.service';
import { getOrganization } from '../organizations/organizations.service';
import { refreshCampaignCreativeCounts, refreshLinkedCampaignCounts } from './creatives.links';
import {
  type CreativeRecord,
  creativeListSource,
  deleteLinksOfCreative,
  findCreativeById,
  listCreativesInScope,
  refreshCreativeCampaignCounts,
} from './creatives.repo';
import {
  CREATIVE,
  creativeView,
  historyViewOf,
  insertCreativeWithHistory,
  toCreativeRow,
  visibleCreative,
  writableCreative,
} from './creatives.resource';
import type { TCreative, TCreativeRow } from './creatives.schemas';

/**
 * Creatives (decision 022) on the shared resource shape (decision 039): the library's reads and a creative's own
 * writes (create, change, delete, duplicate). Reads need §6 `creative` or `creatives` (the routes declare
 * which); writes also need a role that edits creatives. Every call checks in one order: 404 outside the
 * caller's tenant scope, 403 without the edit right, 409 `DELETED` for a deleted creative, 409 `STALE_VERSION`
 * for a version other than the one read. Every write records history in its own transaction. Campaign links
 * are creatives.links.ts, the back office's approval creatives.approval.ts, files creative-files.service.ts.
 */

const invalid = (issues: readonly TCreativeIssue[]): AppError =>
  new AppError('VALIDATION_FAILED', {
    message: issues[0]?.message,
    details: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  });
const invalidAt = (path: string, message: string): AppError => invalid([{ path: [path], message }]);

// ---------------------------------------------------------------------------------------------------------
// Reads

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

export const getCreative = async (deps: Deps, principal: Principal, id: string): Promise<TCreative> =>
  creativeView(deps.db, await visibleCreative(deps, principal, id));

export const creativeHistory = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<THistoryEntry[]> =>
  historyOf(deps.db, principal, CREATIVE, (await visibleCreative(deps, principal, id)).id);

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
  assertCanEdit(CREATIVE, principal);
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
    return creativeView(trx, await readable(findCreativeById(trx, record.id)));
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
  const record = await writableCreative(deps, principal, id, body.version);
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
  const contentChanged = Object.entries(changes).some(
    ([field, value]) =>
      value !== undefined &&
      reviewed.includes(field) &&
      canonical(value) !== canonical(reviewedValueOf(record, field)),
  );
  const backToReview = contentChanged && record.state !== 'pending-approval';
  if (backToReview) {
    Object.assign(values, { state: 'pending-approval', audit_status: 'pending', rejection_reason: null });
  }
  const next = await versionedWrite(deps.db, CREATIVE, actorOf(principal), {
    before: record,
    version,
    values,
    now: deps.clock.now(),
    alsoRun: async (trx) => {
      if (backToReview) await refreshLinkedCampaignCounts(trx, [record.id]);
    },
    reload: findCreativeById,
    historyView: historyViewOf,
  });
  return creativeView(deps.db, next);
};

/**
 * `DELETE /creative/{id}?version=N`: deleted_at set (row and history stay); its links become deleted. A
 * creative has no deleted state (its state is its review), so this is `softDelete` without the state: the
 * version bump at the version read, and history records `deleted`.
 */
export const deleteCreative = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  const record = await writableCreative(deps, principal, id, version);
  const now = deps.clock.now();
  // A creative has no deleted state: its delete sets `deleted_at` and drops its links in the same transaction.
  await softDelete(deps.db, CREATIVE, actorOf(principal), record, version, now, {
    deletedState: null,
    alsoRun: async (trx) => {
      const campaignIds = await deleteLinksOfCreative(trx, record.id, now);
      await refreshCreativeCampaignCounts(trx, [record.id]);
      await refreshCampaignCreativeCounts(trx, campaignIds);
    },
  });
};

/**
 * `POST /creative/{id}/duplicate`: a copy pending approval (it has not been reviewed), named "<name> (copy)"
 * unless named, in the same organization unless another one in scope is named. Files are shared (stored files
 * never change); links are not copied. A deleted creative is not copied (409 `DELETED`); the copy's history
 * names its original in `duplicated_from`.
 */
export const duplicateCreative = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TCreativeDuplicate,
): Promise<TCreative> => {
  const record = await writableCreative(deps, principal, id);
  const organizationId =
    body.organization === undefined
      ? record.organization_id
      : (await targetOrganization(deps, scopeOf(principal), String(body.organization))).id;
  const values: NewCreative = {
    organization_id: organizationId,
    name: body.name ?? copyName(record.name, CREATIVE_NAME_MAX_LENGTH),
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
      creativeView(trx, await insertCreativeWithHistory(trx, values, actorOf(principal), record.id)),
    );
};
