import { canEditAudiences, ORGANIZATION_ROLE_RESOURCES } from '@beacon/domain/access/permissions';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import {
  duplicateLocationAudienceName,
  LOCATION_AUDIENCE_LIST_SPEC,
  locationAudienceDateIssues,
  type TLocationAudienceArea,
  type TLocationAudienceCreate,
  type TLocationAudienceDuplicate,
  type TLocationAudienceUpdate,
} from '@beacon/domain/validation/location-audience-form';
import { LOCATION_AUDIENCE_ORGANIZATION_MESSAGE } from '@beacon/domain/validation/messages';
import { type Kysely, sql } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import { actorOf, diffFields, type HistoryActor, recordHistory } from '../history/history.service';
import { getOrganization } from '../organizations/organizations.service';
import {
  copyLocationAudienceAreas,
  deleteLocationAudienceAreas,
  findLocationAudienceAreas,
  findLocationAudienceHistory,
  findLocationAudienceInScope,
  insertLocationAudienceAreas,
  type LocationAudienceRecord,
  listLocationAudiencesInScope,
  locationAudienceListSourceOf,
} from './location-audiences.repo';
import type {
  TLocationAudience,
  TLocationAudienceHistoryEntry,
  TLocationAudienceRow,
} from './location-audiences.schemas';

/**
 * Location audiences of issue 7 (decision 017). Reads need §6 `resources-audiences` (the route declares it,
 * which also shuts out other-partner organizations); writes also need an edit role. A location audience
 * outside the caller's tenant scope answers 404 whatever the call. Every write records history (actor and
 * impersonator) in its own transaction; history keeps the fields and the number of areas, never the areas.
 */

const ENTITY = 'location_audience';

const assertCanEdit = (principal: Principal): void => {
  if (!canEditAudiences(principal.role)) throw new AppError('FORBIDDEN');
};

const invalid = (details: { path: string[]; message: string }[]): AppError =>
  new AppError('VALIDATION_FAILED', {
    message: details[0]?.message,
    details: details.map((detail) => ({ path: detail.path.join('.'), message: detail.message })),
  });

export const toLocationAudienceRow = (record: LocationAudienceRecord): TLocationAudienceRow => ({
  id: Number(record.id),
  organization: Number(record.organization_id),
  organization_name: record.organization_name,
  name: record.name,
  start_date: record.start_date,
  end_date: record.end_date,
  max_users: record.max_users,
  time_range: { from: record.time_from, to: record.time_to },
  timezone: record.timezone,
  precision: record.precision,
  state: record.state,
  areas_count: record.areas_count,
  version: record.version,
  created_at: record.created_at.toISOString(),
  updated_at: record.updated_at.toISOString(),
});

/** What history keeps of a location audience: its fields and how many areas it has. */
const historyViewOf = (record: LocationAudienceRecord) => ({
  organization: Number(record.organization_id),
  name: record.name,
  start_date: record.start_date,
  end_date: record.end_date,
  max_users: record.max_users,
  time_range: `${record.time_from}-${record.time_to}`,
  timezone: record.timezone,
  precision: record.precision,
  state: record.state,
  areas_count: record.areas_count,
});

const locationAudienceNow = async (db: Kysely<Database>, id: string): Promise<LocationAudienceRecord> => {
  const found = await findLocationAudienceInScope(db, { kind: 'all' }, id);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
};

const withAreas = async (
  db: Kysely<Database>,
  record: LocationAudienceRecord,
): Promise<TLocationAudience> => ({
  ...toLocationAudienceRow(record),
  areas: await findLocationAudienceAreas(db, record.id),
});

/** A location audience the caller may see, else 404. */
const visibleLocationAudience = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<LocationAudienceRecord> => {
  const found = await findLocationAudienceInScope(deps.db, scopeOf(principal), id);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
};

const recordChange = async (
  db: Kysely<Database>,
  audience: Pick<LocationAudienceRecord, 'id' | 'organization_id'>,
  action: string,
  actor: HistoryActor,
  changes: { field: string; from: unknown; to: unknown }[],
): Promise<void> => {
  await recordHistory(db, {
    entity: ENTITY,
    entityId: audience.id,
    organizationId: audience.organization_id,
    action,
    actor,
    changes,
  });
};

/** A deleted location audience keeps its history; a write on it is as stale as one at an old version. */
const assertLive = (audience: LocationAudienceRecord): void => {
  if (audience.state === 'deleted') throw new AppError('STALE_VERSION');
};

/** The organization a new location audience goes to: in scope, not deleted, allowed audiences by its role. */
const targetOrganization = async (deps: Deps, scope: TenantScope, id: string) => {
  const organization = await getOrganization(deps.db, scope, id);
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  const resources: readonly string[] = ORGANIZATION_ROLE_RESOURCES[organization.role];
  if (!resources.includes('resources-audiences')) {
    throw invalid([{ path: ['organization'], message: LOCATION_AUDIENCE_ORGANIZATION_MESSAGE }]);
  }
  return organization;
};

export type NewLocationAudience = {
  organization_id: string;
  name: string;
  start_date: string;
  end_date: string;
  max_users: number;
  time_range: { from: string; to: string };
  timezone: string;
  precision: 'standard' | 'high';
};

/** Writes a location audience, its areas and its `create` history (the service and the demo seed use it). */
export const insertLocationAudienceWithHistory = async (
  db: Kysely<Database>,
  values: NewLocationAudience,
  areas: readonly TLocationAudienceArea[],
  actor: HistoryActor,
): Promise<LocationAudienceRecord> => {
  const { time_range, ...fields } = values;
  const { id } = await db
    .insertInto('location_audiences')
    .values({ ...fields, time_from: time_range.from, time_to: time_range.to, areas_count: areas.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLocationAudienceAreas(db, id, areas);
  const created = await locationAudienceNow(db, id);
  await recordChange(db, created, 'create', actor, diffFields(null, historyViewOf(created)));
  return created;
};

// ---------------------------------------------------------------------------------------------------------
// Reads

export const listVisibleLocationAudiences = async (
  deps: Deps,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TLocationAudienceRow[]; total: number }> => {
  const withDeleted = list.filters.some((filter) => filter.field === 'state');
  const { rows, total } = await listLocationAudiencesInScope(
    deps.db,
    scopeOf(principal),
    list,
    locationAudienceListSourceOf(LOCATION_AUDIENCE_LIST_SPEC),
    withDeleted,
  );
  return { rows: rows.map(toLocationAudienceRow), total };
};

export const getLocationAudience = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<TLocationAudience> => withAreas(deps.db, await visibleLocationAudience(deps, principal, id));

export const locationAudienceHistory = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<TLocationAudienceHistoryEntry[]> => {
  const audience = await visibleLocationAudience(deps, principal, id);
  const rows = await findLocationAudienceHistory(deps.db, audience.id);
  const user = (userId: string | null, name: string | null, username: string | null) =>
    userId === null || name === null || username === null ? null : { id: Number(userId), name, username };
  return rows.map((row) => ({
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

/** `POST /location-audience`: in the caller's organization unless one in scope is named. */
export const createLocationAudience = async (
  deps: Deps,
  principal: Principal,
  body: TLocationAudienceCreate,
): Promise<TLocationAudience> => {
  assertCanEdit(principal);
  const scope = scopeOf(principal);
  const organization = await targetOrganization(
    deps,
    scope,
    String(body.organization ?? principal.organizationId),
  );
  const { organization: _organization, areas, ...fields } = body;
  return deps.db.transaction().execute(async (trx) => {
    const created = await insertLocationAudienceWithHistory(
      trx,
      { ...fields, organization_id: organization.id },
      areas,
      actorOf(principal),
    );
    return withAreas(trx, created);
  });
};

/** `PUT /location-audience/{id}`: the fields sent (areas replace all) at the version read. */
export const updateLocationAudience = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TLocationAudienceUpdate,
): Promise<TLocationAudience> => {
  // Outside the scope is 404 whoever asks, as for reads; inside it a role without edit rights gets 403.
  const before = await visibleLocationAudience(deps, principal, id);
  assertCanEdit(principal);
  assertLive(before);
  const { version, areas, time_range, ...fields } = body;
  const dateIssues = locationAudienceDateIssues({
    start_date: fields.start_date ?? before.start_date,
    end_date: fields.end_date ?? before.end_date,
  });
  if (dateIssues.length > 0) throw invalid(dateIssues);
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const result = await trx
      .updateTable('location_audiences')
      .set({
        ...fields,
        ...(time_range ? { time_from: time_range.from, time_to: time_range.to } : {}),
        ...(areas ? { areas_count: areas.length } : {}),
        updated_at: now,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', before.id)
      .where('version', '=', version)
      .where('state', '<>', 'deleted')
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new AppError('STALE_VERSION');
    if (areas) {
      await deleteLocationAudienceAreas(trx, before.id);
      await insertLocationAudienceAreas(trx, before.id, areas);
    }
    const after = await locationAudienceNow(trx, before.id);
    const changes = diffFields(historyViewOf(before), historyViewOf(after));
    if (areas && !changes.some((change) => change.field === 'areas_count')) {
      changes.push({ field: 'areas_count', from: before.areas_count, to: after.areas_count });
    }
    await recordChange(trx, after, 'update', actorOf(principal), changes);
    return withAreas(trx, after);
  });
};

/** `DELETE /location-audience/{id}?version=N`: state deleted, kept with its areas and history. */
export const deleteLocationAudience = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  // Outside the scope is 404 whoever asks, as for reads; inside it a role without edit rights gets 403.
  const before = await visibleLocationAudience(deps, principal, id);
  assertCanEdit(principal);
  assertLive(before);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const result = await trx
      .updateTable('location_audiences')
      .set({ state: 'deleted', deleted_at: now, updated_at: now, version: sql<number>`version + 1` })
      .where('id', '=', before.id)
      .where('version', '=', version)
      .where('state', '<>', 'deleted')
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new AppError('STALE_VERSION');
    await recordChange(trx, before, 'delete', actorOf(principal), [
      { field: 'state', from: before.state, to: 'deleted' },
    ]);
  });
};

/** `POST /location-audience/{id}/duplicate`: a copy with every field and area, in the same organization. */
export const duplicateLocationAudience = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TLocationAudienceDuplicate,
): Promise<TLocationAudience> => {
  // Outside the scope is 404 whoever asks, as for reads; inside it a role without edit rights gets 403.
  const source = await visibleLocationAudience(deps, principal, id);
  assertCanEdit(principal);
  assertLive(source);
  return deps.db.transaction().execute(async (trx) => {
    const { id: copyId } = await trx
      .insertInto('location_audiences')
      .values({
        organization_id: source.organization_id,
        name: body.name ?? duplicateLocationAudienceName(source.name),
        start_date: source.start_date,
        end_date: source.end_date,
        max_users: source.max_users,
        time_from: source.time_from,
        time_to: source.time_to,
        timezone: source.timezone,
        precision: source.precision,
        areas_count: source.areas_count,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await copyLocationAudienceAreas(trx, source.id, copyId);
    const copy = await locationAudienceNow(trx, copyId);
    await recordChange(trx, copy, 'duplicate', actorOf(principal), [
      { field: 'source', from: null, to: Number(source.id) },
      ...diffFields(null, historyViewOf(copy)),
    ]);
    return withAreas(trx, copy);
  });
};
