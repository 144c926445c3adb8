import { canEdit } from '@beacon/domain/access/permissions';
import { copyName, type THistoryEntry } from '@beacon/domain/api/history';
import type { TGeolistArea, TGeolistParseResult } from '@beacon/domain/validation/geolist';
import {
  GEOLIST_LIST_SPEC,
  GEOLIST_NAME_MAX_LENGTH,
  type TGeolistAreasReplace,
  type TGeolistCreate,
  type TGeolistDuplicate,
  type TGeolistUpdate,
} from '@beacon/domain/validation/geolist-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { GEOLIST_DELETED_MESSAGE, GEOLIST_FILE_REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import type { Insertable, Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database, GeolistTable, HistoryChange } from '../../db/schema';
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
import {
  assertCurrentSet,
  insertWithStagedRows,
  type StagedRowSource,
  versionedWriteWithStagedRows,
} from '../../lib/staged-sets';
import { scopeOf } from '../../lib/tenant-scope';
import { unknownPlaceIssues } from '../campaigns/places-check';
import { actorOf, type HistoryActor } from '../history/history.service';
import { getOrganization } from '../organizations/organizations.service';
import {
  copyGeolistAreaPage,
  findGeolistAreas,
  findGeolistById,
  findGeolistInScope,
  type GeolistRecord,
  geolistListSourceOf,
  insertGeolistAreas,
  listGeolistsInScope,
} from './geolists.repo';
import type { TGeolist, TGeolistRow } from './geolists.schemas';

/**
 * Geolists (decision 015), on the shared resource shape (decision 039). Reads need §6 `resources-geolists` (the
 * route declares it, which also shuts out data-partner and other-partner organizations); writes also need an
 * edit role. A geolist outside the caller's tenant scope answers 404 whatever the call and whoever asks. Every
 * write records history (actor and impersonator) in its own transaction; an uploaded file is read and every
 * row checked before anything is written, so a rejected file stores nothing.
 */

/** An uploaded geolist file as the routes hand it over: its name and what the domain's reader made of it. */
export type GeolistFile = { filename: string; result: TGeolistParseResult };

const GEOLIST: ResourceKind & { table: 'geolists' } = {
  entity: 'geolist',
  table: 'geolists',
  canEdit,
  deletedMessage: GEOLIST_DELETED_MESSAGE,
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
const historyViewOf = (record: GeolistRecord) => ({
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

const withAreas = async (db: Kysely<Database>, record: GeolistRecord): Promise<TGeolist> => ({
  ...toGeolistRow(record),
  areas: (await findGeolistAreas(db, record.id)).map((area) => ({ ...area, name: area.name ?? null })),
});

/** A geolist the caller may see, else 404. */
const visibleGeolist = (deps: Deps, principal: Principal, id: string): Promise<GeolistRecord> =>
  readable(findGeolistInScope(deps.db, scopeOf(principal), id));

/** A geolist the caller may change (decision 039's order: 404, 403, 409 deleted, 409 stale). */
const writableGeolist = (deps: Deps, principal: Principal, id: string, version?: number) =>
  writable(GEOLIST, principal, findGeolistInScope(deps.db, scopeOf(principal), id), version);

/**
 * Writes a geolist, a few areas and its `create` history in the caller's transaction (the demo seed, tests):
 * the areas go to the geolist's first set, 0, as a geolist created without areas has.
 */
export const insertGeolistWithHistory = (
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
): Promise<GeolistRecord> =>
  insertWithHistory(db, GEOLIST, actor, {
    insert: async (trx) => {
      const { id } = await trx
        .insertInto('geolists')
        .values({ ...values, areas_count: areas.length })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertGeolistAreas(trx, { geolistId: id, setId: '0' }, areas);
      return id;
    },
    reload: findGeolistById,
    historyView: historyViewOf,
  });

/**
 * The areas of a new set (decision 033, lib/staged-sets.ts): areas checked in memory, or a copy of another
 * geolist's current set (duplicate), page by page in the order of their positions.
 */
const areaRows = (
  source: { areas: readonly TGeolistArea[] } | { copyOf: GeolistRecord },
): StagedRowSource<TGeolistArea, number> =>
  'areas' in source
    ? {
        add: source.areas,
        insert: (db, to, batch, written) =>
          insertGeolistAreas(db, { geolistId: to.parentId, setId: to.setId }, batch, written),
      }
    : {
        copyPage: (db, to, after, size) =>
          copyGeolistAreaPage(
            db,
            { geolistId: source.copyOf.id, setId: source.copyOf.area_set },
            { geolistId: to.parentId, setId: to.setId },
            after,
            size,
          ),
      };

/**
 * A geolist's areas replaced at the version read: the new set is staged, then made current with the version
 * bump and the history entry of `write`, the old set discarded for the cleanup job.
 */
const replaceAreasAtVersion = async (
  deps: Deps,
  principal: Principal,
  before: GeolistRecord,
  version: number,
  areas: readonly TGeolistArea[],
  write: {
    values: Record<string, unknown>;
    action: string;
    historyView: (record: GeolistRecord) => Record<string, unknown>;
    extraChanges: (after: GeolistRecord) => HistoryChange[];
  },
): Promise<TGeolistRow> =>
  toGeolistRow(
    await versionedWriteWithStagedRows(
      deps,
      'geolist_areas',
      areaRows({ areas }),
      GEOLIST,
      actorOf(principal),
      {
        ...write,
        before,
        version,
        previousSetId: before.area_set,
        reload: findGeolistById,
      },
    ),
  );

/**
 * A new geolist whose areas are staged first (create, duplicate): its row appears with them and its `create`
 * (or `duplicate`) history in one short transaction. A copy is of one moment only: when the original's areas
 * were replaced while they were copied, the answer is 409.
 */
const insertWithAreas = (
  deps: Deps,
  principal: Principal,
  rows: StagedRowSource<TGeolistArea, number>,
  values: Omit<Insertable<GeolistTable>, 'id' | 'areas_count' | 'area_set'>,
  original?: GeolistRecord,
): Promise<GeolistRecord> =>
  insertWithStagedRows(deps, 'geolist_areas', rows, async (trx, geolistId, setId, count) => {
    if (original) await assertCurrentSet(trx, 'geolist_areas', original.id, original.area_set);
    return insertWithHistory(trx, GEOLIST, actorOf(principal), {
      insert: async (db) => {
        await db
          .insertInto('geolists')
          .values({ ...values, id: geolistId, areas_count: count, area_set: setId })
          .execute();
        return geolistId;
      },
      reload: findGeolistById,
      historyView: historyViewOf,
      duplicatedFrom: original?.id,
    });
  });

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

export const getGeolist = async (deps: Deps, principal: Principal, id: string): Promise<TGeolist> =>
  withAreas(deps.db, await visibleGeolist(deps, principal, id));

export const geolistHistory = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<THistoryEntry[]> =>
  historyOf(deps.db, principal, GEOLIST, (await visibleGeolist(deps, principal, id)).id);

// ---------------------------------------------------------------------------------------------------------
// Writes

/** `POST /geolist`: areas from the uploaded file when there is one, else from `areas` (or none yet). */
export const createGeolist = async (
  deps: Deps,
  principal: Principal,
  body: TGeolistCreate,
  file: GeolistFile | undefined,
): Promise<TGeolistRow> => {
  assertCanEdit(GEOLIST, principal);
  const organization = await getOrganization(
    deps.db,
    scopeOf(principal),
    String(body.organization ?? principal.organizationId),
  );
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  await assertKnownPlaces(body);
  const areas = file ? areasOfFile(file) : (body.areas ?? []);
  const { organization: _organization, areas: _areas, ...fields } = body;
  const created = await insertWithAreas(deps, principal, areaRows({ areas }), {
    ...fields,
    organization_id: organization.id,
  });
  return toGeolistRow(created);
};

/** `PUT /geolist/{id}`: fields (and the areas when `areas` is sent) at the version read. */
export const updateGeolist = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TGeolistUpdate,
): Promise<TGeolistRow> => {
  const { version, areas, ...fields } = body;
  const before = await writableGeolist(deps, principal, id, version);
  await assertKnownPlaces(body);
  if (areas) {
    return replaceAreasAtVersion(deps, principal, before, version, areas, {
      values: fields,
      action: 'update',
      historyView: historyViewOf,
      extraChanges: (after) => [{ field: 'areas', from: before.areas_count, to: after.areas_count }],
    });
  }
  const after = await versionedWrite(deps.db, GEOLIST, actorOf(principal), {
    before,
    version,
    values: fields,
    now: deps.clock.now(),
    reload: findGeolistById,
    historyView: historyViewOf,
  });
  return toGeolistRow(after);
};

/** `PUT /geolist/{id}/areas`: the areas of an uploaded file (or `areas`) replace the geolist's. */
export const replaceGeolistAreas = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TGeolistAreasReplace,
  file: GeolistFile | undefined,
): Promise<TGeolistRow> => {
  // Known stale (or deleted) before the file is looked at or a single area written.
  const before = await writableGeolist(deps, principal, id, body.version);
  const areas = file ? areasOfFile(file) : body.areas;
  if (!areas) {
    throw new AppError('VALIDATION_FAILED', {
      message: GEOLIST_FILE_REQUIRED_MESSAGE,
      details: [{ path: 'file', message: GEOLIST_FILE_REQUIRED_MESSAGE }],
    });
  }
  return replaceAreasAtVersion(deps, principal, before, body.version, areas, {
    values: {},
    action: 'areas',
    // The entry names the areas and the file, not the count again.
    historyView: () => ({}),
    extraChanges: (after) => [
      { field: 'areas', from: before.areas_count, to: after.areas_count },
      ...(file ? [{ field: 'file', from: null, to: file.filename }] : []),
    ],
  });
};

/** `DELETE /geolist/{id}?version=N`: state deleted, kept with its areas and history. */
export const deleteGeolist = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  const before = await writableGeolist(deps, principal, id, version);
  await softDelete(deps.db, GEOLIST, actorOf(principal), before, version, deps.clock.now());
};

/**
 * `POST /geolist/{id}/duplicate`: a copy with every field and area, in the same organization, named
 * "<name> (copy)" unless named. The areas are copied page by page; if the original's areas were replaced
 * meanwhile the copy would not be of one moment, and the answer is 409.
 */
export const duplicateGeolist = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TGeolistDuplicate,
): Promise<TGeolistRow> => {
  const original = await writableGeolist(deps, principal, id);
  const copy = await insertWithAreas(
    deps,
    principal,
    areaRows({ copyOf: original }),
    {
      organization_id: original.organization_id,
      name: body.name ?? copyName(original.name, GEOLIST_NAME_MAX_LENGTH),
      country: original.country,
      region: original.region,
      city: original.city,
      radius: original.radius,
      precision: original.precision,
    },
    original,
  );
  return toGeolistRow(copy);
};
