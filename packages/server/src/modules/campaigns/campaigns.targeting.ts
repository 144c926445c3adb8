import type { TCampaignIssue } from '@beacon/domain/validation/campaign-form';
import {
  ALLOWLIST_EXPECTED_MESSAGE,
  BLOCKLIST_EXPECTED_MESSAGE,
  TARGETED_RESOURCE_UNAVAILABLE_MESSAGE,
} from '@beacon/domain/validation/messages';
import {
  resourceRefsOf,
  type TargetedResourceKind,
  type TResourceRef,
} from '@beacon/domain/validation/resource-targeting';
import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { TenantScope } from '../../lib/tenant-scope';
import { audienceNames, usableAudiences } from '../audiences/audiences.lookups';
import { dealNames, usableDeals } from '../deals/deals.lookups';
import { geolistNames, usableGeolists } from '../geolists/geolists.lookups';
import {
  locationAudienceNames,
  usableLocationAudiences,
} from '../location-audiences/location-audiences.lookups';
import {
  findPublisherConflicts,
  publisherListNames,
  usablePublisherLists,
} from '../publisher-lists/publisher-lists.lookups';
import type { CampaignRecord, StrategyRecord } from './campaigns.repo';
import {
  type CampaignResources,
  campaignFieldsOf,
  type TargetedResourceRow,
  toStrategyView,
} from './campaigns.views';

/**
 * Resource targeting of campaigns and strategies (decision 021). The targeted resources are read through their
 * modules' lookups (each with its module's rule of a live resource), composed here into one statement per read.
 */

type Targeting = Parameters<typeof resourceRefsOf>[0];

const idsByKind = (refs: readonly TResourceRef[]): Map<TargetedResourceKind, string[]> => {
  const ids = new Map<TargetedResourceKind, string[]>();
  for (const ref of refs) {
    const list = ids.get(ref.kind) ?? [];
    if (!list.includes(String(ref.id))) list.push(String(ref.id));
    ids.set(ref.kind, list);
  }
  return ids;
};

/** One statement of the parts (each a module's query, with the kind named), or none when there are none. */
const unionOf = async <R>(db: Kysely<Database>, parts: RawBuilder<unknown>[]): Promise<R[]> => {
  if (parts.length === 0) return [];
  return (await sql<R>`${sql.join(parts, sql` UNION ALL `)}`.execute(db)).rows;
};

const kindOf = (kind: TargetedResourceKind) => sql`${sql.lit(kind)}::text`;
const from = (query: Expression<unknown>) => sql`FROM ${query} r`;

type UsableRow = { kind: TargetedResourceKind; id: string; list_kind: string | null };

/** Of these ids, those a campaign of the organization at `organizationPath` may target, by kind. */
const findUsable = (
  db: Kysely<Database>,
  tenant: TenantScope,
  organizationPath: string,
  ids: ReadonlyMap<TargetedResourceKind, readonly string[]>,
): Promise<UsableRow[]> => {
  const queries: Record<TargetedResourceKind, (list: readonly string[]) => RawBuilder<unknown>> = {
    audience: (list) =>
      sql`SELECT ${kindOf('audience')} AS kind, r.id, null::text AS list_kind ${from(
        usableAudiences(db, tenant, organizationPath, list),
      )}`,
    location_audience: (list) =>
      sql`SELECT ${kindOf('location_audience')} AS kind, r.id, null::text AS list_kind ${from(
        usableLocationAudiences(db, tenant, organizationPath, list),
      )}`,
    geolist: (list) =>
      sql`SELECT ${kindOf('geolist')} AS kind, r.id, null::text AS list_kind ${from(
        usableGeolists(db, tenant, organizationPath, list),
      )}`,
    publisher_list: (list) =>
      sql`SELECT ${kindOf('publisher_list')} AS kind, r.id, r.kind::text AS list_kind ${from(
        usablePublisherLists(db, tenant, organizationPath, list),
      )}`,
    deal: (list) =>
      sql`SELECT ${kindOf('deal')} AS kind, r.id, null::text AS list_kind ${from(
        usableDeals(db, tenant, organizationPath, list),
      )}`,
  };
  const parts = [...ids.entries()]
    .filter(([, list]) => list.length > 0)
    .map(([kind, list]) => queries[kind](list));
  return unionOf<UsableRow>(db, parts);
};

/** What a read names of the resources a campaign and its strategies target (deleted ones too; absent ones not). */
const findTargetedResources = (
  db: Kysely<Database>,
  ids: ReadonlyMap<TargetedResourceKind, readonly string[]>,
): Promise<TargetedResourceRow[]> => {
  const columns = (detail: string | null, country: string | null, dates: boolean) =>
    sql`${detail === null ? sql`null::text` : sql.ref(`r.${detail}`)} AS detail,
      ${country === null ? sql`null::text` : sql.ref(`r.${country}`)} AS country,
      ${dates ? sql`r.start_date` : sql`null::text`} AS start_date,
      ${dates ? sql`r.end_date` : sql`null::text`} AS end_date`;
  const queries: Record<TargetedResourceKind, (list: readonly string[]) => RawBuilder<unknown>> = {
    audience: (list) =>
      sql`SELECT ${kindOf('audience')} AS kind, r.id, r.name, r.state::text, ${columns('type', null, false)}
        ${from(audienceNames(db, list))}`,
    location_audience: (list) =>
      sql`SELECT ${kindOf('location_audience')} AS kind, r.id, r.name, r.state::text,
        ${columns(null, null, true)} ${from(locationAudienceNames(db, list))}`,
    geolist: (list) =>
      sql`SELECT ${kindOf('geolist')} AS kind, r.id, r.name, r.state::text, ${columns(null, 'country', false)}
        ${from(geolistNames(db, list))}`,
    publisher_list: (list) =>
      sql`SELECT ${kindOf('publisher_list')} AS kind, r.id, r.name, r.state::text,
        ${columns('kind', null, false)} ${from(publisherListNames(db, list))}`,
    deal: (list) =>
      sql`SELECT ${kindOf('deal')} AS kind, r.id, r.name, r.state::text,
        ${columns('supply_partner', null, false)} ${from(dealNames(db, list))}`,
  };
  const parts = [...ids.entries()]
    .filter(([, list]) => list.length > 0)
    .map(([kind, list]) => queries[kind](list));
  return unionOf<TargetedResourceRow>(db, parts);
};

/**
 * The resources a campaign and its strategies target, named, and the publishers both allowed and blocked by
 * its lists: two statements whatever the number of resources.
 */
export const campaignResources = async (
  db: Kysely<Database>,
  campaign: CampaignRecord,
  strategies: readonly StrategyRecord[],
): Promise<CampaignResources> => {
  const targeting = campaignFieldsOf(campaign).targeting;
  const refs = [
    ...resourceRefsOf(targeting),
    ...strategies.flatMap((strategy) => resourceRefsOf(toStrategyView(strategy).targeting)),
  ];
  const [rows, conflicts] = await Promise.all([
    findTargetedResources(db, idsByKind(refs)),
    findPublisherConflicts(db, targeting.publisher_allowlists, targeting.publisher_blocklists),
  ]);
  return { rows, conflicts };
};

/**
 * Field issues of the ids a write adds to a targeting: each must exist, be live and be usable by the
 * campaign's organization (its own or an ancestor's within the caller's scope, or a shared audience segment),
 * else TARGETED_RESOURCE_UNAVAILABLE_MESSAGE — the same words for absent and foreign ids. A publisher list must
 * be of the field's kind. Ids already stored (`kept`, same field) stay even if deleted since: the alert says so,
 * and the campaign is not locked against other changes.
 */
export const targetedResourceIssues = async (
  db: Kysely<Database>,
  tenant: TenantScope,
  organizationPath: string,
  targeting: Targeting | undefined,
  kept: Targeting | undefined,
  prefix: readonly string[],
): Promise<TCampaignIssue[]> => {
  if (!targeting) return [];
  const keyOf = (ref: TResourceRef): string => `${ref.path[0]}:${ref.id}`;
  const keptKeys = new Set((kept ? resourceRefsOf(kept) : []).map(keyOf));
  const added = resourceRefsOf(targeting).filter((ref) => !keptKeys.has(keyOf(ref)));
  if (added.length === 0) return [];
  const usable = await findUsable(db, tenant, organizationPath, idsByKind(added));
  const byKey = new Map(usable.map((row) => [`${row.kind}:${row.id}`, row]));
  const issues: TCampaignIssue[] = [];
  for (const ref of added) {
    const path = [...prefix, ...ref.path];
    const row = byKey.get(`${ref.kind}:${ref.id}`);
    if (!row) {
      issues.push({ path, message: TARGETED_RESOURCE_UNAVAILABLE_MESSAGE });
    } else if (ref.path[0] === 'publisher_allowlists' && row.list_kind !== 'allow') {
      issues.push({ path, message: ALLOWLIST_EXPECTED_MESSAGE });
    } else if (ref.path[0] === 'publisher_blocklists' && row.list_kind !== 'block') {
      issues.push({ path, message: BLOCKLIST_EXPECTED_MESSAGE });
    }
  }
  return issues;
};
