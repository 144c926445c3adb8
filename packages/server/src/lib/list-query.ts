/**
 * The list mechanism of DESIGN §4 for every list route: a querystring schema that parses `page`, `limit`,
 * `search`, `sort` and `field[operator]=value` with the domain's parseListQuery (answering a 400 with
 * `details[{ path, message }]`), the SQL that applies the query to a Kysely select, a page with its total
 * (counted only when the page cannot tell it, and remembered until the table changes: decision 012), and the
 * answer with its `x-total-count` header.
 */
import { OPERATORS_BY_FIELD_TYPE } from '@beacon/domain/dictionary/grid';
import {
  type ListFieldSpec,
  type ListFilter,
  type ListQuery,
  type ListScalar,
  type ListSpec,
  parseListQuery,
} from '@beacon/domain/validation/list-query';
import type { FastifyReply } from 'fastify';
import {
  AliasNode,
  ColumnNode,
  type Expression,
  IdentifierNode,
  type QueryExecutorProvider,
  type RawBuilder,
  ReferenceNode,
  type SelectQueryBuilder,
  type SelectQueryNode,
  type Simplify,
  type SqlBool,
  type StringReference,
  sql,
} from 'kysely';
import { z } from 'zod';
import { runsInOneSession } from '../db/pglite-worker-dialect';
import { PLAN_PER_VALUES } from '../db/statement-naming.mjs';

export const TOTAL_COUNT_HEADER = 'x-total-count';

// ---------------------------------------------------------------------------------------------------------
// Querystring schema

/** A query parameter as Fastify hands it over: a repeated parameter is a list. */
const ZParam = z.union([z.string(), z.array(z.string())]);

/**
 * The `querystring` schema of a list route. Zod objects cannot name `field[operator]` keys, so the known
 * parameters are declared (for the OpenAPI document) and every other one is let through to parseListQuery,
 * whose problems become issues on the parameter's own path: the central error handler answers them as
 * `400 VALIDATION_FAILED` with `details[{ path, message }]`. The handler receives the parsed ListQuery.
 */
export const ZListQuery = (spec: ListSpec) =>
  z
    .object({
      page: ZParam.optional().meta({ description: 'Page to answer, from 1 (default 1)' }),
      limit: ZParam.optional().meta({ description: 'Rows per page, 1 to 200 (default 32)' }),
      ...(spec.searchable ? { search: ZParam.optional().meta({ description: 'Text to search for' }) } : {}),
      sort: ZParam.optional().meta({
        description: `\`field\` (ascending) or \`-field\` (descending); one of: ${sortableFields(spec).join(', ') || 'none'}`,
      }),
    })
    .catchall(ZParam)
    .transform((raw, context) => {
      const result = parseListQuery(raw, spec);
      if (result.ok) return result.query;
      for (const detail of result.details) {
        context.addIssue({ code: 'custom', path: [detail.path], message: detail.message });
      }
      return z.NEVER;
    });

const sortableFields = (spec: ListSpec): string[] =>
  Object.entries(spec.fields)
    .filter(([, field]) => field.sortable !== false)
    .map(([name]) => name);

/**
 * A Markdown description of a list's filters for its route's OpenAPI `description`: the filters are not
 * declared one by one in the querystring schema, so this says which `field[operator]` pairs exist.
 */
export const describeListQuery = (spec: ListSpec): string => {
  const filters = Object.entries(spec.fields)
    .filter(([, field]) => field.filterable !== false)
    .map(([name, field]) => {
      const values = field.type === 'enum' ? ` (values: ${field.values.join(', ')})` : '';
      return `- \`${name}\` ${field.type}${values}: ${OPERATORS_BY_FIELD_TYPE[field.type].join(', ')}`;
    });
  return [
    'Filters are `field[operator]=value`; `any` takes a comma-separated list and `empty`/`notEmpty` no value.',
    'Dates are `YYYY-MM-DD` (a whole UTC day) or an ISO 8601 date and time. The total is in `x-total-count`.',
    ...filters,
  ].join('\n');
};

// ---------------------------------------------------------------------------------------------------------
// SQL

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

const countQueryOf = <DB, TB extends keyof DB, O, F extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  list: ListQuery,
  source: ListSource<DB, TB, F>,
) =>
  applyListFilters(query, list, source)
    .clearSelect()
    .clearOrderBy()
    .select(sql<string>`count(*)`.as('count'));

const runCount = async (query: { executeTakeFirst: () => Promise<unknown> }): Promise<number> => {
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

// ---------------------------------------------------------------------------------------------------------
// Page and total (decision 012)

/**
 * How long a remembered count lasts on PostgreSQL before it is taken again, in the background (the requests
 * meanwhile answer it). The change mark is what normally retires it; the age only bounds a write that commits
 * while its count is being taken (the mark moves when the write runs). The embedded database runs its
 * statements in turn in one session, so no write can commit during a count there: its remembered counts last
 * until the mark moves, and a long list is not counted again every LIST_COUNT_MAX_AGE_MS, holding up every
 * statement queued behind the count.
 */
export const LIST_COUNT_MAX_AGE_MS = 10_000;
const LIST_COUNT_MAX_ENTRIES = 1_000;

/** The database handle (a Kysely instance or transaction) the list's query was built on. */
export type ListDatabase = QueryExecutorProvider & { readonly isTransaction: boolean };

/** How long `db`'s remembered counts may be answered while its list's change mark stays put. */
export const rememberedCountMaxAge = (db: ListDatabase): number =>
  runsInOneSession(db) ? Number.POSITIVE_INFINITY : LIST_COUNT_MAX_AGE_MS;

/** A count as of a change mark; pending while it runs, so that requests arriving meanwhile share it. */
type RememberedCount = {
  readonly mark: string;
  readonly total: Promise<number>;
  readonly storedAt: number;
  /** True while the count, having aged, is taken again. */
  refreshing?: boolean;
};

/** Remembered counts per database handle, so that two apps (two tests) never share one. */
const countsByDatabase = new WeakMap<object, Map<string, RememberedCount>>();

const rememberedCountsOf = (db: object): Map<string, RememberedCount> => {
  const existing = countsByDatabase.get(db);
  if (existing) return existing;
  const counts = new Map<string, RememberedCount>();
  countsByDatabase.set(db, counts);
  return counts;
};

/** The column that carries the change mark on the rows of a page, taken off before they are answered. */
const CHANGE_MARK = 'list_change_mark';

/** Where the list's table is in its history of writes: the position of its change sequence. */
const changeMarkOf = (sequence: string): RawBuilder<string> =>
  sql<string>`(SELECT last_value::text || ':' || is_called::text FROM ${sql.table(sequence)})`;

/**
 * Takes an aged remembered count again without making anyone wait for it: its mark has not moved, so the total
 * can only miss a write that committed while it was taken. Requests answer the remembered total until the new
 * one is in; a failed count leaves it in place for the next request to try again.
 */
const countAgain = (
  counts: Map<string, RememberedCount>,
  key: string,
  remembered: RememberedCount,
  countQuery: { executeTakeFirst: () => Promise<unknown> },
  startedAt: number,
): void => {
  remembered.refreshing = true;
  runCount(countQuery).then(
    (total) => {
      if (counts.get(key) !== remembered) return;
      counts.delete(key);
      counts.set(key, { mark: remembered.mark, total: Promise.resolve(total), storedAt: startedAt });
    },
    () => {
      remembered.refreshing = false;
    },
  );
};

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
  const counts = rememberedCountsOf(db);
  const remembered = counts.get(key);
  const now = performance.now();
  if (remembered && remembered.mark === mark) {
    if (now - remembered.storedAt >= rememberedCountMaxAge(db) && !remembered.refreshing) {
      countAgain(counts, key, remembered, countQuery, now);
    }
    return remembered.total;
  }
  const total = runCount(countQuery);
  counts.delete(key);
  if (counts.size >= LIST_COUNT_MAX_ENTRIES) {
    const oldest = counts.keys().next().value;
    if (oldest !== undefined) counts.delete(oldest);
  }
  counts.set(key, { mark, total, storedAt: now });
  // A failed count is forgotten, not answered again; the caller still gets the error through `total`.
  total.catch(() => {
    if (counts.get(key)?.total === total) counts.delete(key);
  });
  return total;
};

/** A bigint column as the text the driver answers it in, for a select read as JSON (`readAsJson`). */
export const asText = (column: string): RawBuilder<string> => sql<string>`${sql.ref(column)}::text`;

/** The rows of a page and the change mark read along with them (when asked for). */
type PageRead<O> = { rows: O[]; mark: string | undefined };

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
 * names written in, which V8 builds as fast as JSON.parse builds an object (assigning the names one by one
 * cost the HTTP thread more than the shorter text saved). The names are the code's own column names and
 * aliases, never input; both are made once, not on every request.
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

/**
 * The page as one JSON array built by the database, in the page's order (an aggregate over a sorted subquery
 * keeps its order), with the mark beside it. Each row is an array of its values in the select's order (what
 * the database builds fastest, and a shorter text than an object per row: decision 026); the rows are put
 * back into objects here and the timestamps turned back into Dates.
 */
const readJson = async <DB, TB extends keyof DB, O extends object>(
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

// ---------------------------------------------------------------------------------------------------------
// Answer

/**
 * Sets `x-total-count` (exposed to cross-origin callers too) and hands the rows back, for
 * `return sendList(reply, rows, total)` in a handler whose 200 schema is the array of rows.
 */
export const sendList = <T>(reply: FastifyReply, rows: T[], total: number): T[] => {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  const exposed = reply.getHeader('access-control-expose-headers');
  const names = (Array.isArray(exposed) ? exposed.join(',') : String(exposed ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === TOTAL_COUNT_HEADER)) {
    reply.header('access-control-expose-headers', [...names, TOTAL_COUNT_HEADER].join(', '));
  }
  return rows;
};
