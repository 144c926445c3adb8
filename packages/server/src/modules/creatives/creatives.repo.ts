import type { CreativeState } from '@beacon/domain/dictionary/creatives';
import type { AlertType } from '@beacon/domain/dictionary/notifications';
import type { ListQuery, ListSpec } from '@beacon/domain/validation/list-query';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type {
  CampaignCreativeLinkState,
  CreativeRow,
  CreativeUpdate,
  Database,
  NewCreative,
} from '../../db/schema';
import { asText } from '../../lib/list-page-json';
import { listPage } from '../../lib/list-query';
import type { ListSource } from '../../lib/list-sql';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';
import type { CampaignCreativeCounts } from '../campaigns/campaigns.creative-counts';

/** Creatives (decision 022): SQL only; the rules are the services'. */

type CreativeTables = Database & { cr: Database['creatives']; o: Database['organizations'] };
type CreativeFrom = 'cr' | 'o';

/** A creative as repositories answer it: every column, its organization's name and path. */
export type CreativeRecord = CreativeRow & { organization_name: string; organization_path: string };

const creativesFrom = (db: Kysely<Database>) =>
  db.selectFrom('creatives as cr').innerJoin('organizations as o', 'o.id', 'cr.organization_id');

const selectCreative = <O>(query: SelectQueryBuilder<CreativeTables, CreativeFrom, O>) =>
  query.selectAll('cr').select(['o.name as organization_name', 'o.path as organization_path']);

/** The list's fields on the creatives table; the spec is the domain's CREATIVE_LIST_SPEC. */
export const creativeListSource = (spec: ListSpec): ListSource<CreativeTables, CreativeFrom, string> => ({
  spec,
  columns: {
    id: 'cr.id',
    name: 'cr.name',
    type: 'cr.type',
    technical_type: 'cr.technical_type',
    state: 'cr.state',
    audit_status: 'cr.audit_status',
    organization: 'cr.organization_id',
    organization_name: 'o.name',
    width: 'cr.width',
    height: 'cr.height',
    transcoding_status: 'cr.transcoding_status',
    campaigns_count: 'cr.campaigns_count',
    created_at: 'cr.created_at',
    updated_at: 'cr.updated_at',
  },
  searchColumns: ['cr.name'],
  idColumn: 'cr.id',
  changeSequence: 'creatives_changes',
  // The page is read as one JSON text (decision 026); listCreativesInScope selects it JSON-safe.
  readAsJson: { timestamps: ['created_at', 'updated_at'] },
});

/**
 * The list's rows read only what a row shows (no markup, VAST XML or pixels), so a page of 200,000 creatives
 * reads little more than the index. The page is read as JSON (decision 026): ids are selected as text.
 */
export type CreativeListRecord = Pick<
  CreativeRecord,
  | 'id'
  | 'name'
  | 'type'
  | 'technical_type'
  | 'state'
  | 'organization_id'
  | 'organization_name'
  | 'width'
  | 'height'
  | 'thumbnail_url'
  | 'transcoding_status'
  | 'audit_status'
  | 'created_at'
  | 'updated_at'
  | 'version'
  | 'campaigns_count'
>;

/** A campaign whose creative picker asks which creatives it may still link. */
export type LinkTarget = { campaignId: string; organizationPath: string };

/**
 * One page of the live (not deleted) creatives of the organizations in scope, and the total. With `linkableTo`,
 * only those a campaign may link and has not linked yet: of its organization or an ancestor, not rejected.
 */
export const listCreativesInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  list: ListQuery,
  source: ListSource<CreativeTables, CreativeFrom, string>,
  linkableTo?: LinkTarget,
): Promise<{ rows: CreativeListRecord[]; total: number }> => {
  let query = creativesFrom(db)
    .where('cr.deleted_at', 'is', null)
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')));
  if (linkableTo) {
    query = query
      .where('cr.state', '!=', 'rejected')
      .where(sql<boolean>`${linkableTo.organizationPath} LIKE o.path || '%'`)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('campaign_creatives as link')
              .select('link.creative_id')
              .where('link.campaign_id', '=', linkableTo.campaignId)
              .whereRef('link.creative_id', '=', 'cr.id')
              .where('link.state', '!=', 'deleted'),
          ),
        ),
      );
  }
  const page = query.select([
    asText('cr.id').as('id'),
    'cr.name',
    'cr.type',
    'cr.technical_type',
    'cr.state',
    asText('cr.organization_id').as('organization_id'),
    'o.name as organization_name',
    'cr.width',
    'cr.height',
    'cr.thumbnail_url',
    'cr.transcoding_status',
    'cr.audit_status',
    'cr.created_at',
    'cr.updated_at',
    'cr.version',
    'cr.campaigns_count',
  ]);
  return listPage(db, page, list, source);
};

/** One creative inside the scope (deleted ones too: they keep their history and can be read). */
export const findCreativeInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  id: string,
): Promise<CreativeRecord | undefined> =>
  selectCreative(
    creativesFrom(db)
      .where('cr.id', '=', id)
      .where((eb) => organizationPathInScope(scope, eb.ref('o.path'))),
  ).executeTakeFirst();

/** The creatives of the scope among `ids`, deleted ones too (the ones missing are not visible or absent). */
export const findCreativesInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  ids: readonly string[],
): Promise<CreativeRecord[]> =>
  ids.length === 0
    ? []
    : selectCreative(
        creativesFrom(db)
          .where('cr.id', 'in', ids)
          .where((eb) => organizationPathInScope(scope, eb.ref('o.path'))),
      ).execute();

/** A creative by id whatever the scope, for the service's own follow-up reads inside a transaction. */
export const findCreativeById = async (
  db: Kysely<Database>,
  id: string,
): Promise<CreativeRecord | undefined> =>
  selectCreative(creativesFrom(db).where('cr.id', '=', id)).executeTakeFirst();

export const insertCreative = async (db: Kysely<Database>, values: NewCreative): Promise<string> => {
  const row = await db.insertInto('creatives').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
};

/** Review outcome of live creatives still in `from` state; answers the ids changed. */
export const setReviewState = async (
  db: Kysely<Database>,
  ids: readonly string[],
  from: CreativeState,
  values: CreativeUpdate,
  now: Date,
): Promise<string[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('creatives')
    .set({ ...values, updated_at: now })
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', 'in', ids)
    .where('state', '=', from)
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
};

// ---------------------------------------------------------------------------------------------------------
// Campaign links

/** The links of a creative that are not deleted: each campaign's id and the link's state. */
export const findLinksOfCreative = (db: Kysely<Database>, creativeId: string) =>
  db
    .selectFrom('campaign_creatives as cc')
    .select([sql<string>`cc.campaign_id::text`.as('campaign_id'), 'cc.state'])
    .where('cc.creative_id', '=', creativeId)
    .where('cc.state', '<>', 'deleted')
    .execute();

/** The live creatives linked to a campaign (links not deleted), newest link first. */
export const findCreativesOfCampaign = (db: Kysely<Database>, campaignId: string) =>
  db
    .selectFrom('campaign_creatives as cc')
    .innerJoin('creatives as cr', 'cr.id', 'cc.creative_id')
    .innerJoin('organizations as o', 'o.id', 'cr.organization_id')
    .selectAll('cr')
    .select([
      'o.name as organization_name',
      'o.path as organization_path',
      'cc.state as link_state',
      'cc.created_at as linked_at',
    ])
    .where('cc.campaign_id', '=', campaignId)
    .where('cc.state', '<>', 'deleted')
    .where('cr.deleted_at', 'is', null)
    .orderBy('cc.created_at', 'desc')
    .orderBy('cr.id', 'desc')
    .execute();

/** The current links of a campaign to some creatives (any state). */
export const findLinks = (db: Kysely<Database>, campaignId: string, creativeIds: readonly string[]) =>
  creativeIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('campaign_creatives')
        .select(['creative_id', 'state'])
        .where('campaign_id', '=', campaignId)
        .where('creative_id', 'in', creativeIds)
        .execute();

/** Sets links (insert or change their state). */
export const upsertLinks = async (
  db: Kysely<Database>,
  links: readonly { campaignId: string; creativeId: string; state: CampaignCreativeLinkState }[],
  now: Date,
): Promise<void> => {
  if (links.length === 0) return;
  await db
    .insertInto('campaign_creatives')
    .values(
      links.map((link) => ({
        campaign_id: link.campaignId,
        creative_id: link.creativeId,
        state: link.state,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['campaign_id', 'creative_id']).doUpdateSet((eb) => ({
        state: eb.ref('excluded.state'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
};

/** Marks every link of a creative deleted (the creative was deleted); answers the campaigns touched. */
export const deleteLinksOfCreative = async (
  db: Kysely<Database>,
  creativeId: string,
  now: Date,
): Promise<string[]> => {
  const rows = await db
    .updateTable('campaign_creatives')
    .set({ state: 'deleted', updated_at: now })
    .where('creative_id', '=', creativeId)
    .where('state', '<>', 'deleted')
    .returning('campaign_id')
    .execute();
  return rows.map((row) => row.campaign_id);
};

/** The campaigns with a live link to any of these creatives. */
export const findCampaignIdsLinkedTo = async (
  db: Kysely<Database>,
  creativeIds: readonly string[],
): Promise<string[]> => {
  if (creativeIds.length === 0) return [];
  const rows = await db
    .selectFrom('campaign_creatives')
    .select('campaign_id')
    .distinct()
    .where('creative_id', 'in', creativeIds)
    .where('state', '<>', 'deleted')
    .execute();
  return rows.map((row) => row.campaign_id);
};

/**
 * The creative links of each campaign among `campaignIds`, counted for the campaign's columns (migration 0017):
 * total = links not deleted; active = link active and creative approved; pending = link active and creative
 * pending approval; paused = link inactive and creative not rejected. Deleted creatives count nowhere. A campaign
 * without links counts zero everywhere.
 */
export const countCreativesOfCampaigns = async (
  db: Kysely<Database>,
  campaignIds: readonly string[],
): Promise<CampaignCreativeCounts[]> => {
  if (campaignIds.length === 0) return [];
  const { rows } = await sql<{
    campaign_id: string;
    total: number;
    active: number;
    paused: number;
    pending: number;
  }>`
    SELECT cc.campaign_id::text AS campaign_id,
      count(*) FILTER (WHERE cc.state <> 'deleted')::integer AS total,
      count(*) FILTER (WHERE cc.state = 'active' AND cr.state = 'active')::integer AS active,
      count(*) FILTER (WHERE cc.state = 'inactive' AND cr.state <> 'rejected')::integer AS paused,
      count(*) FILTER (WHERE cc.state = 'active' AND cr.state = 'pending-approval')::integer AS pending
    FROM campaign_creatives cc
    JOIN creatives cr ON cr.id = cc.creative_id AND cr.deleted_at IS NULL
    WHERE cc.campaign_id IN (${sql.join(campaignIds.map((id) => sql`${id}`))})
    GROUP BY cc.campaign_id
  `.execute(db);
  const counted = new Map(rows.map((row) => [row.campaign_id, row]));
  return [...new Set(campaignIds)].map((campaignId) => {
    const row = counted.get(campaignId);
    return {
      campaignId,
      total: row?.total ?? 0,
      active: row?.active ?? 0,
      paused: row?.paused ?? 0,
      pending: row?.pending ?? 0,
    };
  });
};

/** Recounts the live links of creatives into `campaigns_count`. */
export const refreshCreativeCampaignCounts = async (
  db: Kysely<Database>,
  creativeIds: readonly string[],
): Promise<void> => {
  if (creativeIds.length === 0) return;
  await sql`
    UPDATE creatives SET campaigns_count = (
      SELECT count(*) FROM campaign_creatives cc WHERE cc.creative_id = creatives.id AND cc.state <> 'deleted'
    )
    WHERE id IN (${sql.join(creativeIds.map((id) => sql`${id}`))})
  `.execute(db);
};

// ---------------------------------------------------------------------------------------------------------
// Alerts and report

/** Alerts about creatives for their organizations (approval outcomes). */
export const insertCreativeAlerts = async (
  db: Kysely<Database>,
  alerts: readonly { organization_id: string; type: AlertType; entity_id: string; message: string }[],
): Promise<void> => {
  if (alerts.length === 0) return;
  await db
    .insertInto('alerts')
    .values(alerts.map((alert) => ({ ...alert, entity: 'creative' })))
    .execute();
};

/** Creatives of the scope created within [from, to] (UTC days), oldest first, for the report. */
export const findCreativesForReport = (db: Kysely<Database>, scope: TenantScope, from: string, to: string) =>
  creativesFrom(db)
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')))
    .where('cr.deleted_at', 'is', null)
    .where(sql<boolean>`cr.created_at >= (${from}::date)::timestamp AT TIME ZONE 'UTC'`)
    .where(sql<boolean>`cr.created_at < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'`)
    .select([
      sql<string>`to_char(cr.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
      sql<string>`to_char(cr.created_at AT TIME ZONE 'UTC', 'YYYY-MM')`.as('month'),
      'o.name as organization',
      'cr.type',
      'cr.name',
      'cr.id',
      'cr.state',
      'cr.appnexus_status',
      'cr.google_status',
      'cr.rejection_reason',
      'cr.google_rejected_reason',
      'cr.appnexus_rejected_reason',
    ])
    .orderBy('cr.created_at')
    .orderBy('cr.id')
    .execute();
