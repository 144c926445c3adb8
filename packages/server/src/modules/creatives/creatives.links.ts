import {
  type CampaignCreativeLinkState,
  CREATIVE_LIST_SPEC,
  type TCampaignCreativeLinks,
  type TCreativeCampaigns,
  type TCreativeIssue,
} from '@beacon/domain/validation/creative-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import {
  CAMPAIGN_DELETED_MESSAGE,
  creativeOrganizationMessage,
  creativeRejectedLinkMessage,
} from '@beacon/domain/validation/messages';
import type { Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database, HistoryChange } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCanEdit, assertNotDeleted, readable, recordChange } from '../../lib/resources';
import { scopeOf } from '../../lib/tenant-scope';
import { visibleCampaign } from '../campaigns/campaigns.access';
import { setCampaignCreativeCounts } from '../campaigns/campaigns.creative-counts';
import { actorOf } from '../history/history.service';
import {
  type CreativeRecord,
  countCreativesOfCampaigns,
  creativeListSource,
  findCampaignIdsLinkedTo,
  findCreativeById,
  findCreativesInScope,
  findCreativesOfCampaign,
  findLinks,
  listCreativesInScope,
  refreshCreativeCampaignCounts,
  upsertLinks,
} from './creatives.repo';
import { CREATIVE, creativeView, toCreativeRow, writableCreative } from './creatives.resource';
import type { TCampaignCreative, TCreative, TCreativeRow } from './creatives.schemas';

/**
 * The links of creatives to campaigns (decision 022). Every change of a link or of a creative's approval
 * recounts the campaigns' creative columns in the same transaction (their delivery status reads them); history
 * records each link change on the creative. A link is a write to the creative (404, 403, 409 `DELETED` like
 * any other, decision 039) and to the campaign (a deleted campaign is 409 `DELETED` too).
 */

const invalid = (issues: readonly TCreativeIssue[]): AppError =>
  new AppError('VALIDATION_FAILED', {
    message: issues[0]?.message,
    details: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  });

/** A deleted campaign's links cannot change: 409 `DELETED` (campaigns mark deletion by their `deleted` state). */
const assertCampaignNotDeleted = (campaign: { state: string }): void => {
  if (campaign.state === 'deleted') {
    throw new AppError('DELETED', {
      message: CAMPAIGN_DELETED_MESSAGE,
      details: [{ path: 'state', message: CAMPAIGN_DELETED_MESSAGE }],
    });
  }
};

/** A creative may serve a campaign of its own organization or of a descendant (its path is a prefix). */
const mayServe = (creative: Pick<CreativeRecord, 'organization_path'>, campaignPath: string): boolean =>
  campaignPath.startsWith(creative.organization_path);

const toCampaignCreative = (
  row: Awaited<ReturnType<typeof findCreativesOfCampaign>>[number],
): TCampaignCreative => ({
  ...toCreativeRow(row),
  link_state: row.link_state,
  linked_at: row.linked_at.toISOString(),
});

/**
 * Recounts the creative columns of these campaigns (their delivery status reads them): this module counts its
 * links, the campaigns module writes its rows, both through `db` (the caller's transaction).
 */
export const refreshCampaignCreativeCounts = async (
  db: Kysely<Database>,
  campaignIds: readonly string[],
): Promise<void> => setCampaignCreativeCounts(db, await countCreativesOfCampaigns(db, campaignIds));

/**
 * Recounts the creative columns of the campaigns linked to these creatives. Any write that changes a creative's
 * state or deletion calls it in the same transaction (e.g. an upload that sends the creative back to review).
 */
export const refreshLinkedCampaignCounts = async (
  db: Kysely<Database>,
  creativeIds: readonly string[],
): Promise<void> => refreshCampaignCreativeCounts(db, await findCampaignIdsLinkedTo(db, creativeIds));

/** Writes links and recounts both sides, without checks or history (the demo seed's links). */
export const writeCampaignLinks = async (
  db: Kysely<Database>,
  links: readonly { campaignId: string; creativeId: string; state: CampaignCreativeLinkState }[],
  now: Date,
): Promise<void> => {
  await upsertLinks(db, links, now);
  await refreshCreativeCampaignCounts(db, [...new Set(links.map((link) => link.creativeId))]);
  await refreshCampaignCreativeCounts(db, [...new Set(links.map((link) => link.campaignId))]);
};

/**
 * `GET /campaign/{id}/linkable-creatives`: the creatives a campaign's picker offers — those the caller sees that
 * the campaign may link (its organization's or an ancestor's, not rejected) and has not linked yet.
 */
export const listLinkableCreatives = async (
  deps: Deps,
  principal: Principal,
  campaignId: string,
  list: ListQuery,
): Promise<{ rows: TCreativeRow[]; total: number }> => {
  const { record: campaign } = await visibleCampaign(deps, principal, campaignId);
  const { rows, total } = await listCreativesInScope(
    deps.db,
    scopeOf(principal),
    list,
    creativeListSource(CREATIVE_LIST_SPEC),
    { campaignId: campaign.id, organizationPath: campaign.organization_path },
  );
  return { rows: rows.map(toCreativeRow), total };
};

/** `GET /campaign/{id}/creatives`: the live creatives linked to a campaign the caller may see. */
export const campaignCreatives = async (
  deps: Deps,
  principal: Principal,
  campaignId: string,
): Promise<TCampaignCreative[]> => {
  const { record } = await visibleCampaign(deps, principal, campaignId);
  return (await findCreativesOfCampaign(deps.db, record.id)).map(toCampaignCreative);
};

/**
 * `PUT /campaign/{id}/creatives`: sets the state of the listed links (a new link for a creative not linked
 * yet), all or nothing: every creative must be visible (404), live (409 `DELETED`), and of the campaign's
 * organization or an ancestor (400). History records the change on each creative.
 */
export const editCampaignCreatives = async (
  deps: Deps,
  principal: Principal,
  campaignId: string,
  body: TCampaignCreativeLinks,
): Promise<TCampaignCreative[]> => {
  const { record: campaign } = await visibleCampaign(deps, principal, campaignId);
  assertCanEdit(CREATIVE, principal);
  assertCampaignNotDeleted(campaign);
  const ids = body.links.map((link) => String(link.creative_id));
  const creatives = new Map(
    (await findCreativesInScope(deps.db, scopeOf(principal), ids)).map((creative) => [creative.id, creative]),
  );
  const issues: TCreativeIssue[] = [];
  for (const [index, link] of body.links.entries()) {
    const creative = await readable(creatives.get(String(link.creative_id)));
    assertNotDeleted(CREATIVE, creative);
    const path = ['links', index, 'creative_id'];
    if (!mayServe(creative, campaign.organization_path)) {
      issues.push({ path, message: creativeOrganizationMessage(creative.name) });
    } else if (creative.state === 'rejected' && link.state === 'active') {
      // A rejected creative never serves; an existing link may still be paused or removed.
      issues.push({ path, message: creativeRejectedLinkMessage(creative.name) });
    }
  }
  if (issues.length > 0) throw invalid(issues);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = new Map(
      (await findLinks(trx, campaign.id, ids)).map((link) => [link.creative_id, link.state]),
    );
    const changed = body.links.filter((link) => before.get(String(link.creative_id)) !== link.state);
    await upsertLinks(
      trx,
      changed.map((link) => ({
        campaignId: campaign.id,
        creativeId: String(link.creative_id),
        state: link.state,
      })),
      now,
    );
    for (const link of changed) {
      const creative = creatives.get(String(link.creative_id));
      if (!creative) continue;
      await recordChange(trx, CREATIVE, creative, actorOf(principal), 'link', [
        { field: `campaign ${campaign.id}`, from: before.get(creative.id) ?? null, to: link.state },
      ]);
    }
    await refreshCreativeCampaignCounts(
      trx,
      changed.map((link) => String(link.creative_id)),
    );
    await refreshCampaignCreativeCounts(trx, [campaign.id]);
    return (await findCreativesOfCampaign(trx, campaign.id)).map(toCampaignCreative);
  });
};

/** `POST /creative/{id}/campaigns`: links the creative (active) to campaigns the caller may see; all or nothing. */
export const linkCreativeToCampaigns = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TCreativeCampaigns,
): Promise<TCreative> => {
  const creative = await writableCreative(deps, principal, id);
  const campaigns: { id: string; organization_path: string }[] = [];
  const issues: TCreativeIssue[] = [];
  for (const [index, campaignId] of body.campaign_ids.entries()) {
    const { record } = await visibleCampaign(deps, principal, String(campaignId));
    const path = ['campaign_ids', index];
    if (record.state === 'deleted') issues.push({ path, message: CAMPAIGN_DELETED_MESSAGE });
    else if (!mayServe(creative, record.organization_path)) {
      issues.push({ path, message: creativeOrganizationMessage(creative.name) });
    } else if (creative.state === 'rejected') {
      issues.push({ path, message: creativeRejectedLinkMessage(creative.name) });
    }
    campaigns.push(record);
  }
  if (issues.length > 0) throw invalid(issues);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const changes: HistoryChange[] = [];
    for (const campaign of campaigns) {
      const [before] = await findLinks(trx, campaign.id, [creative.id]);
      if (before?.state === 'active') continue;
      changes.push({ field: `campaign ${campaign.id}`, from: before?.state ?? null, to: 'active' });
    }
    await upsertLinks(
      trx,
      campaigns.map((campaign) => ({
        campaignId: campaign.id,
        creativeId: creative.id,
        state: 'active' as const,
      })),
      now,
    );
    if (changes.length > 0) await recordChange(trx, CREATIVE, creative, actorOf(principal), 'link', changes);
    await refreshCreativeCampaignCounts(trx, [creative.id]);
    await refreshCampaignCreativeCounts(
      trx,
      campaigns.map((campaign) => campaign.id),
    );
    return creativeView(trx, await readable(findCreativeById(trx, creative.id)));
  });
};
