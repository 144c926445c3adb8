import { AUDIENCE_SEGMENT_TYPES } from '@beacon/domain/dictionary/audiences';
import type { OrganizationRole } from '@beacon/domain/dictionary/roles';
import type { AUDIENCE_LIST_SPEC } from '@beacon/domain/validation/audience-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AudienceTable, Database } from '../../db/schema';
import { type ListSource, listPage } from '../../lib/list-query';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

type AudienceTables = Database & { a: Database['audiences']; o: Database['organizations'] };
type AudienceFrom = 'a' | 'o';

export type AudienceRecord = Selectable<AudienceTable> & {
  organization_name: string;
  organization_role: OrganizationRole;
};

const audiencesFrom = (db: Kysely<Database>) =>
  db
    .selectFrom('audiences as a')
    .innerJoin('organizations as o', 'o.id', 'a.organization_id')
    .selectAll('a')
    .select(['o.name as organization_name', 'o.role as organization_role']);

const audiencesInScope = (db: Kysely<Database>, scope: TenantScope) =>
  audiencesFrom(db).where((eb) => organizationPathInScope(scope, eb.ref('o.path')));

/** Third-party segments published for everyone: shared, active, of a segment type. */
const sharedSegments = (db: Kysely<Database>) =>
  audiencesFrom(db)
    .where('a.is_shared', '=', true)
    .where('a.state', '=', 'active')
    .where('a.type', 'in', [...AUDIENCE_SEGMENT_TYPES]);

/** The list's fields on the audiences table; the spec is the domain's AUDIENCE_LIST_SPEC. */
export const audienceListSourceOf = (
  spec: typeof AUDIENCE_LIST_SPEC,
): ListSource<AudienceTables, AudienceFrom, string> => ({
  spec,
  columns: {
    id: 'a.id',
    name: 'a.name',
    organization: 'a.organization_id',
    organization_name: 'o.name',
    type: 'a.type',
    state: 'a.state',
    users_count: 'a.users_count',
    is_shared: 'a.is_shared',
    created_at: 'a.created_at',
    updated_at: 'a.updated_at',
  },
  searchColumns: ['a.name'],
  idColumn: 'a.id',
  changeSequence: 'audiences_changes',
});

/** One page of the audiences in scope; deleted ones only when the caller filters on `state`. */
export const listAudiencesInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  list: ListQuery,
  source: ListSource<AudienceTables, AudienceFrom, string>,
  withDeleted: boolean,
): Promise<{ rows: AudienceRecord[]; total: number }> => {
  let query = audiencesInScope(db, scope);
  if (!withDeleted) query = query.where('a.state', '<>', 'deleted');
  const { rows, total } = await listPage(db, query, list, source);
  return { rows: rows as AudienceRecord[], total };
};

/** One page of the segments data partners publish (whoever the caller is). */
export const listSharedSegments = async (
  db: Kysely<Database>,
  list: ListQuery,
  source: ListSource<AudienceTables, AudienceFrom, string>,
): Promise<{ rows: AudienceRecord[]; total: number }> => {
  const { rows, total } = await listPage(db, sharedSegments(db), list, source);
  return { rows: rows as AudienceRecord[], total };
};

/** One audience inside the scope (deleted ones too: they keep their history and can be read). */
export const findAudienceInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  id: string,
): Promise<AudienceRecord | undefined> =>
  (await audiencesInScope(db, scope).where('a.id', '=', id).executeTakeFirst()) as AudienceRecord | undefined;

/** A published segment, whoever owns it. */
export const findSharedSegment = async (
  db: Kysely<Database>,
  id: string,
): Promise<AudienceRecord | undefined> =>
  (await sharedSegments(db).where('a.id', '=', id).executeTakeFirst()) as AudienceRecord | undefined;

/** The ids among `ids` of campaigns in the organization or its descendants (not deleted). */
export const findCampaignsUnder = async (
  db: Kysely<Database>,
  organizationId: string,
  ids: readonly string[],
): Promise<string[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('campaigns as c')
    .innerJoin('organizations as co', 'co.id', 'c.organization_id')
    .innerJoin('organizations as ao', (join) =>
      join.on('ao.id', '=', organizationId).on(sql<boolean>`co.path LIKE ao.path || '%'`),
    )
    .select('c.id')
    .where('c.id', 'in', [...ids])
    .where('c.state', '<>', 'deleted')
    .execute();
  return rows.map((row) => String(row.id));
};

/**
 * Adds a batch of identifier hashes (hex) with their types in one statement: two text parameters unpacked by
 * string_to_array and unnest, whatever the batch size (no per-row parameters, which on the embedded database
 * would each cross the worker thread). DISTINCT ON keeps each hash once (ON CONFLICT cannot touch a row twice
 * in one statement) and its ORDER BY feeds the primary key's index in order, which matters for the embedded
 * database's small buffer cache. An identifier already there is added again: its six months restart.
 */
export const insertIdentifierBatch = async (
  db: Kysely<Database>,
  audienceId: string,
  hashes: readonly string[],
  types: readonly string[],
  addedAt: Date,
): Promise<void> => {
  if (hashes.length === 0) return;
  await sql`
    INSERT INTO audience_identifiers (audience_id, identifier_hash, identifier_type, added_at)
    SELECT DISTINCT ON (u.hash) ${audienceId}::bigint, u.hash, u.t, ${addedAt}::timestamptz
    FROM (
      SELECT decode(h, 'hex') AS hash, t
      FROM unnest(string_to_array(${hashes.join(',')}, ','), string_to_array(${types.join(',')}, ',')) AS x(h, t)
    ) AS u
    ORDER BY u.hash
    ON CONFLICT (audience_id, identifier_hash)
    DO UPDATE SET added_at = EXCLUDED.added_at, identifier_type = EXCLUDED.identifier_type
  `.execute(db);
};

export const countAudienceIdentifiers = async (db: Kysely<Database>, audienceId: string): Promise<number> => {
  const row = await db
    .selectFrom('audience_identifiers')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('audience_id', '=', audienceId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** Distinct devices that sent one of the events of the campaigns (tracking events naming their campaign). */
export const countInteractionDevices = async (
  db: Kysely<Database>,
  campaignIds: readonly string[],
  eventIds: readonly number[],
): Promise<number> => {
  if (campaignIds.length === 0 || eventIds.length === 0) return 0;
  const row = await db
    .selectFrom('tracking_events')
    .select(sql<string>`count(DISTINCT device_id)`.as('count'))
    .where('campaign_id', 'in', [...campaignIds])
    .where('event_id', 'in', [...eventIds])
    .where('device_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const setAudienceUsersCount = async (
  db: Kysely<Database>,
  audienceId: string,
  count: number | null,
  at: Date,
): Promise<void> => {
  await db
    .updateTable('audiences')
    .set({ users_count: count, users_counted_at: count === null ? null : at })
    .where('id', '=', audienceId)
    .execute();
};

/** Removes identifiers added before `before`; answers the audiences that lost some. */
export const deleteIdentifiersAddedBefore = async (db: Kysely<Database>, before: Date): Promise<string[]> => {
  const audiences = await db
    .selectFrom('audience_identifiers')
    .select('audience_id')
    .distinct()
    .where('added_at', '<', before)
    .execute();
  if (audiences.length === 0) return [];
  await db.deleteFrom('audience_identifiers').where('added_at', '<', before).execute();
  return audiences.map((row) => String(row.audience_id));
};

/** Live interaction audiences (the daily sweep recounts them as events arrive). */
export const findLiveInteractionAudiences = (db: Kysely<Database>) =>
  db
    .selectFrom('audiences')
    .select(['id', 'kpis', 'campaign_ids'])
    .where('type', '=', 'interaction')
    .where('state', '=', 'active')
    .execute();

export const findAudienceForCount = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('audiences')
    .select(['id', 'type', 'state', 'kpis', 'campaign_ids'])
    .where('id', '=', id)
    .executeTakeFirst();

export const findAudienceHistory = (db: Kysely<Database>, audienceId: string) =>
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
    .where('h.entity', '=', 'audience')
    .where('h.entity_id', '=', audienceId)
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
