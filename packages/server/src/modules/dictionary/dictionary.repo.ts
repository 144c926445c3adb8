import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The rate from one currency to another through their USD rates, computed exactly in numeric. Rounded to the
 * stored scale (12 decimals): at 8, a pair like idr→eur kept only four significant digits.
 */
export const findCrossRate = async (
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<{ rate: string; as_of: string } | undefined> => {
  const row = await db
    .selectFrom('currency_rates as b')
    .innerJoin('currency_rates as q', (join) => join.on('q.base', '=', 'usd').on('q.quote', '=', to))
    .select([
      sql<string>`round(q.rate / b.rate, 12)::text`.as('rate'),
      sql<string>`least(q.as_of, b.as_of)::text`.as('as_of'),
    ])
    .where('b.base', '=', 'usd')
    .where('b.quote', '=', from)
    .executeTakeFirst();
  return row;
};
