import {
  DUPLICATED_FROM_FIELD,
  HISTORY_SUBJECT_LABELS,
  LINKED_CAMPAIGN_FIELD,
  LINKED_CAMPAIGN_LABELS,
  type THistoryEntry,
  type THistoryLabels,
} from '@beacon/domain/api/history';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Principal } from '../app-types';
import type { Database } from '../db/schema';
import { organizationPathInScope, scopeOf } from './tenant-scope';

/**
 * The names history shows for the ids its changes hold (docs/decisions/039): an entry's `labels` map each
 * reference path to the names of the rows it names, read in the caller's scope, so that a name the caller may not
 * read never leaves the server (the console shows "#id (deleted)" for an id without a name).
 */

/** The tables a history change may name rows of. */
type NamedTable =
  | 'organizations'
  | 'campaigns'
  | 'strategies'
  | 'audiences'
  | 'location_audiences'
  | 'geolists'
  | 'publisher_lists'
  | 'deals'
  | 'creatives';

/** The table of each history entity, for its `duplicated_from`. */
const ENTITY_TABLES: Readonly<Record<string, NamedTable>> = {
  organization: 'organizations',
  campaign: 'campaigns',
  strategy: 'strategies',
  audience: 'audiences',
  location_audience: 'location_audiences',
  geolist: 'geolists',
  publisher_list: 'publisher_lists',
  deal: 'deals',
  creative: 'creatives',
};

const TARGETED: Readonly<Record<string, NamedTable>> = {
  'targeting.audiences': 'audiences',
  'targeting.location_audiences': 'location_audiences',
  'targeting.geolists': 'geolists',
};

/** Per entity, the paths of its history view that hold ids of other rows (the fields of its `historyViewOf`). */
const REFERENCES: Readonly<Record<string, Readonly<Record<string, NamedTable>>>> = {
  campaign: {
    source_campaign: 'campaigns',
    ...TARGETED,
    'targeting.publisher_allowlists': 'publisher_lists',
    'targeting.publisher_blocklists': 'publisher_lists',
    'targeting.deals': 'deals',
  },
  strategy: { campaign: 'campaigns', ...TARGETED },
  audience: { campaigns: 'campaigns' },
};

type Reference = { path: string; table: NamedTable; ids: string[] };

/** Every whole number inside a value (a list, the groups of an audience targeting…), as ids. */
const idsIn = (value: unknown): string[] => {
  if (typeof value === 'number' && Number.isInteger(value)) return [String(value)];
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(idsIn);
  return [];
};

/** The value at a dotted path below a change's field: `targeting.geolists` of a `targeting` change. */
const valueAt = (value: unknown, rest: readonly string[]): unknown =>
  rest.reduce<unknown>(
    (current, key) =>
      current !== null && typeof current === 'object' && !Array.isArray(current)
        ? (current as Record<string, unknown>)[key]
        : undefined,
    value,
  );

type LabelledEntry = THistoryEntry & { entity: string; entity_id: number };

/** The ids an entry names, by reference path: its changes', and its own when it is about a part of `subject`. */
const referencesOf = ({ entity, entity_id, changes }: LabelledEntry, subject: string): Reference[] => {
  const paths: Readonly<Record<string, NamedTable>> = {
    organization: 'organizations',
    ...(ENTITY_TABLES[entity] ? { [DUPLICATED_FROM_FIELD]: ENTITY_TABLES[entity] } : {}),
    ...REFERENCES[entity],
  };
  const references: Reference[] = [];
  for (const [path, table] of Object.entries(paths)) {
    const [field, ...rest] = path.split('.');
    const ids = changes
      .filter((change) => change.field === field)
      .flatMap((change) => [...idsIn(valueAt(change.from, rest)), ...idsIn(valueAt(change.to, rest))]);
    if (ids.length > 0) references.push({ path, table, ids });
  }
  const ownTable = ENTITY_TABLES[entity];
  if (entity !== subject && ownTable) {
    references.push({ path: HISTORY_SUBJECT_LABELS, table: ownTable, ids: [String(entity_id)] });
  }
  if (entity === 'creative') {
    const ids = changes.flatMap((change) => LINKED_CAMPAIGN_FIELD.exec(change.field)?.[1] ?? []);
    if (ids.length > 0) references.push({ path: LINKED_CAMPAIGN_LABELS, table: 'campaigns', ids });
  }
  return references;
};

/** The campaigns a caller may read: its tenant scope narrowed by its advertisers (decision 014). */
const campaignInScope = (viewer: Principal, path: Expression<string>): Expression<SqlBool> => {
  const tenant = organizationPathInScope(scopeOf(viewer), path);
  const advertisers = viewer.campaignAdvertiserPaths;
  if (advertisers === null) return tenant;
  if (advertisers.length === 0) return sql<SqlBool>`false`;
  const under = advertisers.map((advertiser) => sql<SqlBool>`${path} LIKE ${`${advertiser}%`}`);
  return sql<SqlBool>`(${tenant} AND (${sql.join(under, sql` OR `)}))`;
};

/** The names of the rows of one table the caller may read, by id. */
const namesOf = async (
  db: Kysely<Database>,
  viewer: Principal,
  table: NamedTable,
  ids: readonly string[],
): Promise<Map<string, string>> => {
  const scope = scopeOf(viewer);
  let rows: { id: string; name: string }[];
  if (table === 'organizations') {
    rows = await db
      .selectFrom('organizations as o')
      .select(['o.id', 'o.name'])
      .where('o.id', 'in', ids)
      .where(organizationPathInScope(scope, sql.ref('o.path')))
      .execute();
  } else if (table === 'campaigns' || table === 'strategies') {
    const campaigns = db
      .selectFrom('campaigns as c')
      .innerJoin('organizations as o', 'o.id', 'c.organization_id');
    rows =
      table === 'campaigns'
        ? await campaigns
            .select(['c.id', 'c.name'])
            .where('c.id', 'in', ids)
            .where(campaignInScope(viewer, sql.ref('o.path')))
            .execute()
        : await campaigns
            .innerJoin('strategies as s', 's.campaign_id', 'c.id')
            .select(['s.id', 's.name'])
            .where('s.id', 'in', ids)
            .where(campaignInScope(viewer, sql.ref('o.path')))
            .execute();
  } else {
    // The other tables share `id`, `name` and `organization_id`; Kysely cannot type a query over their union.
    const anyDb = db as unknown as Kysely<{
      r: { id: string; name: string; organization_id: string; is_shared: boolean };
      organizations: Database['organizations'];
    }>;
    const inScope = organizationPathInScope(scope, sql.ref('o.path'));
    rows = await anyDb
      .selectFrom(`${table} as r` as 'r')
      .innerJoin('organizations as o', 'o.id', 'r.organization_id')
      .select(['r.id', 'r.name'])
      .where('r.id', 'in', ids)
      // Published segments are readable by everyone (§3), as the audiences' own reads allow.
      .where(table === 'audiences' ? sql<SqlBool>`(${inScope} OR r.is_shared)` : inScope)
      .execute();
  }
  return new Map(rows.map((row) => [String(row.id), row.name]));
};

/**
 * The entries of the history of a `subject` entity (with its parts') with the names of the rows they refer to,
 * read in one statement per table.
 */
export const withHistoryLabels = async <E extends LabelledEntry>(
  db: Kysely<Database>,
  viewer: Principal,
  subject: string,
  entries: readonly E[],
): Promise<E[]> => {
  const references = entries.map((entry) => referencesOf(entry, subject));
  const wanted = new Map<NamedTable, Set<string>>();
  for (const reference of references.flat()) {
    const ids = wanted.get(reference.table) ?? new Set<string>();
    for (const id of reference.ids) ids.add(id);
    wanted.set(reference.table, ids);
  }
  const names = new Map<NamedTable, Map<string, string>>();
  for (const [table, ids] of wanted) names.set(table, await namesOf(db, viewer, table, [...ids]));
  return entries.map((entry, index) => {
    const entryReferences = references[index] ?? [];
    if (entryReferences.length === 0) return entry;
    const labels: THistoryLabels = {};
    for (const { path, table, ids } of entryReferences) {
      const named = labels[path] ?? {};
      for (const id of ids) {
        const name = names.get(table)?.get(id);
        if (name !== undefined) named[id] = name;
      }
      labels[path] = named;
    }
    return { ...entry, labels };
  });
};
