import { SOURCE_CAMPAIGN_MESSAGE } from '@beacon/domain/validation/messages';
import type { Kysely } from 'kysely';
import type { Deps } from '../../app-types';
import type { Database } from '../../db/schema';
import { recordChange } from '../../lib/resources';
import type { HistoryActor } from '../history/history.service';
import { CAMPAIGN, invalidAt } from './campaigns.access';
import {
  type CampaignRecord,
  type CampaignScope,
  findCampaignInScope,
  findFollowers,
  updateLiveCampaign,
} from './campaigns.repo';

/**
 * Synchronized campaigns: the link of a follower to its source campaign, whose flight dates it takes, and what a
 * source's changes do to its followers (in the source's write transaction).
 */

/**
 * A source for a synchronized campaign: a live campaign of the same organization that is not synchronized
 * itself (and not the campaign itself); 400 on `source_campaign` otherwise, also when it is not visible.
 */
export const findSource = async (
  deps: Deps,
  scope: CampaignScope,
  sourceId: number,
  organizationId: string,
  selfId: string | null,
  today: string,
): Promise<CampaignRecord> => {
  const source = await findCampaignInScope(deps.db, scope, String(sourceId), today);
  if (
    !source ||
    source.organization_id !== organizationId ||
    source.type === 'synchronized' ||
    source.state === 'deleted' ||
    source.id === selfId
  ) {
    throw invalidAt('source_campaign', SOURCE_CAMPAIGN_MESSAGE);
  }
  return source;
};

/** Followers take their source's new flight dates; history says why. */
export const syncFollowerDates = async (
  db: Kysely<Database>,
  source: Pick<CampaignRecord, 'id' | 'start_date' | 'end_date'>,
  actor: HistoryActor,
  today: string,
  now: Date,
): Promise<void> => {
  for (const follower of await findFollowers(db, source.id, today)) {
    if (follower.start_date === source.start_date && follower.end_date === source.end_date) continue;
    const dates = { start_date: source.start_date, end_date: source.end_date };
    // A follower deleted since it was read is left as it is.
    if (!(await updateLiveCampaign(db, follower.id, dates, now))) continue;
    await recordChange(db, CAMPAIGN, follower, actor, 'synchronized', [
      { field: 'start_date', from: follower.start_date, to: source.start_date },
      { field: 'end_date', from: follower.end_date, to: source.end_date },
    ]);
  }
};

/** Deleting a source stops its followers: state inactive, history action `stopped`, reason "source deleted". */
export const stopFollowers = async (
  db: Kysely<Database>,
  sourceId: string,
  actor: HistoryActor,
  today: string,
  now: Date,
): Promise<void> => {
  for (const follower of await findFollowers(db, sourceId, today)) {
    if (follower.state === 'inactive' || follower.state === 'preview') continue;
    if (!(await updateLiveCampaign(db, follower.id, { state: 'inactive' }, now))) continue;
    await recordChange(db, CAMPAIGN, follower, actor, 'stopped', [
      { field: 'state', from: follower.state, to: 'inactive' },
      { field: 'reason', from: null, to: 'source deleted' },
    ]);
  }
};
