/**
 * A list page read as one JSON text built in the database instead of column by column (decision 026): one
 * value to parse instead of one per column and row.
 */
import {
  AliasNode,
  ColumnNode,
  IdentifierNode,
  type RawBuilder,
  ReferenceNode,
  type SelectQueryBuilder,
  type SelectQueryNode,
  sql,
} from 'kysely';
import { PLAN_PER_VALUES } from '../db/statement-naming.mjs';
import type { ListDatabase } from './list-database';

/** A bigint column as the text the driver answers it in, for a select read as JSON (`readAsJson`). */
export const asText = (column: string): RawBuilder<string> => sql<string>`${sql.ref(column)}::text`;

/**
 * The names a select answers its columns under, in order: a column by its name (`c.name`), anything else by its
 * alias. A select-all has no names to list, and is refused.
 */
export const selectedNames = (query: { toOperationNode(): SelectQueryNode }): string[] =>
  (query.toOperationNode().selections ?? []).map(({ selection }) => {
    const named = AliasNode.is(selection)
      ? selection.alias
      : ReferenceNode.is(selection)
        ? selection.column
        : selection;
    if (IdentifierNode.is(named)) return named.name;
    if (ColumnNode.is(named)) return named.column.name;
    throw new Error(`A page read as JSON names each column it selects (found a ${named.kind})`);
  });

/** A string value as a Date, anything else (null) as it is. */
const dateOrAsIs = (value: unknown): unknown => (typeof value === 'string' ? new Date(value) : value);

/** How a page of some list of names is asked for and read back, made once per list of names. */
type ArrayRows = {
  /** The page's columns as the arguments of json_build_array, in order. */
  readonly values: RawBuilder<unknown>;
  /** A row's array of values back into its object. */
  readonly build: (values: unknown[]) => Record<string, unknown>;
};
const arrayRowsByNames = new Map<string, ArrayRows>();

/**
 * The arguments and the row builder for a page of these columns. The builder is an object literal with the
 * names written in, which V8 builds as fast as JSON.parse builds an object: a closure assigning the names one
 * by one costs the HTTP thread more than the shorter text saves (decision 026; again in a micro-benchmark of
 * 200 rows of 20 columns, about twice the time of the literal). The names are the code's own column names and
 * aliases, never input, and are written in as JSON strings; both are made once, not on every request.
 */
const arrayRowsOf = (names: readonly string[], timestamps: readonly string[]): ArrayRows => {
  const key = `${names.join(',')}|${timestamps.join(',')}`;
  let rows = arrayRowsByNames.get(key);
  if (!rows) {
    const quoted = names.map((name) => `list_page."${name.replaceAll('"', '""')}"`);
    const fields = names.map((name, index) =>
      timestamps.includes(name)
        ? `${JSON.stringify(name)}: date(v[${index}])`
        : `${JSON.stringify(name)}: v[${index}]`,
    );
    rows = {
      values: sql.raw(quoted.join(', ')),
      build: new Function('date', `return (v) => ({ ${fields.join(', ')} });`)(dateOrAsIs),
    };
    arrayRowsByNames.set(key, rows);
  }
  return rows;
};

/** The rows of a page and the change mark read along with them (when asked for). */
export type PageRead<O> = { rows: O[]; mark: string | undefined };

/**
 * The page as one JSON array built by the database, in the page's order (an aggregate over a sorted subquery
 * keeps its order), with the mark beside it. Each row is an array of its values in the select's order (what
 * the database builds fastest, and a shorter text than an object per row: decision 026); the rows are put
 * back into objects here and the timestamps turned back into Dates.
 */
export const readJson = async <DB, TB extends keyof DB, O extends object>(
  db: ListDatabase,
  page: SelectQueryBuilder<DB, TB, O>,
  changeMark: RawBuilder<string> | undefined,
  timestamps: readonly string[],
): Promise<PageRead<O>> => {
  const { values, build } = arrayRowsOf(selectedNames(page), timestamps);
  // The same pages are asked again and again: both databases plan each question once (decision 029).
  const { rows: answers } = await sql<{ mark: string | null; page: string }>`${sql.raw(PLAN_PER_VALUES)}
    SELECT ${changeMark ?? sql`NULL`} AS mark, coalesce(json_agg(json_build_array(${values})), '[]')::text AS page
    FROM ${page.as('list_page')}`.execute(db);
  const [answer] = answers;
  if (!answer) throw new Error('The page query answered no row');
  const rows = (JSON.parse(answer.page) as unknown[][]).map(build) as O[];
  return { rows, mark: answer.mark ?? undefined };
};
