import { copyName } from '@beacon/domain/api/history';
import {
  CAMPAIGN_NAME_MAX_LENGTH,
  isCampaignComplete,
  type TCampaignDuplicate,
} from '@beacon/domain/validation/campaign-form';
import type { Deps, Principal } from '../../app-types';
import type { NewCampaign } from '../../db/schema';
import { readable } from '../../lib/resources';
import { actorOf } from '../history/history.service';
import { writableCampaign } from './campaigns.access';
import { findCampaignById, findLiveStrategies } from './campaigns.repo';
import { type CampaignFields, columnsOf, insertCampaignWithHistory, valuesOf } from './campaigns.rows';
import type { TCampaign } from './campaigns.schemas';
import { campaignViewOf } from './campaigns.service';
import { campaignFieldsOf } from './campaigns.views';
import { copyStrategyValues, insertStrategyWithHistory } from './strategies.service';

/**
 * `POST /campaign/{id}/duplicate`: a new campaign with the same configuration, named "<name> (copy)" unless
 * named; state inactive when complete, else preview (a copy never starts active); spend starts at zero. A
 * synchronized link is copied as it is. With `with_strategies`, the live strategies are copied too. Every copy's
 * history names its original in `duplicated_from`; a deleted campaign cannot be duplicated (409 `DELETED`).
 */
export const duplicateCampaign = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TCampaignDuplicate,
): Promise<TCampaign> => {
  const { record, today } = await writableCampaign(deps, principal, id);
  const fields: CampaignFields = {
    ...campaignFieldsOf(record),
    name: body.name ?? copyName(record.name, CAMPAIGN_NAME_MAX_LENGTH),
  };
  const complete = isCampaignComplete(valuesOf(fields), record.currency);
  const values: NewCampaign = {
    ...columnsOf(fields, record.internal),
    organization_id: record.organization_id,
    name: fields.name,
    type: record.type,
    state: complete ? 'inactive' : 'preview',
    currency: record.currency,
    schedule: JSON.stringify(fields.schedule),
    targeting: JSON.stringify(fields.targeting),
    internal: JSON.stringify(record.internal),
  };
  const actor = actorOf(principal);
  const copy = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertCampaignWithHistory(trx, values, actor, today, record.id);
    if (body.with_strategies) {
      for (const strategy of await findLiveStrategies(trx, record.id)) {
        await insertStrategyWithHistory(trx, inserted, copyStrategyValues(strategy), actor, strategy.id);
      }
    }
    // Read again: the strategies' counts are kept on the campaign's row.
    return readable(findCampaignById(trx, inserted.id, today));
  });
  return campaignViewOf(deps.db, copy, principal, deps.clock.now());
};
