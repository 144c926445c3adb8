import type { ListQuery, ListSpec } from '@beacon/domain/validation/list-query';
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type {
  CampaignRow,
  CampaignUpdate,
  Database,
  NewCampaign,
  NewStrategy,
  StrategyRow,
} from '../../db/schema';
import { asText } from '../../lib/list-page-json';
import { listPage } from '../../lib/list-query';
import type { ListSource } from '../../lib/list-sql';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';
import { recentDeliverySql, totalSpendUnitsSql } from '../delivery/delivery.queries';
import { campaignStatusSql, deliveryStatusSql } from './campaign-status.sql';

/**
 * What a caller may see of campaigns: the organizations of its tenant scope, narrowed to the advertisers it
 * is restricted to (users without `view_all_campaigns` who have advertisers assigned; decision 014). The
 * paths are the advertisers' materialised paths, so an advertiser's own children are included.
 */
export type CampaignScope = { tenant: TenantScope; advertiserPaths: readonly string[] | null };

type CampaignTables = Database & { c: Database['campaigns']; o: Database['organizations'] };
type CampaignFrom = 'c' | 'o';

const inCampaignScope = (
  scope: CampaignScope,
  eb: ExpressionBuilder<CampaignTables, 'c' | 'o'>,
): ReturnType<typeof sql<SqlBool>> => {
  const tenant = organizationPathInScope(scope.tenant, eb.ref('o.path'));
  if (scope.advertiserPaths === null) return sql<SqlBool>`${tenant}`;
  if (scope.advertiserPaths.length === 0) return sql<SqlBool>`false`;
  const advertisers = scope.advertiserPaths.map((path) => sql<SqlBool>`o.path LIKE ${`${path}%`}`);
  return sql<SqlBool>`(${tenant} AND (${sql.join(advertisers, sql` OR `)}))`;
};

const day = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** Micro-units as decimal units, for filters on money (`budget[gt]=100` means 100 units). */
const units = (column: string) => sql<number>`(${sql.ref(column)}::numeric / 1000000)`;

/**
 * The status and delivery status of `c` for `today`. With `deliverySince` (delivery.queries.ts `recentSince`),
 * the delivery status reads the rollups' bids and wins since then (not_bidding, not_winning, on_track); without
 * it, delivery is unknown (the reloads of writes, which the services answer with the delivery read again).
 */
export const statusExpressions = (today: string, deliverySince?: Date) => ({
  status: campaignStatusSql({ state: sql.ref('c.state'), endDate: sql.ref('c.end_date'), today }),
  delivery_status: deliveryStatusSql({
    state: sql.ref('c.state'),
    startDate: sql.ref('c.start_date'),
    endDate: sql.ref('c.end_date'),
    today,
    strategiesBidding: sql.ref('c.strategies_bidding'),
    // The link counts kept on the row by the creatives module (migration 0017), so no join per campaign.
    creatives: {
      total: sql.ref('c.creatives_total'),
      active: sql.ref('c.creatives_active'),
      paused: sql.ref('c.creatives_paused'),
      pending: sql.ref('c.creatives_pending'),
    },
    ...(deliverySince === undefined ? {} : { delivery: recentDeliverySql(sql.ref('c.id'), deliverySince) }),
  }),
});

/**
 * A campaign as repositories answer it: every column, dates as `YYYY-MM-DD` text, the organization's name, and
 * the status and delivery status computed in SQL for `today`.
 */
export type CampaignRecord = Omit<CampaignRow, 'start_date' | 'end_date'> & {
  start_date: string | null;
  end_date: string | null;
  organization_name: string;
  /** The organization's materialised path (which organizations' resources the campaign may target). */
  organization_path: string;
  status: string;
  delivery_status: string;
};

const selectCampaign = <O>(query: SelectQueryBuilder<CampaignTables, CampaignFrom, O>, today: string) => {
  const expressions = statusExpressions(today);
  return query
    .selectAll('c')
    .select([
      day('c.start_date').as('start_date'),
      day('c.end_date').as('end_date'),
      'o.name as organization_name',
      'o.path as organization_path',
      expressions.status.as('status'),
      expressions.delivery_status.as('delivery_status'),
    ]);
};

const campaignsFrom = (db: Kysely<Database>) =>
  db.selectFrom('campaigns as c').innerJoin('organizations as o', 'o.id', 'c.organization_id');

/**
 * The list's fields on the campaigns table; the spec is the domain's CAMPAIGN_LIST_SPEC. `spend` is the rollups'
 * total (delivery.queries.ts), summed per campaign only when a query sorts or filters on it.
 */
export const campaignListSource = <F extends string>(
  spec: ListSpec & { fields: Record<F, ListSpec['fields'][string]> },
  today: string,
  deliverySince?: Date,
): ListSource<CampaignTables, CampaignFrom, string> => {
  const expressions = statusExpressions(today, deliverySince);
  return {
    spec,
    columns: {
      id: 'c.id',
      name: 'c.name',
      organization: 'c.organization_id',
      organization_name: 'o.name',
      type: 'c.type',
      objective: 'c.objective',
      state: 'c.state',
      status: expressions.status,
      delivery_status: expressions.delivery_status,
      start_date: 'c.start_date',
      end_date: 'c.end_date',
      budget: units('c.budget'),
      spend: totalSpendUnitsSql(sql.ref('c.id')),
      currency: 'c.currency',
      strategies_count: 'c.strategies_count',
      created_at: 'c.created_at',
    },
    searchColumns: ['c.name'],
    idColumn: 'c.id',
    changeSequence: 'campaigns_changes',
    // The page is read as one JSON text (decision 026); selectCampaignListRow answers it JSON-safe.
    readAsJson: { timestamps: ['created_at', 'updated_at'] },
  };
};

/**
 * What a grid row reads (toCampaignRow): none of the configuration (targeting, schedule, internal…). The page
 * is read as JSON (decision 026), so bigint columns are selected as the text the driver answers them in.
 */
export type CampaignListRecord = Pick<
  CampaignRecord,
  | 'id'
  | 'name'
  | 'organization_id'
  | 'organization_name'
  | 'type'
  | 'objective'
  | 'state'
  | 'status'
  | 'delivery_status'
  | 'start_date'
  | 'end_date'
  | 'currency'
  | 'time_zone'
  | 'budget_timespan'
  | 'budget'
  | 'daily_budget'
  | 'daily_limit_type'
  | 'max_daily_cost_strategy'
  | 'strategies_count'
  | 'strategies_bidding'
  | 'creatives_total'
  | 'creatives_active'
  | 'creatives_paused'
  | 'creatives_pending'
  | 'source_campaign_id'
  | 'created_at'
  | 'updated_at'
  | 'version'
>;

const selectCampaignListRow = <O>(
  query: SelectQueryBuilder<CampaignTables, CampaignFrom, O>,
  today: string,
) => {
  const expressions = statusExpressions(today);
  return query.select([
    asText('c.id').as('id'),
    'c.name',
    asText('c.organization_id').as('organization_id'),
    'c.type',
    'c.objective',
    'c.state',
    'c.currency',
    'c.time_zone',
    'c.budget_timespan',
    asText('c.budget').as('budget'),
    asText('c.daily_budget').as('daily_budget'),
    'c.daily_limit_type',
    'c.max_daily_cost_strategy',
    'c.strategies_count',
    'c.strategies_bidding',
    'c.creatives_total',
    'c.creatives_active',
    'c.creatives_paused',
    'c.creatives_pending',
    asText('c.source_campaign_id').as('source_campaign_id'),
    'c.created_at',
    'c.updated_at',
    'c.version',
    day('c.start_date').as('start_date'),
    day('c.end_date').as('end_date'),
    'o.name as organization_name',
    expressions.status.as('status'),
    expressions.delivery_status.as('delivery_status'),
  ]);
};

/**
 * One page of the campaigns in scope and the total across pages. Deleted campaigns are left out unless the
 * caller filters on `state` (as organizations do). A page reads only the grid's columns: every column of
 * every row is parsed (on the embedded database, in its thread, then copied across; decision 013).
 */
export const listCampaignsInScope = async (
  db: Kysely<Database>,
  scope: CampaignScope,
  list: ListQuery,
  source: ListSource<CampaignTables, CampaignFrom, string>,
  options: { withDeleted: boolean; today: string },
): Promise<{ rows: CampaignListRecord[]; total: number }> => {
  let query = campaignsFrom(db).where((eb) => inCampaignScope(scope, eb));
  if (!options.withDeleted) query = query.where('c.state', '<>', 'deleted');
  // The page's delivery status is the domain's, from the figures read after it (campaigns.views.ts): the
  // row's SQL one leaves the rollups out, and only a filter or sort on it (`source`) reads them.
  const { rows, total } = await listPage(db, selectCampaignListRow(query, options.today), list, source);
  return { rows: rows as unknown as CampaignListRecord[], total };
};

/** One campaign inside the scope (deleted ones too: they keep their history and can be read). */
export const findCampaignInScope = async (
  db: Kysely<Database>,
  scope: CampaignScope,
  id: string,
  today: string,
): Promise<CampaignRecord | undefined> => {
  const row = await selectCampaign(
    campaignsFrom(db)
      .where('c.id', '=', id)
      .where((eb) => inCampaignScope(scope, eb)),
    today,
  ).executeTakeFirst();
  return row as unknown as CampaignRecord | undefined;
};

/** The campaigns with these ids inside the scope (fewer rows than ids: some are absent or not visible). */
export const findCampaignsInScopeByIds = async (
  db: Kysely<Database>,
  scope: CampaignScope,
  ids: readonly string[],
  today: string,
): Promise<CampaignRecord[]> => {
  if (ids.length === 0) return [];
  const rows = await selectCampaign(
    campaignsFrom(db)
      .where('c.id', 'in', [...ids])
      .where((eb) => inCampaignScope(scope, eb)),
    today,
  ).execute();
  return rows as unknown as CampaignRecord[];
};

/** A campaign by id whatever the scope, for the service's own follow-up reads inside a transaction. */
export const findCampaignById = async (
  db: Kysely<Database>,
  id: string,
  today: string,
): Promise<CampaignRecord | undefined> => {
  const row = await selectCampaign(campaignsFrom(db).where('c.id', '=', id), today).executeTakeFirst();
  return row as unknown as CampaignRecord | undefined;
};

export const insertCampaign = async (db: Kysely<Database>, values: NewCampaign): Promise<string> => {
  const row = await db.insertInto('campaigns').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
};

/**
 * Applies changes to one live campaign whatever its version (bulk state changes, followers of a source); false
 * when it was deleted meanwhile.
 */
export const updateLiveCampaign = async (
  db: Kysely<Database>,
  id: string,
  values: CampaignUpdate,
  now: Date,
): Promise<boolean> => {
  const result = await db
    .updateTable('campaigns')
    .set({ ...values, updated_at: now })
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
};

/** Live synchronized campaigns that follow a source (not deleted). */
export const findFollowers = async (
  db: Kysely<Database>,
  sourceId: string,
  today: string,
): Promise<CampaignRecord[]> => {
  const rows = await selectCampaign(
    campaignsFrom(db).where('c.source_campaign_id', '=', sourceId).where('c.state', '<>', 'deleted'),
    today,
  ).execute();
  return rows as unknown as CampaignRecord[];
};

/** Recounts a campaign's live and bidding strategies into its denormalized columns. */
export const refreshStrategyCounts = async (db: Kysely<Database>, campaignId: string): Promise<void> => {
  await sql`
    UPDATE campaigns SET
      strategies_count = s.total,
      strategies_bidding = s.bidding
    FROM (
      SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'bidding')::int AS bidding
      FROM strategies WHERE campaign_id = ${campaignId} AND deleted_at IS NULL
    ) s
    WHERE campaigns.id = ${campaignId}
  `.execute(db);
};

// ---------------------------------------------------------------------------------------------------------
// Strategies

/** A strategy as repositories answer it: dates as `YYYY-MM-DD` text, and its campaign's organization. */
export type StrategyRecord = Omit<StrategyRow, 'start_date' | 'end_date'> & {
  start_date: string | null;
  end_date: string | null;
  organization_id: string;
};

type StrategyTables = Database & { s: Database['strategies'] };

const strategiesFrom = (db: Kysely<Database>) =>
  db
    .selectFrom('strategies as s')
    .innerJoin('campaigns as sc', 'sc.id', 's.campaign_id')
    .selectAll('s')
    .select([
      day('s.start_date').as('start_date'),
      day('s.end_date').as('end_date'),
      'sc.organization_id as organization_id',
    ]);

export const strategyListSource = (spec: ListSpec): ListSource<StrategyTables, 's', string> => ({
  spec,
  columns: {
    id: 's.id',
    name: 's.name',
    state: 's.state',
    start_date: 's.start_date',
    end_date: 's.end_date',
    budget_share: 's.budget_share',
    created_at: 's.created_at',
  },
  searchColumns: ['s.name'],
  idColumn: 's.id',
});

/** One page of a campaign's live strategies and the total. */
export const listStrategies = async (
  db: Kysely<Database>,
  campaignId: string,
  list: ListQuery,
  source: ListSource<StrategyTables, 's', string>,
): Promise<{ rows: StrategyRecord[]; total: number }> => {
  const query = strategiesFrom(db).where('s.campaign_id', '=', campaignId).where('s.deleted_at', 'is', null);
  const { rows, total } = await listPage(db, query, list, source);
  return { rows: rows as unknown as StrategyRecord[], total };
};

/** Every live strategy of a campaign, oldest first (exports, duplicates, alerts). */
export const findLiveStrategies = async (
  db: Kysely<Database>,
  campaignId: string,
): Promise<StrategyRecord[]> => {
  const rows = await strategiesFrom(db)
    .where('s.campaign_id', '=', campaignId)
    .where('s.deleted_at', 'is', null)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  return rows as unknown as StrategyRecord[];
};

/** A live strategy by id (scope is checked on its campaign by the caller). */
export const findStrategyById = async (
  db: Kysely<Database>,
  id: string,
): Promise<StrategyRecord | undefined> => {
  const row = await strategiesFrom(db)
    .where('s.id', '=', id)
    .where('s.deleted_at', 'is', null)
    .executeTakeFirst();
  return row as unknown as StrategyRecord | undefined;
};

/** A strategy by id, deleted ones too (a write answers 409 for those; reads of writes in a transaction). */
export const findAnyStrategyById = async (
  db: Kysely<Database>,
  id: string,
): Promise<StrategyRecord | undefined> => {
  const row = await strategiesFrom(db).where('s.id', '=', id).executeTakeFirst();
  return row as unknown as StrategyRecord | undefined;
};

export const insertStrategy = async (db: Kysely<Database>, values: NewStrategy): Promise<string> => {
  const row = await db.insertInto('strategies').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
};
