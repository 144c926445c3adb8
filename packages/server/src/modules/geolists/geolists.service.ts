import { canEdit } from '@beacon/domain/access/permissions';
import type { TGeolistArea, TGeolistParseResult } from '@beacon/domain/validation/geolist';
import {
  duplicateGeolistName,
  GEOLIST_LIST_SPEC,
  type TGeolistAreasReplace,
  type TGeolistCreate,
  type TGeolistDuplicate,
  type TGeolistUpdate,
} from '@beacon/domain/validation/geolist-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { GEOLIST_FILE_REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { type Kysely, sql } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database, GeolistTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  createBatchSizer,
  promoteSet,
  reserveParentId,
  timedBatch,
  withStagedSet,
} from '../../lib/staged-sets';
import { scopeOf } from '../../lib/tenant-scope';
import { unknownPlaceIssues } from '../campaigns/places-check';
import { actorOf, diffFields, type HistoryActor, recordHistory } from '../history/history.service';
import { getOrganization } from '../organizations/organizations.service';
import {
  type AreaSet,
  copyGeolistAreaPage,
  findGeolistAreas,
  findGeolistHistory,
  findGeolistInScope,
  type GeolistRecord,
  geolistListSourceOf,
  insertGeolistAreas,
  listGeolistsInScope,
} from './geolists.repo';
import type { TGeolist, TGeolistHistoryEntry, TGeolistRow } from './geolists.schemas';

/**
 * Geolists of issue 7 (decision 015). Reads need §6 `resources-geolists` (the route declares it, which also
 * shuts out data-partner and other-partner organizations); writes also need an edit role. A geolist outside
 * the caller's tenant scope answers 404 whatever the call. Every write records history (actor and
 * impersonator) in its own transaction; an uploaded file is read and every row checked before anything is
 * written, so a rejected file stores nothing.
 */

/** An uploaded geolist file as the routes hand it over: its name and what the domain's reader made of it. */
export type GeolistFile = { filename: string; result: TGeolistParseResult };

const assertCanEdit = (principal: Principal): void => {
  if (!canEdit(principal.role)) throw new AppError('FORBIDDEN');
};

/**
 * The areas of an uploaded file, or a 400 with the file-level message (§8: invalid file, empty file, invalid
 * CSV, wrong areas), `file_error` naming the case, and one detail per bad line (`path: file.<line>`, `line`).
 */
export const areasOfFile = (file: GeolistFile): TGeolistArea[] => {
  const { result } = file;
  if (result.ok) return result.areas;
  const lines = result.lines ?? [];
  const details = [
    { path: 'file', message: result.message },
    ...lines.map((line) => ({ path: `file.${line.line}`, line: line.line, message: line.message })),
  ];
  throw new AppError('VALIDATION_FAILED', {
    message: result.message,
    details,
    extra: { file_error: result.error },
  });
};

/** Region and city ids must be ones the dictionary answers (the domain checks their shape only). */
const assertKnownPlaces = async (place: { region?: string | null; city?: string | null }): Promise<void> => {
  const issues = await unknownPlaceIssues(
    { regions: place.region ? [place.region] : [], cities: place.city ? [place.city] : [] },
    [],
  );
  if (issues.length === 0) return;
  const details = issues.map((issue) => ({
    path: issue.path[0] === 'regions' ? 'region' : 'city',
    message: issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', { message: details[0]?.message, details });
};

const iso = (date: Date): string => date.toISOString();

export const toGeolistRow = (record: GeolistRecord): TGeolistRow => ({
  id: Number(record.id),
  organization: Number(record.organization_id),
  organization_name: record.organization_name,
  name: record.name,
  country: record.country,
  region: record.region,
  city: record.city,
  radius: record.radius,
  precision: record.precision,
  state: record.state,
  areas_count: record.areas_count,
  version: record.version,
  created_at: iso(record.created_at),
  updated_at: iso(record.updated_at),
});

/** What history keeps of a geolist: its fields and how many areas it has (never the areas themselves). */
const historyViewOf = (record: Pick<GeolistRecord, keyof GeolistTable>) => ({
  organization: Number(record.organization_id),
  name: record.name,
  country: record.country,
  region: record.region,
  city: record.city,
  radius: record.radius,
  precision: record.precision,
  state: record.state,
  areas_count: record.areas_count,
});

const geolistNow = async (db: Kysely<Database>, scope: ReturnType<typeof scopeOf>, id: string) => {
  const record = await findGeolistInScope(db, scope, id);
  if (!record) throw new AppError('NOT_FOUND');
  return record;
};

const withAreas = async (db: Kysely<Database>, record: GeolistRecord): Promise<TGeolist> => ({
  ...toGeolistRow(record),
  areas: (await findGeolistAreas(db, record.id)).map((area) => ({ ...area, name: area.name ?? null })),
});

/** A geolist the caller may see, else 404. */
const visibleGeolist = async (deps: Deps, principal: Principal, id: string) => {
  const scope = scopeOf(principal);
  const record = await findGeolistInScope(deps.db, scope, id);
  if (!record) throw new AppError('NOT_FOUND');
  return { record, scope };
};

const record = async (
  db: Kysely<Database>,
  geolist: Pick<GeolistRecord, 'id' | 'organization_id'>,
  action: string,
  actor: HistoryActor,
  changes: { field: string; from: unknown; to: unknown }[],
): Promise<void> => {
  await recordHistory(db, {
    entity: 'geolist',
    entityId: geolist.id,
    organizationId: geolist.organization_id,
    action,
    actor,
    changes,
  });
};

/**
 * Writes a geolist, a few areas and its `create` history in the caller's transaction (the demo seed): the
 * areas go to the geolist's first set, 0, as a geolist created without areas has.
 */
export const insertGeolistWithHistory = async (
  db: Kysely<Database>,
  values: {
    organization_id: string;
    name: string;
    country?: string | null;
    region?: string | null;
    city?: string | null;
    radius?: number;
    precision?: 'standard' | 'high';
  },
  areas: readonly TGeolistArea[],
  actor: HistoryActor,
  action = 'create',
): Promise<GeolistRecord> => {
  const { id } = await db
    .insertInto('geolists')
    .values({ ...values, areas_count: areas.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertGeolistAreas(db, { geolistId: id, setId: '0' }, areas);
  const created = await geolistNow(db, { kind: 'all' }, id);
  await record(db, created, action, actor, diffFields(null, historyViewOf(created)));
  return created;
};

/** Bumps the version of a geolist read at `version`; false when someone changed it since. */
const updateAtVersion = async (
  db: Kysely<Database>,
  id: string,
  version: number,
  values: Partial<{
    name: string;
    country: string | null;
    region: string | null;
    city: string | null;
    radius: number;
    precision: 'standard' | 'high';
    state: 'active' | 'deleted';
    areas_count: number;
    area_set: string;
    deleted_at: Date;
  }>,
  now: Date,
): Promise<boolean> => {
  const result = await db
    .updateTable('geolists')
    .set({ ...values, updated_at: now, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('state', '<>', 'deleted')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
};

const assertLive = (geolist: GeolistRecord): void => {
  // A deleted geolist keeps its history; a write on it is as stale as a write at an old version.
  if (geolist.state === 'deleted') throw new AppError('STALE_VERSION');
};

/** What a new set of areas is made of: areas checked in memory, or a copy of another set (duplicate). */
type StagedAreas = { areas: readonly TGeolistArea[] } | { copyOf: AreaSet };

/**
 * Writes a new, invisible set of a geolist's areas (decision 033), one short statement per batch sized to about
 * BATCH_TARGET_MS so other requests get the database between batches; `publish(set, count)` then makes it
 * visible in one short transaction. A failed write or publish discards the set for the cleanup job.
 */
const withStagedAreas = <T>(
  deps: Deps,
  geolistId: string,
  source: StagedAreas,
  publish: (set: AreaSet, count: number) => Promise<T>,
): Promise<T> =>
  withStagedSet(
    deps,
    'geolist_areas',
    geolistId,
    async (setId) => {
      const set: AreaSet = { geolistId, setId };
      const sizer = createBatchSizer();
      if ('areas' in source) {
        for (let start = 0; start < source.areas.length; ) {
          const batch = source.areas.slice(start, start + sizer.size);
          const first = start;
          start += batch.length;
          await timedBatch(sizer, batch.length, () => insertGeolistAreas(deps.db, set, batch, first));
        }
        return source.areas.length;
      }
      let count = 0;
      let after = 0;
      for (;;) {
        const size = sizer.size;
        const from = after;
        const page = await timedBatch(sizer, size, () =>
          copyGeolistAreaPage(deps.db, source.copyOf, set, from, size),
        );
        count += page.copied;
        if (page.copied < size) return count;
        after = page.last;
      }
    },
    (setId, count) => publish({ geolistId, setId }, count),
  );

// ---------------------------------------------------------------------------------------------------------
// Reads

export const listVisibleGeolists = async (
  deps: Deps,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TGeolistRow[]; total: number }> => {
  const withDeleted = list.filters.some((filter) => filter.field === 'state');
  const { rows, total } = await listGeolistsInScope(
    deps.db,
    scopeOf(principal),
    list,
    geolistListSourceOf(GEOLIST_LIST_SPEC),
    withDeleted,
  );
  return { rows: rows.map(toGeolistRow), total };
};

export const getGeolist = async (deps: Deps, principal: Principal, id: string): Promise<TGeolist> => {
  const { record: geolist } = await visibleGeolist(deps, principal, id);
  return withAreas(deps.db, geolist);
};

export const geolistHistory = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<TGeolistHistoryEntry[]> => {
  const { record: geolist } = await visibleGeolist(deps, principal, id);
  const rows = await findGeolistHistory(deps.db, geolist.id);
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

/** `POST /geolist`: areas from the uploaded file when there is one, else from `areas` (or none yet). */
export const createGeolist = async (
  deps: Deps,
  principal: Principal,
  body: TGeolistCreate,
  file: GeolistFile | undefined,
): Promise<TGeolistRow> => {
  assertCanEdit(principal);
  const scope = scopeOf(principal);
  const organization = await getOrganization(
    deps.db,
    scope,
    String(body.organization ?? principal.organizationId),
  );
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  await assertKnownPlaces(body);
  const areas = file ? areasOfFile(file) : (body.areas ?? []);
  const { organization: _organization, areas: _areas, ...fields } = body;
  // The areas are staged under an id reserved for the geolist, whose row appears with them (decision 033).
  const geolistId = await reserveParentId(deps.db, 'geolists');
  return withStagedAreas(deps, geolistId, { areas }, (set, count) =>
    deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('geolists')
        .values({
          ...fields,
          id: geolistId,
          organization_id: organization.id,
          areas_count: count,
          area_set: set.setId,
        })
        .execute();
      await promoteSet(trx, deps.clock, 'geolist_areas', geolistId, set.setId, null);
      const created = await geolistNow(trx, { kind: 'all' }, geolistId);
      await record(trx, created, 'create', actorOf(principal), diffFields(null, historyViewOf(created)));
      return toGeolistRow(created);
    }),
  );
};

/** `PUT /geolist/{id}`: fields (and the areas when `areas` is sent) at the version read. */
export const updateGeolist = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TGeolistUpdate,
): Promise<TGeolistRow> => {
  assertCanEdit(principal);
  const { record: before, scope } = await visibleGeolist(deps, principal, id);
  assertLive(before);
  await assertKnownPlaces(body);
  const { version, areas, ...fields } = body;
  const publish = (set: AreaSet | null) =>
    deps.db.transaction().execute(async (trx) => {
      const values = {
        ...fields,
        ...(areas && set ? { areas_count: areas.length, area_set: set.setId } : {}),
      };
      if (!(await updateAtVersion(trx, before.id, version, values, deps.clock.now()))) {
        throw new AppError('STALE_VERSION');
      }
      if (set) await promoteSet(trx, deps.clock, 'geolist_areas', before.id, set.setId, before.area_set);
      const after = await geolistNow(trx, scope, before.id);
      const changes = diffFields(historyViewOf(before), historyViewOf(after));
      if (areas) changes.push({ field: 'areas', from: before.areas_count, to: after.areas_count });
      await record(trx, after, 'update', actorOf(principal), changes);
      return toGeolistRow(after);
    });
  if (!areas) return publish(null);
  if (before.version !== version) throw new AppError('STALE_VERSION');
  return withStagedAreas(deps, before.id, { areas }, (set) => publish(set));
};

/** `PUT /geolist/{id}/areas`: the areas of an uploaded file (or `areas`) replace the geolist's. */
export const replaceGeolistAreas = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TGeolistAreasReplace,
  file: GeolistFile | undefined,
): Promise<TGeolistRow> => {
  assertCanEdit(principal);
  const { record: before, scope } = await visibleGeolist(deps, principal, id);
  assertLive(before);
  const areas = file ? areasOfFile(file) : body.areas;
  if (!areas) {
    throw new AppError('VALIDATION_FAILED', {
      message: GEOLIST_FILE_REQUIRED_MESSAGE,
      details: [{ path: 'file', message: GEOLIST_FILE_REQUIRED_MESSAGE }],
    });
  }
  // Known stale before a single area is written.
  if (before.version !== body.version) throw new AppError('STALE_VERSION');
  return withStagedAreas(deps, before.id, { areas }, (set, count) =>
    deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now();
      const values = { areas_count: count, area_set: set.setId };
      if (!(await updateAtVersion(trx, before.id, body.version, values, now))) {
        throw new AppError('STALE_VERSION');
      }
      await promoteSet(trx, deps.clock, 'geolist_areas', before.id, set.setId, before.area_set);
      const after = await geolistNow(trx, scope, before.id);
      await record(trx, after, 'areas', actorOf(principal), [
        { field: 'areas', from: before.areas_count, to: after.areas_count },
        ...(file ? [{ field: 'file', from: null, to: file.filename }] : []),
      ]);
      return toGeolistRow(after);
    }),
  );
};

/** `DELETE /geolist/{id}?version=N`: state deleted, kept with its areas and history. */
export const deleteGeolist = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  assertCanEdit(principal);
  const { record: before } = await visibleGeolist(deps, principal, id);
  assertLive(before);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    if (!(await updateAtVersion(trx, before.id, version, { state: 'deleted', deleted_at: now }, now))) {
      throw new AppError('STALE_VERSION');
    }
    await record(trx, before, 'delete', actorOf(principal), [
      { field: 'state', from: before.state, to: 'deleted' },
    ]);
  });
};

/** `POST /geolist/{id}/duplicate`: a copy with every field and area, in the same organization. */
export const duplicateGeolist = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TGeolistDuplicate,
): Promise<TGeolistRow> => {
  assertCanEdit(principal);
  const { record: source } = await visibleGeolist(deps, principal, id);
  assertLive(source);
  const actor = actorOf(principal);
  const copyOf: AreaSet = { geolistId: source.id, setId: source.area_set };
  const copyId = await reserveParentId(deps.db, 'geolists');
  return withStagedAreas(deps, copyId, { copyOf }, (set, count) =>
    deps.db.transaction().execute(async (trx) => {
      // The source's areas were replaced while they were copied: the copy would not be of one moment.
      const now = await trx
        .selectFrom('geolists')
        .select('area_set')
        .where('id', '=', source.id)
        .executeTakeFirst();
      if (now?.area_set !== source.area_set) throw new AppError('STALE_VERSION');
      await trx
        .insertInto('geolists')
        .values({
          id: copyId,
          organization_id: source.organization_id,
          name: body.name ?? duplicateGeolistName(source.name),
          country: source.country,
          region: source.region,
          city: source.city,
          radius: source.radius,
          precision: source.precision,
          areas_count: count,
          area_set: set.setId,
        })
        .execute();
      await promoteSet(trx, deps.clock, 'geolist_areas', copyId, set.setId, null);
      const copy = await geolistNow(trx, { kind: 'all' }, copyId);
      await record(trx, copy, 'duplicate', actor, [
        { field: 'source', from: null, to: Number(source.id) },
        ...diffFields(null, historyViewOf(copy)),
      ]);
      return toGeolistRow(copy);
    }),
  );
};
