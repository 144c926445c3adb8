import type { SupplyPartner } from '@beacon/domain/dictionary/partners';
import type { ListQuery, ListSpec } from '@beacon/domain/validation/list-query';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database, DealRow, DealUpdate, NewDeal } from '../../db/schema';
import { listPage } from '../../lib/list-query';
import type { ListSource } from '../../lib/list-sql';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

/** Deals (decision 016): SQL only; the rules are the service's. */

type DealTables = Database & { d: Database['deals']; o: Database['organizations'] };
type DealFrom = 'd' | 'o';

/** A deal as repositories answer it: every column, dates as `YYYY-MM-DD` text, its organization's name. */
export type DealRecord = Omit<DealRow, 'start_date' | 'end_date'> & {
  start_date: string;
  end_date: string | null;
  organization_name: string;
};

const day = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** Micro-units as decimal units, for filters and sorts on money (`floor_price[gt]=2` means 2 units). */
const units = (column: string) => sql<number>`(${sql.ref(column)}::numeric / 1000000)`;

const dealsFrom = (db: Kysely<Database>) =>
  db.selectFrom('deals as d').innerJoin('organizations as o', 'o.id', 'd.organization_id');

const selectDeal = <O>(query: SelectQueryBuilder<DealTables, DealFrom, O>) =>
  query
    .selectAll('d')
    .select([
      day('d.start_date').as('start_date'),
      day('d.end_date').as('end_date'),
      'o.name as organization_name',
    ]);

/** The list's fields on the deals table; the spec is the domain's DEAL_LIST_SPEC. */
export const dealListSource = (spec: ListSpec): ListSource<DealTables, DealFrom, string> => ({
  spec,
  columns: {
    id: 'd.id',
    external_id: 'd.external_id',
    name: 'd.name',
    organization: 'd.organization_id',
    organization_name: 'o.name',
    supply_partner: 'd.supply_partner',
    type: 'd.type',
    floor_price: units('d.floor_price'),
    currency: 'd.currency',
    start_date: 'd.start_date',
    end_date: 'd.end_date',
    state: 'd.state',
    created_at: 'd.created_at',
    updated_at: 'd.updated_at',
  },
  searchColumns: ['d.name', 'd.external_id'],
  idColumn: 'd.id',
  changeSequence: 'deals_changes',
});

/** One page of the deals of the organizations in scope and the total; deleted ones only when asked. */
export const listDealsInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  list: ListQuery,
  source: ListSource<DealTables, DealFrom, string>,
  options: { withDeleted: boolean },
): Promise<{ rows: DealRecord[]; total: number }> => {
  let query = dealsFrom(db).where((eb) => organizationPathInScope(scope, eb.ref('o.path')));
  if (!options.withDeleted) query = query.where('d.state', '<>', 'deleted');
  const { rows, total } = await listPage(db, selectDeal(query), list, source);
  return { rows: rows as unknown as DealRecord[], total };
};

/** One deal inside the scope (deleted ones too: they keep their history and can be read). */
export const findDealInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  id: string,
): Promise<DealRecord | undefined> => {
  const row = await selectDeal(
    dealsFrom(db)
      .where('d.id', '=', id)
      .where((eb) => organizationPathInScope(scope, eb.ref('o.path'))),
  ).executeTakeFirst();
  return row as unknown as DealRecord | undefined;
};

/** A deal by id whatever the scope, for the service's own follow-up reads inside a transaction. */
export const findDealById = async (db: Kysely<Database>, id: string): Promise<DealRecord | undefined> => {
  const row = await selectDeal(dealsFrom(db).where('d.id', '=', id)).executeTakeFirst();
  return row as unknown as DealRecord | undefined;
};

/** A live deal of the organization that already uses the external id with the supply partner (not `exceptId`). */
export const findDealUsingExternalId = async (
  db: Kysely<Database>,
  key: { organizationId: string; supplyPartner: SupplyPartner; externalId: string; exceptId?: string },
): Promise<{ id: string; name: string } | undefined> => {
  let query = db
    .selectFrom('deals')
    .select(['id', 'name'])
    .where('organization_id', '=', key.organizationId)
    .where('supply_partner', '=', key.supplyPartner)
    .where('external_id', '=', key.externalId)
    .where('state', '<>', 'deleted');
  if (key.exceptId !== undefined) query = query.where('id', '<>', key.exceptId);
  return query.executeTakeFirst();
};

export const insertDeal = async (db: Kysely<Database>, values: NewDeal): Promise<string> => {
  const row = await db.insertInto('deals').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
};

/** Applies changes if the deal still has `version` (optimistic concurrency); false when stale. */
export const updateDealAtVersion = async (
  db: Kysely<Database>,
  id: string,
  version: number,
  values: DealUpdate,
  now: Date,
): Promise<boolean> => {
  const result = await db
    .updateTable('deals')
    .set({ ...values, updated_at: now })
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
};
