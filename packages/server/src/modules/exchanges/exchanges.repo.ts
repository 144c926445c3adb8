import type { ListQuery } from '@beacon/domain/validation/list-query';
import type { Kysely } from 'kysely';
import type { Database, ExchangeTable } from '../../db/schema';
import { listPage } from '../../lib/list-query';
import type { ListSource } from '../../lib/list-sql';

/** Exchanges of the bidder (migration 0020): SQL only; the rules are the service's. */

type ExchangeTables = Database & { e: ExchangeTable };

export type ExchangeRecord = {
  id: string;
  name: string;
  key: string;
  partner: string | null;
  auction_type: number;
  currency: string;
  enabled: boolean;
  qps_limit: number | null;
  token: string | null;
  allowed_addresses: string[];
  allow_loopback: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
};

export type NewExchangeValues = Omit<
  ExchangeRecord,
  'id' | 'version' | 'created_at' | 'updated_at' | 'deleted_at'
>;

export const exchangeListSource = (
  spec: ListSource<ExchangeTables, 'e', string>['spec'],
): ListSource<ExchangeTables, 'e', string> => ({
  spec,
  columns: {
    id: 'e.id',
    name: 'e.name',
    key: 'e.key',
    partner: 'e.partner',
    auction_type: 'e.auction_type',
    currency: 'e.currency',
    enabled: 'e.enabled',
    qps_limit: 'e.qps_limit',
    created_at: 'e.created_at',
    updated_at: 'e.updated_at',
  },
  searchColumns: ['e.name', 'e.key'],
  idColumn: 'e.id',
});

/** One page of the live exchanges and their total. */
export const listLiveExchanges = async (
  db: Kysely<Database>,
  list: ListQuery,
  source: ListSource<ExchangeTables, 'e', string>,
): Promise<{ rows: ExchangeRecord[]; total: number }> => {
  const query = db.selectFrom('exchanges as e').selectAll('e').where('e.deleted_at', 'is', null);
  const { rows, total } = await listPage(db, query, list, source);
  return { rows: rows as unknown as ExchangeRecord[], total };
};

/** One exchange by id, deleted ones too (they keep their history and can be read). */
export const findExchangeById = async (
  db: Kysely<Database>,
  id: string,
): Promise<ExchangeRecord | undefined> =>
  (await db.selectFrom('exchanges').selectAll().where('id', '=', id).executeTakeFirst()) as
    | ExchangeRecord
    | undefined;

/** A live exchange that already uses the key (not `exceptId`). */
export const findLiveExchangeByKey = (db: Kysely<Database>, key: string, exceptId?: string) => {
  let query = db.selectFrom('exchanges').select('id').where('key', '=', key).where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
};

export const insertExchange = async (db: Kysely<Database>, values: NewExchangeValues): Promise<string> => {
  const row = await db.insertInto('exchanges').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
};
