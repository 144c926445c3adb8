/**
 * A campaign's strategies as the strategy routes answer them (packages/server/src/modules/campaigns): the server
 * validates its answers with these schemas and the console types them with `z.infer`.
 */

import { z } from 'zod';
import { STRATEGY_STATES } from '../dictionary/campaigns';
import {
  ZAudienceTargetingView,
  ZCampaignDay,
  ZCampaignMoney,
  ZFrequencyCapView,
  ZIds,
  ZScheduleView,
} from './campaigns';

/** Where a strategy delivers, within its campaign's targeting. */
const ZLocationView = z.object({
  countries: z.array(z.string()),
  regions: z.array(z.string()),
  cities: z.array(z.string()),
});

/** A strategy's own resource targeting (decision 021). */
const ZStrategyTargetingView = z.object({
  audiences: ZAudienceTargetingView,
  location_audiences: ZIds,
  geolists: ZIds,
});

/** One strategy (GET|POST /campaign/{id}/strategies, GET|PUT /strategy/{id}, POST /strategy/{id}/duplicate). */
export const ZStrategy = z.object({
  id: z.number(),
  campaign: z.number(),
  name: z.string(),
  state: z.enum(STRATEGY_STATES),
  start_date: ZCampaignDay.nullable(),
  end_date: ZCampaignDay.nullable(),
  location: ZLocationView,
  schedule: ZScheduleView,
  targeting: ZStrategyTargetingView,
  bid: ZCampaignMoney.nullable().meta({ description: "Null: the campaign's bid" }),
  budget_share: z.number(),
  frequency_cap: ZFrequencyCapView.meta({
    description:
      'At most `impressions` per user per `period`; null: no cap (docs/engine.md "Frequency caps")',
  }),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
});
export type TStrategy = z.infer<typeof ZStrategy>;
