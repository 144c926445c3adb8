/**
 * One page of a list and its total, for every list route (decision 008): the page as list-sql.ts builds it,
 * read column by column or as one JSON text (list-page-json.ts), and its total, counted only when the page
 * cannot tell it and remembered until the table changes (list-count-cache.ts, decision 012). The querystring
 * schema and the answer are in list-route.ts.
 */
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { type RawBuilder, type SelectQueryBuilder, type Simplify, sql } from 'kysely';
import { createCountCache } from './list-count-cache';
import type { ListDatabase } from './list-database';
import { type PageRead, readJson } from './list-page-json';
import { driverSessions } from './list-sessions';
import { applyListQuery, countListQuery, countQueryOf, type ListSource, runCount } from './list-sql';

const counts = createCountCache(driverSessions);

/** How long `db`'s remembered counts may be answered while its list's change mark stays put. */
export const rememberedCountMaxAge = (db: ListDatabase): number => counts.maxAgeOf(db);

/** The column that carries the change mark on the rows of a page, taken off before they are answered. */
const CHANGE_MARK = 'list_change_mark';

/** Where the list's table is in its history of writes: the position of its change sequence. */
const changeMarkOf = (sequence: string): RawBuilder<string> =>
  sql<string>`(SELECT last_value::text || ':' || is_called::text FROM ${sql.table(sequence)})`;

/** The count of a list query as of `mark`, remembered per statement and parameters. */
const rememberedCount = async <DB, TB extends keyof DB, O, F extends string>(
  db: ListDatabase,
  query: SelectQueryBuilder<DB, TB, O>,
  list: ListQuery,
  source: ListSource<DB, TB, F>,
  mark: string,
): Promise<number> => {
  const countQuery = countQueryOf(query, list, source);
  const compiled = countQuery.compile();
  const key = JSON.stringify([compiled.sql, compiled.parameters], (_, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return counts.total(db, key, mark, () => runCount(countQuery));
};

/** The page column by column; the mark rides on every row and is taken off before the rows go back. */
const readColumns = async <DB, TB extends keyof DB, O>(
  page: SelectQueryBuilder<DB, TB, O>,
  changeMark: RawBuilder<string> | undefined,
): Promise<PageRead<O>> => {
  if (!changeMark) return { rows: await page.$castTo<O>().execute(), mark: undefined };
  const rows = await page.select(changeMark.as(CHANGE_MARK)).$castTo<O>().execute();
  const [first] = rows;
  const mark = first === undefined ? undefined : Reflect.get(first, CHANGE_MARK);
  for (const row of rows) Reflect.deleteProperty(row, CHANGE_MARK);
  return { rows, mark: typeof mark === 'string' ? mark : undefined };
};

/** The total a page gives by itself: one that is not full ends the list (unless it lies past the end). */
const totalOfPage = (list: ListQuery, rowCount: number): number | undefined => {
  const offset = (list.page - 1) * list.limit;
  return rowCount < list.limit && (rowCount > 0 || offset === 0) ? offset + rowCount : undefined;
};

/**
 * One page of a list (applyListQuery) and its total for `x-total-count`. A page that is not full ends the
 * list, so its total needs no count. Otherwise, with a change sequence and outside a transaction (whose
 * own writes a count could include), the count is remembered until the table changes (and, on PostgreSQL,
 * taken again in the background every LIST_COUNT_MAX_AGE_MS), so that paging and re-sorting a large list do not
 * count it again. The page reads the sequence in the same statement, before any count, so that a write landing
 * in between is counted yet moves the mark past the remembered count. A source with `readAsJson` reads its
 * page as one JSON text (decision 026).
 */
export const listPage = async <DB, TB extends keyof DB, O extends object, F extends string>(
  db: ListDatabase,
  query: SelectQueryBuilder<DB, TB, O>,
  list: ListQuery,
  source: ListSource<DB, TB, F>,
): Promise<{ rows: Simplify<O>[]; total: number }> => {
  const page = applyListQuery(query, list, source).$castTo<Simplify<O>>();
  const changeMark =
    source.changeSequence && !db.isTransaction ? changeMarkOf(source.changeSequence) : undefined;
  const { rows, mark } = source.readAsJson
    ? await readJson(db, page, changeMark, source.readAsJson.timestamps)
    : await readColumns(page, changeMark);
  const total =
    totalOfPage(list, rows.length) ??
    (mark === undefined
      ? await countListQuery(query, list, source)
      : await rememberedCount(db, query, list, source, mark));
  return { rows, total };
};
