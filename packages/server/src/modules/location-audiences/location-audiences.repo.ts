import type { ListQuery } from '@beacon/domain/validation/list-query';
import type {
  LOCATION_AUDIENCE_LIST_SPEC,
  TLocationAudienceArea,
} from '@beacon/domain/validation/location-audience-form';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, LocationAudienceTable } from '../../db/schema';
import { listPage } from '../../lib/list-query';
import type { ListSource } from '../../lib/list-sql';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

type LocationAudienceTables = Database & {
  la: Database['location_audiences'];
  o: Database['organizations'];
};
type LocationAudienceFrom = 'la' | 'o';

export type LocationAudienceRecord = Omit<Selectable<LocationAudienceTable>, 'start_date' | 'end_date'> & {
  start_date: string;
  end_date: string;
  organization_name: string;
};

/** Rows per insert of areas: 6 parameters each, far below PostgreSQL's 65,535 per statement. */
export const AREA_INSERT_BATCH = 4000;

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

const locationAudiencesFrom = (db: Kysely<Database>, scope: TenantScope) =>
  db
    .selectFrom('location_audiences as la')
    .innerJoin('organizations as o', 'o.id', 'la.organization_id')
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')))
    .selectAll('la')
    .select([day('la.start_date').as('start_date'), day('la.end_date').as('end_date')])
    .select('o.name as organization_name');

/** The list's fields on the location_audiences table; the spec is the domain's LOCATION_AUDIENCE_LIST_SPEC. */
export const locationAudienceListSourceOf = (
  spec: typeof LOCATION_AUDIENCE_LIST_SPEC,
): ListSource<LocationAudienceTables, LocationAudienceFrom, string> => ({
  spec,
  columns: {
    id: 'la.id',
    name: 'la.name',
    organization: 'la.organization_id',
    organization_name: 'o.name',
    start_date: 'la.start_date',
    end_date: 'la.end_date',
    max_users: 'la.max_users',
    timezone: 'la.timezone',
    precision: 'la.precision',
    areas_count: 'la.areas_count',
    state: 'la.state',
    created_at: 'la.created_at',
    updated_at: 'la.updated_at',
  },
  searchColumns: ['la.name'],
  idColumn: 'la.id',
  changeSequence: 'location_audiences_changes',
});

/** One page of the location audiences in scope; deleted ones only when the caller filters on `state`. */
export const listLocationAudiencesInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  list: ListQuery,
  source: ListSource<LocationAudienceTables, LocationAudienceFrom, string>,
  withDeleted: boolean,
): Promise<{ rows: LocationAudienceRecord[]; total: number }> => {
  let query = locationAudiencesFrom(db, scope);
  if (!withDeleted) query = query.where('la.state', '<>', 'deleted');
  const { rows, total } = await listPage(db, query, list, source);
  return { rows: rows as LocationAudienceRecord[], total };
};

/** One location audience inside the scope (deleted ones too: they keep their history and can be read). */
export const findLocationAudienceInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  id: string,
): Promise<LocationAudienceRecord | undefined> =>
  (await locationAudiencesFrom(db, scope).where('la.id', '=', id).executeTakeFirst()) as
    | LocationAudienceRecord
    | undefined;

/** The areas of a location audience, in their order. */
export const findLocationAudienceAreas = (db: Kysely<Database>, locationAudienceId: string) =>
  db
    .selectFrom('location_audience_areas')
    .select(['latitude', 'longitude', 'radius', 'name'])
    .where('location_audience_id', '=', locationAudienceId)
    .orderBy('position')
    .execute();

/** Writes the areas of a location audience in batches (positions from 1, in the order given). */
export const insertLocationAudienceAreas = async (
  db: Kysely<Database>,
  locationAudienceId: string,
  areas: readonly TLocationAudienceArea[],
): Promise<void> => {
  for (let start = 0; start < areas.length; start += AREA_INSERT_BATCH) {
    const batch = areas.slice(start, start + AREA_INSERT_BATCH);
    await db
      .insertInto('location_audience_areas')
      .values(
        batch.map((area, index) => ({
          location_audience_id: locationAudienceId,
          position: start + index + 1,
          latitude: area.latitude,
          longitude: area.longitude,
          radius: area.radius,
          name: area.name,
        })),
      )
      .execute();
  }
};

export const deleteLocationAudienceAreas = async (
  db: Kysely<Database>,
  locationAudienceId: string,
): Promise<void> => {
  await db
    .deleteFrom('location_audience_areas')
    .where('location_audience_id', '=', locationAudienceId)
    .execute();
};

/** Copies the areas of one location audience into another in one statement (duplicate). */
export const copyLocationAudienceAreas = async (
  db: Kysely<Database>,
  fromId: string,
  toId: string,
): Promise<void> => {
  await db
    .insertInto('location_audience_areas')
    .columns(['location_audience_id', 'position', 'latitude', 'longitude', 'radius', 'name'])
    .expression((eb) =>
      eb
        .selectFrom('location_audience_areas')
        .select([
          sql<string>`${toId}::bigint`.as('location_audience_id'),
          'position',
          'latitude',
          'longitude',
          'radius',
          'name',
        ])
        .where('location_audience_id', '=', fromId),
    )
    .execute();
};
