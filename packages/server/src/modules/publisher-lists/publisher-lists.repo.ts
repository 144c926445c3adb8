import type { ListQuery } from '@beacon/domain/validation/list-query';
import type { TPublisher } from '@beacon/domain/validation/publisher-file';
import {
  PUBLISHER_CATALOGUE_LIST_SPEC,
  PUBLISHER_ENTRY_LIST_SPEC,
  PUBLISHER_LIST_LIST_SPEC,
  PUBLISHER_LISTS_SPEC,
} from '@beacon/domain/validation/publisher-list';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, PublisherListTable } from '../../db/schema';
import { listPage } from '../../lib/list-query';
import { applyListQuery, countListQuery, type ListSource } from '../../lib/list-sql';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

export type PublisherListRow = Selectable<PublisherListTable>;
export type PublisherListRecord = PublisherListRow & { organization_name: string };

type ListTables = Database & { pl: Database['publisher_lists']; o: Database['organizations'] };
type EntryTables = Database & {
  e: Database['publisher_list_entries'];
  pl: Database['publisher_lists'];
  p: Database['publishers'];
};
type CatalogueTables = Database & { p: Database['publishers'] };

/** How the fields of PUBLISHER_LIST_LIST_SPEC map onto the publisher_lists table. */
const PUBLISHER_LIST_LIST_SOURCE = {
  spec: PUBLISHER_LIST_LIST_SPEC,
  columns: {
    id: 'pl.id',
    name: 'pl.name',
    kind: 'pl.kind',
    state: 'pl.state',
    publishers_count: 'pl.publishers_count',
    created_at: 'pl.created_at',
    updated_at: 'pl.updated_at',
  },
  searchColumns: ['pl.name'],
  idColumn: 'pl.id',
} as const;

const PUBLISHER_LISTS_SOURCE: ListSource<ListTables, 'pl' | 'o', string> = {
  spec: PUBLISHER_LISTS_SPEC,
  columns: {
    ...PUBLISHER_LIST_LIST_SOURCE.columns,
    organization: 'pl.organization_id',
    organization_name: 'o.name',
  },
  searchColumns: ['pl.name'],
  idColumn: 'pl.id',
  changeSequence: 'publisher_lists_changes',
};

const ENTRY_SOURCE: ListSource<EntryTables, 'e' | 'pl' | 'p', string> = {
  spec: PUBLISHER_ENTRY_LIST_SPEC,
  columns: { publisher: 'e.publisher', platform: 'p.platform', name: 'p.name' },
  searchColumns: ['e.publisher', 'p.name'],
  idColumn: 'e.publisher',
};

const CATALOGUE_SOURCE: ListSource<CatalogueTables, 'p', string> = {
  spec: PUBLISHER_CATALOGUE_LIST_SPEC,
  columns: { id: 'p.id', publisher: 'p.publisher', platform: 'p.platform', name: 'p.name' },
  searchColumns: ['p.publisher', 'p.name'],
  idColumn: 'p.id',
};

/**
 * One page of an organization's own publisher lists and the total across pages. The caller has already
 * checked that the organization is in its scope. Deleted lists are left out unless `withDeleted`.
 */
export const listPublisherListsOfOrganization = async (
  db: Kysely<Database>,
  organizationId: string,
  list: ListQuery,
  options: { withDeleted: boolean },
): Promise<{ rows: PublisherListRow[]; total: number }> => {
  const owned = db.selectFrom('publisher_lists as pl').where('pl.organization_id', '=', organizationId);
  const base = options.withDeleted ? owned : owned.where('pl.state', '<>', 'deleted');
  const [rows, total] = await Promise.all([
    applyListQuery(base.selectAll('pl'), list, PUBLISHER_LIST_LIST_SOURCE).execute(),
    countListQuery(base, list, PUBLISHER_LIST_LIST_SOURCE),
  ]);
  return { rows, total };
};

const listsFrom = (db: Kysely<Database>, scope: TenantScope) =>
  db
    .selectFrom('publisher_lists as pl')
    .innerJoin('organizations as o', 'o.id', 'pl.organization_id')
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')))
    .selectAll('pl')
    .select('o.name as organization_name');

/** One page of the publisher lists in scope; deleted ones only when `withDeleted`. */
export const listPublisherListsInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  list: ListQuery,
  withDeleted: boolean,
): Promise<{ rows: PublisherListRecord[]; total: number }> => {
  let query = listsFrom(db, scope);
  if (!withDeleted) query = query.where('pl.state', '<>', 'deleted');
  return listPage(db, query, list, PUBLISHER_LISTS_SOURCE);
};

/** One publisher list inside the scope (deleted ones too: they keep their history and can be read). */
export const findPublisherListInScope = (
  db: Kysely<Database>,
  scope: TenantScope,
  id: string,
): Promise<PublisherListRecord | undefined> =>
  listsFrom(db, scope).where('pl.id', '=', id).executeTakeFirst();

/** One publisher list by id, whatever the scope (a row the service has just written or already checked). */
export const findPublisherListById = (
  db: Kysely<Database>,
  id: string,
): Promise<PublisherListRecord | undefined> => findPublisherListInScope(db, { kind: 'all' }, id);

/** A page of a list's publishers (its current set, decision 033) with their catalogue platform and name. */
export const listPublisherEntries = (db: Kysely<Database>, listId: string, list: ListQuery) =>
  listPage(
    db,
    db
      .selectFrom('publisher_list_entries as e')
      .innerJoin('publisher_lists as pl', (join) =>
        join.onRef('pl.id', '=', 'e.list_id').onRef('pl.entry_set', '=', 'e.set_id'),
      )
      .leftJoin('publishers as p', 'p.publisher', 'e.publisher')
      .where('e.list_id', '=', listId)
      .select(['e.publisher', 'p.platform', 'p.name']),
    list,
    ENTRY_SOURCE,
  );

/** A page of the platform-wide catalogue of publishers. */
export const listCataloguePublishers = (db: Kysely<Database>, list: ListQuery) =>
  listPage(
    db,
    db.selectFrom('publishers as p').select(['p.id', 'p.publisher', 'p.platform', 'p.name']),
    list,
    CATALOGUE_SOURCE,
  );

/** Where a list's entries are written: the list and one of its sets (decision 033). */
export type EntrySet = { listId: string; setId: string };

/**
 * Adds publishers to a set of a list's entries in one statement (a repeat, in the batch or already in the set,
 * is kept once) and to the catalogue, whose existing rows keep their name; answers how many entries were new.
 */
export const insertPublishers = async (
  db: Kysely<Database>,
  set: EntrySet,
  publishers: readonly TPublisher[],
): Promise<number> => {
  if (publishers.length === 0) return 0;
  const names = publishers.map((entry) => entry.publisher);
  const platforms = publishers.map((entry) => entry.platform);
  const { rows } = await sql<{ added: string | number }>`
    WITH added AS (
      INSERT INTO publisher_list_entries (list_id, set_id, publisher)
      SELECT ${set.listId}::bigint, ${set.setId}::bigint, entry FROM unnest(${names}::text[]) AS entry
      ON CONFLICT DO NOTHING
      RETURNING 1
    ), catalogued AS (
      INSERT INTO publishers (publisher, platform)
      SELECT entry.publisher, entry.platform
      FROM unnest(${names}::text[], ${platforms}::text[]) AS entry(publisher, platform)
      ON CONFLICT (publisher) DO NOTHING
    )
    SELECT count(*) AS added FROM added
  `.execute(db);
  return Number(rows[0]?.added ?? 0);
};

/**
 * Copies one page of a set's entries (in publisher order, after `after`) into another set: one short
 * statement of a keyset-paged copy. Answers how many were read and the last one, null once none are left.
 */
export const copyPublisherPage = async (
  db: Kysely<Database>,
  from: EntrySet,
  to: EntrySet,
  after: string | null,
  size: number,
): Promise<{ copied: number; last: string | null }> => {
  const { rows } = await sql<{ copied: string | number; last: string | null }>`
    WITH page AS (
      SELECT publisher FROM publisher_list_entries
      WHERE list_id = ${from.listId}::bigint AND set_id = ${from.setId}::bigint
        AND (${after}::text IS NULL OR publisher > ${after}::text)
      ORDER BY publisher
      LIMIT ${size}
    ), added AS (
      INSERT INTO publisher_list_entries (list_id, set_id, publisher)
      SELECT ${to.listId}::bigint, ${to.setId}::bigint, publisher FROM page
      ON CONFLICT DO NOTHING
    )
    SELECT count(*) AS copied, max(publisher) AS last FROM page
  `.execute(db);
  const row = rows[0];
  return { copied: Number(row?.copied ?? 0), last: row?.last ?? null };
};

/** Adds well-known publishers with their names to the catalogue (the demo seed); existing ones get the name. */
export const upsertCataloguePublishers = async (
  db: Kysely<Database>,
  publishers: readonly (TPublisher & { name: string })[],
): Promise<void> => {
  if (publishers.length === 0) return;
  await db
    .insertInto('publishers')
    .values(publishers.map(({ publisher, platform, name }) => ({ publisher, platform, name })))
    .onConflict((oc) => oc.column('publisher').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
    .execute();
};

export const removePublishers = async (
  db: Kysely<Database>,
  set: EntrySet,
  publishers: readonly string[],
): Promise<void> => {
  if (publishers.length === 0) return;
  await db
    .deleteFrom('publisher_list_entries')
    .where('list_id', '=', set.listId)
    .where('set_id', '=', set.setId)
    .where('publisher', 'in', publishers)
    .execute();
};

export const countPublishers = async (db: Kysely<Database>, set: EntrySet): Promise<number> => {
  const { count } = await db
    .selectFrom('publisher_list_entries')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('list_id', '=', set.listId)
    .where('set_id', '=', set.setId)
    .executeTakeFirstOrThrow();
  return Number(count);
};
