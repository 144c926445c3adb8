import { canEditCreatives } from '@beacon/domain/access/permissions';
import type { CampaignCreativeLinkState } from '@beacon/domain/validation/creative-form';
import { CREATIVE_DELETED_MESSAGE } from '@beacon/domain/validation/messages';
import type { Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database, NewCreative } from '../../db/schema';
import { insertWithHistory, type ResourceKind, readable, writable } from '../../lib/resources';
import { scopeOf } from '../../lib/tenant-scope';
import { campaignNames } from '../campaigns/campaigns.lookups';
import type { HistoryActor } from '../history/history.service';
import {
  type CreativeListRecord,
  type CreativeRecord,
  findCreativeById,
  findCreativeInScope,
  findLinksOfCreative,
  insertCreative,
} from './creatives.repo';
import type { TCreative, TCreativeRow } from './creatives.schemas';

/**
 * What every job of the creatives module shares (decision 022, on the resource shape of decision 039): the
 * resource kind, the creative as answered and as history keeps it, and the one way to find a creative to read
 * or change. A creative belongs to an organization of the caller's tenant scope (404 otherwise, whoever asks);
 * writes need a role that edits creatives (canEditCreatives: the edit roles and the creative manager).
 */

export const CREATIVE: ResourceKind & { table: 'creatives' } = {
  entity: 'creative',
  table: 'creatives',
  canEdit: canEditCreatives,
  deletedMessage: CREATIVE_DELETED_MESSAGE,
};

// ---------------------------------------------------------------------------------------------------------
// Views

export const toCreativeRow = (record: CreativeListRecord): TCreativeRow => ({
  id: Number(record.id),
  name: record.name,
  type: record.type,
  technical_type: record.technical_type,
  state: record.state,
  organization: Number(record.organization_id),
  organization_name: record.organization_name,
  width: record.width,
  height: record.height,
  thumbnail_url: record.thumbnail_url,
  transcoding_status: record.transcoding_status,
  audit_status: record.audit_status,
  created_at: record.created_at.toISOString(),
  updated_at: record.updated_at.toISOString(),
  version: record.version,
  campaigns_count: record.campaigns_count,
});

const toCreativeView = (
  record: CreativeRecord,
  campaigns: readonly { id: string; name: string; link_state: CampaignCreativeLinkState }[],
): TCreative => ({
  ...toCreativeRow(record),
  rejection_reason: record.rejection_reason,
  google_status: record.google_status,
  google_rejected_reason: record.google_rejected_reason,
  appnexus_status: record.appnexus_status,
  appnexus_rejected_reason: record.appnexus_rejected_reason,
  validity: record.validity,
  click_url: record.click_url,
  impression_pixels: record.impression_pixels,
  event_pixels: record.event_pixels,
  html_markup: record.html_markup,
  vast_url: record.vast_url,
  vast_xml: record.vast_xml,
  language: record.language,
  attributes: record.attributes,
  boxing_allowed: record.boxing_allowed,
  tag_creation_mode: record.tag_creation_mode,
  native: record.native,
  asset: record.asset,
  companion: record.companion,
  renditions: record.renditions,
  deleted_at: record.deleted_at?.toISOString() ?? null,
  campaigns: campaigns.map((campaign) => ({
    id: Number(campaign.id),
    name: campaign.name,
    link_state: campaign.link_state,
  })),
});

/**
 * The creative as answered, with its campaign links (not deleted) by campaign name, read through `db` (a
 * transaction's own writes too).
 */
export const creativeView = async (db: Kysely<Database>, record: CreativeRecord): Promise<TCreative> => {
  const links = new Map(
    (await findLinksOfCreative(db, record.id)).map((link) => [link.campaign_id, link.state]),
  );
  const campaigns = await campaignNames(db, [...links.keys()]);
  return toCreativeView(
    record,
    campaigns.flatMap((campaign) => {
      const linkState = links.get(campaign.id);
      return linkState === undefined ? [] : [{ ...campaign, link_state: linkState }];
    }),
  );
};

/** What history keeps of a creative: what it is and shows (never ids, versions or counts). */
export const historyViewOf = (record: CreativeRecord): Record<string, unknown> => ({
  name: record.name,
  organization: Number(record.organization_id),
  type: record.type,
  state: record.state,
  audit_status: record.audit_status,
  rejection_reason: record.rejection_reason,
  click_url: record.click_url,
  impression_pixels: record.impression_pixels,
  event_pixels: record.event_pixels,
  html_markup: record.html_markup,
  vast_url: record.vast_url,
  vast_xml: record.vast_xml,
  language: record.language,
  width: record.width,
  height: record.height,
  attributes: record.attributes,
  boxing_allowed: record.boxing_allowed,
  native: record.native,
});

/**
 * Writes a creative and its `create` history, or its `duplicate` history naming the original (the service, bulk
 * tags, the demo seed and tests use it).
 */
export const insertCreativeWithHistory = (
  db: Kysely<Database>,
  values: NewCreative,
  actor: HistoryActor,
  duplicatedFrom?: string,
): Promise<CreativeRecord> =>
  insertWithHistory(db, CREATIVE, actor, {
    insert: (trx) => insertCreative(trx, values),
    reload: findCreativeById,
    historyView: historyViewOf,
    duplicatedFrom,
  });

// ---------------------------------------------------------------------------------------------------------
// Finding a creative

/** A creative the caller may read (deleted ones too: they keep their history), else 404. */
export const visibleCreative = (deps: Deps, principal: Principal, id: string): Promise<CreativeRecord> =>
  readable(findCreativeInScope(deps.db, scopeOf(principal), id));

/**
 * A creative the caller may change: 404 outside the scope, 403 without the edit right, 409 `DELETED` when
 * deleted, 409 `STALE_VERSION` when `version` is given and is not the creative's.
 */
export const writableCreative = (
  deps: Deps,
  principal: Principal,
  id: string,
  version?: number,
): Promise<CreativeRecord> =>
  writable(CREATIVE, principal, findCreativeInScope(deps.db, scopeOf(principal), id), version);
