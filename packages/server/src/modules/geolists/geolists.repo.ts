import type { TGeolistArea } from '@beacon/domain/validation/geolist';
import type { GEOLIST_LIST_SPEC } from '@beacon/domain/validation/geolist-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, GeolistTable } from '../../db/schema';
import { listPage } from '../../lib/list-query';
import type { ListSource } from '../../lib/list-sql';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

type GeolistTables = Database & { g: Database['geolists']; o: Database['organizations'] };
type GeolistFrom = 'g' | 'o';

export type GeolistRecord = Selectable<GeolistTable> & { organization_name: string };

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

/** One geolist by id, whatever the scope (a row the service has just written or already checked). */
export const findGeolistById = (db: Kysely<Database>, id: string): Promise<GeolistRecord | undefined> =>
  findGeolistInScope(db, { kind: 'all' }, id);

/** The areas of a geolist (its current set, decision 033), in their order. */
export const findGeolistAreas = (db: Kysely<Database>, geolistId: string) =>
  db
    .selectFrom('geolist_areas as a')
    .innerJoin('geolists as g', (join) =>
      join.onRef('g.id', '=', 'a.geolist_id').onRef('g.area_set', '=', 'a.set_id'),
    )
    .select(['a.latitude', 'a.longitude', 'a.radius', 'a.name'])
    .where('a.geolist_id', '=', geolistId)
    .orderBy('a.position')
    .execute();

/** Where a geolist's areas are written: the geolist and one of its sets (decision 033). */
export type AreaSet = { geolistId: string; setId: string };

/**
 * Writes areas to a set in one statement, at positions from `first + 1` in the order given; answers how many. The batch travels
 * as one JSON text that the database unpacks (`json_array_elements`): encoding thousands of areas is one
 * JSON.stringify instead of six bound values each, which matters on the embedded database, whose parameters
 * cross a worker thread (decision 013).
 */
export const insertGeolistAreas = async (
  db: Kysely<Database>,
  set: AreaSet,
  areas: readonly TGeolistArea[],
  first = 0,
): Promise<number> => {
  if (areas.length === 0) return 0;
  const rows = JSON.stringify(
    areas.map((area) => [area.latitude, area.longitude, area.radius, area.name ?? null]),
  );
  await sql`
    INSERT INTO geolist_areas (geolist_id, set_id, position, latitude, longitude, radius, name)
    SELECT ${set.geolistId}::bigint, ${set.setId}::bigint, ${first}::integer + area.position::integer,
           (area.value->>0)::double precision, (area.value->>1)::double precision,
           (area.value->>2)::double precision, area.value->>3
    FROM json_array_elements(${rows}::json) WITH ORDINALITY AS area(value, position)
  `.execute(db);
  return areas.length;
};

/**
 * Copies one page of a set's areas (positions after `after`, from the first when null, in order) into another
 * set, as they were; answers how many and the last position.
 */
export const copyGeolistAreaPage = async (
  db: Kysely<Database>,
  from: AreaSet,
  to: AreaSet,
  after: number | null,
  size: number,
): Promise<{ copied: number; last: number | null }> => {
  const { rows } = await sql<{ copied: string | number; last: number | null }>`
    WITH page AS (
      SELECT position, latitude, longitude, radius, name FROM geolist_areas
      WHERE geolist_id = ${from.geolistId}::bigint AND set_id = ${from.setId}::bigint AND position > ${after ?? 0}::integer
      ORDER BY position
      LIMIT ${size}
    ), copied AS (
      INSERT INTO geolist_areas (geolist_id, set_id, position, latitude, longitude, radius, name)
      SELECT ${to.geolistId}::bigint, ${to.setId}::bigint, position, latitude, longitude, radius, name FROM page
    )
    SELECT count(*) AS copied, max(position) AS last FROM page
  `.execute(db);
  const row = rows[0];
  return { copied: Number(row?.copied ?? 0), last: row?.last ?? null };
};
