import { AUDIENCE_SEGMENT_TYPES } from '@beacon/domain/dictionary/audiences';
import type { OrganizationRole } from '@beacon/domain/dictionary/roles';
import type { AUDIENCE_LIST_SPEC } from '@beacon/domain/validation/audience-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AudienceTable, Database } from '../../db/schema';
import { listPage } from '../../lib/list-query';
import type { ListSource } from '../../lib/list-sql';
import { deleteRowsInBatches } from '../../lib/staged-sets';
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

/** Where an upload's identifiers go (decision 033): they count once their upload is committed. */
export type IdentifierUpload = { audienceId: string; uploadId: string };

/** Starts an upload of identifiers, invisible until committed. */
export const createAudienceUpload = async (db: Kysely<Database>, audienceId: string): Promise<string> => {
  const { id } = await db
    .insertInto('audience_uploads')
    .values({ audience_id: audienceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(id);
};

/** In the transaction that records the upload: its identifiers count from now on; false if it was discarded. */
export const commitAudienceUpload = async (
  db: Kysely<Database>,
  uploadId: string,
  at: Date,
): Promise<boolean> => {
  const result = await db
    .updateTable('audience_uploads')
    .set({ state: 'committed', updated_at: at })
    .where('id', '=', uploadId)
    .where('state', '=', 'staged')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
};

/** Uploads whose identifiers no longer count (a failed upload, a deleted audience): the cleanup deletes them. */
export const discardAudienceUploads = async (
  db: Kysely<Database>,
  where: { uploadId: string } | { audienceId: string },
  at: Date,
): Promise<void> => {
  const query = db.updateTable('audience_uploads').set({ state: 'discarded', updated_at: at });
  await ('uploadId' in where
    ? query.where('id', '=', where.uploadId)
    : query.where('audience_id', '=', where.audienceId)
  ).execute();
};

/**
 * Adds a batch of identifier hashes (hex) with their types to an upload in one statement: two text parameters
 * unpacked by string_to_array and unnest, whatever the batch size (no per-row parameters, which on the embedded
 * database would each cross the worker thread). DISTINCT ON keeps each hash once (ON CONFLICT cannot touch a
 * row twice in one statement) and its ORDER BY feeds the primary key's index in order, which matters for the
 * embedded database's small buffer cache. An identifier uploaded again is a row of the new upload: it counts
 * once, and its six months restart, since the older row expires alone.
 */
export const insertIdentifierBatch = async (
  db: Kysely<Database>,
  upload: IdentifierUpload,
  hashes: readonly string[],
  types: readonly string[],
  addedAt: Date,
): Promise<void> => {
  if (hashes.length === 0) return;
  await sql`
    INSERT INTO audience_identifiers (audience_id, upload_id, identifier_hash, identifier_type, added_at)
    SELECT DISTINCT ON (u.hash) ${upload.audienceId}::bigint, ${upload.uploadId}::bigint, u.hash, u.t,
      ${addedAt}::timestamptz
    FROM (
      SELECT decode(h, 'hex') AS hash, t
      FROM unnest(string_to_array(${hashes.join(',')}, ','), string_to_array(${types.join(',')}, ',')) AS x(h, t)
    ) AS u
    ORDER BY u.hash
    ON CONFLICT (audience_id, upload_id, identifier_hash)
    DO UPDATE SET added_at = EXCLUDED.added_at, identifier_type = EXCLUDED.identifier_type
  `.execute(db);
};

/** The distinct identifiers of an audience's committed uploads. */
export const countAudienceIdentifiers = async (db: Kysely<Database>, audienceId: string): Promise<number> => {
  const row = await db
    .selectFrom('audience_identifiers as i')
    .innerJoin('audience_uploads as u', 'u.id', 'i.upload_id')
    .select(sql<string>`count(DISTINCT i.identifier_hash)`.as('count'))
    .where('i.audience_id', '=', audienceId)
    .where('u.state', '=', 'committed')
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

/** Removes identifiers added before `before`, in batches (decision 033); answers the audiences that lost some. */
export const deleteIdentifiersAddedBefore = async (db: Kysely<Database>, before: Date): Promise<string[]> => {
  const audiences = await db
    .selectFrom('audience_identifiers')
    .select('audience_id')
    .distinct()
    .where('added_at', '<', before)
    .execute();
  if (audiences.length === 0) return [];
  await deleteRowsInBatches(db, {
    table: 'audience_identifiers',
    key: IDENTIFIER_KEY,
    where: sql`added_at < ${before}::timestamptz`,
  });
  return audiences.map((row) => String(row.audience_id));
};

const IDENTIFIER_KEY = ['audience_id', 'upload_id', 'identifier_hash'] as const;

/** A staged upload older than this belongs to a process that stopped: it is discarded. */
const STALE_UPLOAD_HOURS = 24;

/** Deletes the identifiers of discarded uploads batch by batch, then the uploads; answers how many went. */
export const cleanUpAudienceUploads = async (db: Kysely<Database>, now: Date): Promise<number> => {
  await db
    .updateTable('audience_uploads')
    .set({ state: 'discarded', updated_at: now })
    .where('state', '=', 'staged')
    .where('updated_at', '<', new Date(now.getTime() - STALE_UPLOAD_HOURS * 3_600_000))
    .execute();
  const uploads = await db
    .selectFrom('audience_uploads')
    .select(['id', 'audience_id'])
    .where('state', '=', 'discarded')
    .orderBy('updated_at')
    .execute();
  let deleted = 0;
  for (const upload of uploads) {
    deleted += await deleteRowsInBatches(db, {
      table: 'audience_identifiers',
      key: IDENTIFIER_KEY,
      where: sql`audience_id = ${upload.audience_id}::bigint AND upload_id = ${upload.id}::bigint`,
    });
    await db.deleteFrom('audience_uploads').where('id', '=', upload.id).execute();
  }
  return deleted;
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
