import type { TGeolistArea } from '@beacon/domain/validation/geolist';
import type { GEOLIST_LIST_SPEC } from '@beacon/domain/validation/geolist-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, GeolistTable } from '../../db/schema';
import { type ListSource, listPage } from '../../lib/list-query';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

type GeolistTables = Database & { g: Database['geolists']; o: Database['organizations'] };
type GeolistFrom = 'g' | 'o';

export type GeolistRecord = Selectable<GeolistTable> & { organization_name: string };

/** Areas per insert statement (a 50,000-area file is 5 statements). */
export const AREA_INSERT_BATCH = 10_000;

const geolistsFrom = (db: Kysely<Database>, scope: TenantScope) =>
  db
    .selectFrom('geolists as g')
    .innerJoin('organizations as o', 'o.id', 'g.organization_id')
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')))
    .selectAll('g')
    .select('o.name as organization_name');

/** The list's fields on the geolists table; the spec is the domain's GEOLIST_LIST_SPEC. */
export const geolistListSourceOf = (
  spec: typeof GEOLIST_LIST_SPEC,
): ListSource<GeolistTables, GeolistFrom, string> => ({
  spec,
  columns: {
    id: 'g.id',
    name: 'g.name',
    organization: 'g.organization_id',
    organization_name: 'o.name',
    country: 'g.country',
    region: 'g.region',
    city: 'g.city',
    radius: 'g.radius',
    precision: 'g.precision',
    areas_count: 'g.areas_count',
    state: 'g.state',
    created_at: 'g.created_at',
    updated_at: 'g.updated_at',
  },
  searchColumns: ['g.name'],
  idColumn: 'g.id',
  changeSequence: 'geolists_changes',
});

/** One page of the geolists in scope; deleted ones only when the caller filters on `state`. */
export const listGeolistsInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  list: ListQuery,
  source: ListSource<GeolistTables, GeolistFrom, string>,
  withDeleted: boolean,
): Promise<{ rows: GeolistRecord[]; total: number }> => {
  let query = geolistsFrom(db, scope);
  if (!withDeleted) query = query.where('g.state', '<>', 'deleted');
  const { rows, total } = await listPage(db, query, list, source);
  return { rows: rows as GeolistRecord[], total };
};

/** One geolist inside the scope (deleted ones too: they keep their history and can be read). */
export const findGeolistInScope = (
  db: Kysely<Database>,
  scope: TenantScope,
  id: string,
): Promise<GeolistRecord | undefined> => geolistsFrom(db, scope).where('g.id', '=', id).executeTakeFirst();

/** The areas of a geolist, in their order. */
export const findGeolistAreas = (db: Kysely<Database>, geolistId: string) =>
  db
    .selectFrom('geolist_areas')
    .select(['latitude', 'longitude', 'radius', 'name'])
    .where('geolist_id', '=', geolistId)
    .orderBy('position')
    .execute();

/**
 * Writes the areas of a geolist in batches (positions from 1, in the order given). Each batch travels as one
 * JSON text that the database unpacks (`json_to_recordset`): encoding 10,000 areas is one JSON.stringify
 * instead of 60,000 bound values, which is what keeps a 50,000-area file within its budget on the embedded
 * database, whose parameters cross a worker thread (decision 013).
 */
export const insertGeolistAreas = async (
  db: Kysely<Database>,
  geolistId: string,
  areas: readonly TGeolistArea[],
): Promise<void> => {
  for (let start = 0; start < areas.length; start += AREA_INSERT_BATCH) {
    const batch = areas.slice(start, start + AREA_INSERT_BATCH);
    const rows = JSON.stringify(
      batch.map((area) => [area.latitude, area.longitude, area.radius, area.name ?? null]),
    );
    await sql`
      INSERT INTO geolist_areas (geolist_id, position, latitude, longitude, radius, name)
      SELECT ${geolistId}::bigint, ${start}::integer + area.position::integer,
             (area.value->>0)::double precision, (area.value->>1)::double precision,
             (area.value->>2)::double precision, area.value->>3
      FROM json_array_elements(${rows}::json) WITH ORDINALITY AS area(value, position)
    `.execute(db);
  }
};

export const deleteGeolistAreas = async (db: Kysely<Database>, geolistId: string): Promise<void> => {
  await db.deleteFrom('geolist_areas').where('geolist_id', '=', geolistId).execute();
};

/** Copies the areas of one geolist into another in one statement (duplicate). */
export const copyGeolistAreas = async (db: Kysely<Database>, fromId: string, toId: string): Promise<void> => {
  await db
    .insertInto('geolist_areas')
    .columns(['geolist_id', 'position', 'latitude', 'longitude', 'radius', 'name'])
    .expression((eb) =>
      eb
        .selectFrom('geolist_areas')
        .select([
          sql<string>`${toId}::bigint`.as('geolist_id'),
          'position',
          'latitude',
          'longitude',
          'radius',
          'name',
        ])
        .where('geolist_id', '=', fromId),
    )
    .execute();
};

export const findGeolistHistory = (db: Kysely<Database>, geolistId: string) =>
  db
    .selectFrom('history as h')
    .leftJoin('users as a', 'a.id', 'h.actor_user_id')
    .leftJoin('users as i', 'i.id', 'h.impersonator_user_id')
    .select([
      'h.id',
      'h.action',
      'h.changes',
      'h.created_at',
      'a.id as actor_id',
      'a.name as actor_name',
      'a.username as actor_username',
      'i.id as impersonator_id',
      'i.name as impersonator_name',
      'i.username as impersonator_username',
    ])
    .where('h.entity', '=', 'geolist')
    .where('h.entity_id', '=', geolistId)
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
