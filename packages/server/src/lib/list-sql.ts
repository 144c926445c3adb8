/**
 * A list query as SQL (decision 008): the conditions of its filters and search, its order and page on a Kysely
 * select, and the count of its rows across all pages.
 */
import type {
  ListFieldSpec,
  ListFilter,
  ListQuery,
  ListScalar,
  ListSpec,
} from '@beacon/domain/validation/list-query';
import {
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type StringReference,
  sql,
} from 'kysely';

/** A column the list reads: a reference such as `'o.name'`, or any SQL expression. */
export type ListColumn<DB, TB extends keyof DB> = StringReference<DB, TB> | Expression<unknown>;

/** How a list's fields map onto one select: a column for every field, what `search` looks in, the id. */
export type ListSource<DB, TB extends keyof DB, F extends string = string> = {
  readonly spec: ListSpec & { readonly fields: Readonly<Record<F, ListFieldSpec>> };
  readonly columns: Readonly<Record<F, ListColumn<DB, TB>>>;
  /** Text columns `search` looks in (case-insensitive, anywhere in the text). */
  readonly searchColumns?: readonly ListColumn<DB, TB>[];
  /** A unique column that breaks ties in the order, so that pages never overlap or skip a row. */
  readonly idColumn: ListColumn<DB, TB>;
  /**
   * A sequence that a trigger moves on every write to the list's table (`list_changed()`, migration 0006):
   * listPage then remembers counts until it moves (decision 012). Without one, every full page is counted.
   */
  readonly changeSequence?: string;
  /**
   * Read the page as one JSON text built in the database instead of column by column (decision 026): one
   * value to parse instead of one per column and row. The select must answer every value as the driver
   * would: bigint cast to text (`asText`), dates as text; the timestamps named here come back as text and are
   * turned into Dates. A test per list reads the same page both ways.
   */
  readonly readAsJson?: { readonly timestamps: readonly string[] };
};

/** A source with its field names widened, for the lookups by a query's field name. */
type AnySource<DB, TB extends keyof DB> = ListSource<DB, TB, string>;

const expressionOf = <DB, TB extends keyof DB>(column: ListColumn<DB, TB>): Expression<unknown> =>
  typeof column === 'string' ? sql.ref(column) : column;

const columnOf = <DB, TB extends keyof DB>(
  source: AnySource<DB, TB>,
  field: string,
): { expression: Expression<unknown>; spec: ListFieldSpec } => {
  const column = Object.hasOwn(source.columns, field) ? source.columns[field] : undefined;
  const spec = Object.hasOwn(source.spec.fields, field) ? source.spec.fields[field] : undefined;
  // parseListQuery only lets the spec's fields through: a miss is a list declared without its column.
  if (column === undefined || !spec) throw new Error(`The list has no column for the field "${field}"`);
  return { expression: expressionOf(column), spec };
};

/** `%`, `_` and the escape character itself match literally (backslash is PostgreSQL's LIKE escape). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const INT4_MAX = 2_147_483_647;

/**
 * A number as a parameter. A whole number in the int4 range is sent bare so that PostgreSQL reads it as
 * the column's own type (and uses its index); anything else is cast to numeric, so that `1.5` against an
 * integer column or a huge value against an int4 column compares instead of failing the cast.
 */
const numberParam = (value: number): RawBuilder<unknown> =>
  Number.isInteger(value) && Math.abs(value) <= INT4_MAX ? sql`${value}` : sql`${value}::numeric`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The first instant of a day and of the next one, in UTC. */
const dayBounds = (day: string): { start: string; end: string } => {
  const start = new Date(`${day}T00:00:00.000Z`);
  return { start: start.toISOString(), end: new Date(start.getTime() + DAY_MS).toISOString() };
};

const paramOf = (spec: ListFieldSpec, value: ListScalar): RawBuilder<unknown> =>
  spec.type === 'number' && typeof value === 'number' ? numberParam(value) : sql`${value}`;

const or = (conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`;

const dateCondition = (column: Expression<unknown>, filter: ListFilter): RawBuilder<SqlBool> => {
  const value = String(filter.value);
  if (DAY.test(value)) {
    // A day is the whole UTC day: [day, next day).
    const { start, end } = dayBounds(value);
    switch (filter.operator) {
      case 'is':
        return sql<SqlBool>`(${column} >= ${start} AND ${column} < ${end})`;
      case 'after':
        return sql<SqlBool>`${column} >= ${end}`;
      case 'onOrAfter':
        return sql<SqlBool>`${column} >= ${start}`;
      case 'before':
        return sql<SqlBool>`${column} < ${start}`;
      case 'onOrBefore':
        return sql<SqlBool>`${column} < ${end}`;
    }
  }
  switch (filter.operator) {
    case 'is':
      return sql<SqlBool>`${column} = ${value}`;
    case 'after':
      return sql<SqlBool>`${column} > ${value}`;
    case 'onOrAfter':
      return sql<SqlBool>`${column} >= ${value}`;
    case 'before':
      return sql<SqlBool>`${column} < ${value}`;
    case 'onOrBefore':
      return sql<SqlBool>`${column} <= ${value}`;
  }
  throw new Error(`The operator "${filter.operator}" does not apply to a date`);
};

/** The condition of one filter. Text comparisons ignore case; "is not" keeps rows without a value. */
const filterCondition = <DB, TB extends keyof DB>(
  source: AnySource<DB, TB>,
  filter: ListFilter,
): RawBuilder<SqlBool> => {
  const { expression: column, spec } = columnOf(source, filter.field);
  const isText = spec.type === 'text';
  const values: readonly ListScalar[] = typeof filter.value === 'object' && filter.value ? filter.value : [];
  const scalar: ListScalar = typeof filter.value === 'object' || filter.value === null ? '' : filter.value;
  const text = escapeLike(String(scalar));

  switch (filter.operator) {
    case 'empty':
      return isText ? sql<SqlBool>`(${column} IS NULL OR ${column} = '')` : sql<SqlBool>`${column} IS NULL`;
    case 'notEmpty':
      return isText
        ? sql<SqlBool>`(${column} IS NOT NULL AND ${column} <> '')`
        : sql<SqlBool>`${column} IS NOT NULL`;
    case 'contains':
      return sql<SqlBool>`${column} ILIKE ${`%${text}%`}`;
    case 'starts':
      return sql<SqlBool>`${column} ILIKE ${`${text}%`}`;
    case 'ends':
      return sql<SqlBool>`${column} ILIKE ${`%${text}`}`;
    case 'any':
      if (values.length === 0) return sql<SqlBool>`false`;
      return isText
        ? sql<SqlBool>`lower(${column}) IN (${sql.join(values.map((value) => sql`lower(${String(value)})`))})`
        : or(values.map((value) => sql<SqlBool>`${column} = ${paramOf(spec, value)}`));
    case 'gt':
      return sql<SqlBool>`${column} > ${paramOf(spec, scalar)}`;
    case 'gte':
      return sql<SqlBool>`${column} >= ${paramOf(spec, scalar)}`;
    case 'lt':
      return sql<SqlBool>`${column} < ${paramOf(spec, scalar)}`;
    case 'lte':
      return sql<SqlBool>`${column} <= ${paramOf(spec, scalar)}`;
    default:
      break;
  }
  if (spec.type === 'date') return dateCondition(column, filter);
  // Text equality is `lower(a) = lower(b)`: what ILIKE without wildcards means, in a form that an index on
  // `lower(column)` serves (migration 0006).
  if (filter.operator === 'is') {
    return isText
      ? sql<SqlBool>`lower(${column}) = lower(${String(scalar)})`
      : sql<SqlBool>`${column} = ${paramOf(spec, scalar)}`;
  }
  if (filter.operator === 'isnt') {
    return isText
      ? sql<SqlBool>`(${column} IS NULL OR lower(${column}) <> lower(${String(scalar)}))`
      : sql<SqlBool>`(${column} IS NULL OR ${column} <> ${paramOf(spec, scalar)})`;
  }
  throw new Error(`The operator "${filter.operator}" does not apply to ${filter.field}`);
};

const searchCondition = <DB, TB extends keyof DB>(
  source: AnySource<DB, TB>,
  search: string,
): RawBuilder<SqlBool> => {
  const columns = source.searchColumns ?? [];
  if (columns.length === 0) throw new Error('The list accepts a search but names no search columns');
  const pattern = `%${escapeLike(search)}%`;
  return or(columns.map((column) => sql<SqlBool>`${expressionOf(column)} ILIKE ${pattern}`));
};

/** The filters and search of a list query as WHERE conditions (what both the page and the count apply). */
export const applyListFilters = <DB, TB extends keyof DB, O, F extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  list: ListQuery,
  source: ListSource<DB, TB, F>,
): SelectQueryBuilder<DB, TB, O> => {
  let next = query;
  for (const filter of list.filters) next = next.where(filterCondition(source, filter));
  if (list.search) next = next.where(searchCondition(source, list.search));
  return next;
};

/**
 * One page of a list: its filters and search, its order (text ignoring case; the id breaks ties in the same
 * direction, so the order is total and pages are stable), LIMIT and OFFSET.
 */
export const applyListQuery = <DB, TB extends keyof DB, O, F extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  list: ListQuery,
  source: ListSource<DB, TB, F>,
): SelectQueryBuilder<DB, TB, O> => {
  let next = applyListFilters(query, list, source);
  const direction = list.sort?.direction ?? 'asc';
  if (list.sort) {
    const { expression, spec } = columnOf(source, list.sort.field);
    next = next.orderBy(spec.type === 'text' ? sql`lower(${expression})` : expression, direction);
  }
  return next
    .orderBy(expressionOf(source.idColumn), direction)
    .limit(list.limit)
    .offset((list.page - 1) * list.limit);
};

/** The count of a list query: its filters and search on the base query, without order or paging. */
export const countQueryOf = <DB, TB extends keyof DB, O, F extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  list: ListQuery,
  source: ListSource<DB, TB, F>,
) =>
  applyListFilters(query, list, source)
    .clearSelect()
    .clearOrderBy()
    .select(sql<string>`count(*)`.as('count'));

/** Runs a count query and reads its count back. */
export const runCount = async (query: { executeTakeFirst: () => Promise<unknown> }): Promise<number> => {
  const row = await query.executeTakeFirst();
  // The row's type is lost in the generic query builder; read it back with a check instead of a cast.
  const count = typeof row === 'object' && row !== null && 'count' in row ? Number(row.count) : Number.NaN;
  if (!Number.isFinite(count)) throw new Error('The count query answered no count');
  return count;
};

/**
 * The number of rows the list holds across all pages: the same filters and search on the base query
 * (joins and scope conditions, without paging). A grouped base query needs wrapping in a subquery first.
 */
export const countListQuery = <DB, TB extends keyof DB, O, F extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  list: ListQuery,
  source: ListSource<DB, TB, F>,
): Promise<number> => runCount(countQueryOf(query, list, source));
