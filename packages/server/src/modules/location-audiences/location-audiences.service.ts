import { canEditAudiences, ORGANIZATION_ROLE_RESOURCES } from '@beacon/domain/access/permissions';
import { copyName, type THistoryEntry } from '@beacon/domain/api/history';
import { LOCATION_AUDIENCE_NAME_MAX_LENGTH } from '@beacon/domain/dictionary/location-audiences';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import {
  LOCATION_AUDIENCE_LIST_SPEC,
  locationAudienceDateIssues,
  type TLocationAudienceArea,
  type TLocationAudienceCreate,
  type TLocationAudienceDuplicate,
  type TLocationAudienceUpdate,
} from '@beacon/domain/validation/location-audience-form';
import {
  LOCATION_AUDIENCE_DELETED_MESSAGE,
  LOCATION_AUDIENCE_ORGANIZATION_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  assertCanEdit,
  historyOf,
  insertWithHistory,
  type ResourceKind,
  readable,
  softDelete,
  versionedWrite,
  writable,
} from '../../lib/resources';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import { actorOf, type HistoryActor } from '../history/history.service';
import { getOrganization } from '../organizations/organizations.service';
import {
  copyLocationAudienceAreas,
  deleteLocationAudienceAreas,
  findLocationAudienceAreas,
  findLocationAudienceInScope,
  insertLocationAudienceAreas,
  type LocationAudienceRecord,
  listLocationAudiencesInScope,
  locationAudienceListSourceOf,
} from './location-audiences.repo';
import type { TLocationAudience, TLocationAudienceRow } from './location-audiences.schemas';

/**
 * Location audiences (decision 017), on the shared resource shape (decision 039). Reads need §6 `resources-audiences` (the route declares it,
 * which also shuts out other-partner organizations); writes also need an edit role. A location audience
 * outside the caller's tenant scope answers 404 whatever the call. Every write records history (actor and
 * impersonator) in its own transaction; history keeps the fields and the number of areas, never the areas.
 */

const LOCATION_AUDIENCE: ResourceKind & { table: 'location_audiences' } = {
  entity: 'location_audience',
  table: 'location_audiences',
  canEdit: canEditAudiences,
  deletedMessage: LOCATION_AUDIENCE_DELETED_MESSAGE,
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

/** A location audience whatever the scope (to read a row back in the transaction that wrote it). */
const findLocationAudienceById = (
  db: Kysely<Database>,
  id: string,
): Promise<LocationAudienceRecord | undefined> => findLocationAudienceInScope(db, { kind: 'all' }, id);

const withAreas = async (
  db: Kysely<Database>,
  record: LocationAudienceRecord,
): Promise<TLocationAudience> => ({
  ...toLocationAudienceRow(record),
  areas: await findLocationAudienceAreas(db, record.id),
});

/** The location audience of a call in the caller's scope (the checks of `readable` or `writable` follow). */
const locationAudienceInScope = (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<LocationAudienceRecord | undefined> =>
  findLocationAudienceInScope(deps.db, scopeOf(principal), id);

/** A location audience the caller may see, else 404. */
const visibleLocationAudience = (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<LocationAudienceRecord> => readable(locationAudienceInScope(deps, principal, id));

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

/**
 * Writes a location audience, its areas and its `create` history (the service, the demo seed and test factories
 * use it).
 */
export const insertLocationAudienceWithHistory = (
  db: Kysely<Database>,
  values: NewLocationAudience,
  areas: readonly TLocationAudienceArea[],
  actor: HistoryActor,
): Promise<LocationAudienceRecord> =>
  insertWithHistory(db, LOCATION_AUDIENCE, actor, {
    insert: async (trx) => {
      const { time_range, ...fields } = values;
      const { id } = await trx
        .insertInto('location_audiences')
        .values({ ...fields, time_from: time_range.from, time_to: time_range.to, areas_count: areas.length })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertLocationAudienceAreas(trx, id, areas);
      return id;
    },
    reload: findLocationAudienceById,
    historyView: historyViewOf,
  });

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
): Promise<THistoryEntry[]> =>
  historyOf(deps.db, principal, LOCATION_AUDIENCE, (await visibleLocationAudience(deps, principal, id)).id);

// ---------------------------------------------------------------------------------------------------------
// Writes

/** `POST /location-audience`: in the caller's organization unless one in scope is named. */
export const createLocationAudience = async (
  deps: Deps,
  principal: Principal,
  body: TLocationAudienceCreate,
): Promise<TLocationAudience> => {
  assertCanEdit(LOCATION_AUDIENCE, principal);
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
  const before = await writable(
    LOCATION_AUDIENCE,
    principal,
    locationAudienceInScope(deps, principal, id),
    body.version,
  );
  const { version, areas, time_range, ...fields } = body;
  const dateIssues = locationAudienceDateIssues({
    start_date: fields.start_date ?? before.start_date,
    end_date: fields.end_date ?? before.end_date,
  });
  if (dateIssues.length > 0) throw invalid(dateIssues);
  const after = await versionedWrite(deps.db, LOCATION_AUDIENCE, actorOf(principal), {
    before,
    version,
    values: {
      ...fields,
      ...(time_range ? { time_from: time_range.from, time_to: time_range.to } : {}),
      ...(areas ? { areas_count: areas.length } : {}),
    },
    now: deps.clock.now(),
    alsoRun: areas
      ? async (trx) => {
          await deleteLocationAudienceAreas(trx, before.id);
          await insertLocationAudienceAreas(trx, before.id, areas);
        }
      : undefined,
    reload: findLocationAudienceById,
    historyView: historyViewOf,
    // Replaced areas are a change even when their number stays (history keeps the count, never the areas).
    extraChanges: (next) =>
      areas && next.areas_count === before.areas_count
        ? [{ field: 'areas_count', from: before.areas_count, to: next.areas_count }]
        : [],
  });
  return withAreas(deps.db, after);
};

/** `DELETE /location-audience/{id}?version=N`: state deleted, kept with its areas and history. */
export const deleteLocationAudience = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  const before = await writable(
    LOCATION_AUDIENCE,
    principal,
    locationAudienceInScope(deps, principal, id),
    version,
  );
  await softDelete(deps.db, LOCATION_AUDIENCE, actorOf(principal), before, version, deps.clock.now());
};

/** `POST /location-audience/{id}/duplicate`: a copy with every field and area, in the same organization. */
export const duplicateLocationAudience = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TLocationAudienceDuplicate,
): Promise<TLocationAudience> => {
  const source = await writable(LOCATION_AUDIENCE, principal, locationAudienceInScope(deps, principal, id));
  return deps.db.transaction().execute(async (trx) => {
    const copy = await insertWithHistory(trx, LOCATION_AUDIENCE, actorOf(principal), {
      insert: async (db) => {
        const { id: copyId } = await db
          .insertInto('location_audiences')
          .values({
            organization_id: source.organization_id,
            name: body.name ?? copyName(source.name, LOCATION_AUDIENCE_NAME_MAX_LENGTH),
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
        await copyLocationAudienceAreas(db, source.id, copyId);
        return copyId;
      },
      reload: findLocationAudienceById,
      historyView: historyViewOf,
      duplicatedFrom: source.id,
    });
    return withAreas(trx, copy);
  });
};
