/**
 * Deals as the deals routes answer them (packages/server/src/modules/deals): the server validates its answers
 * with these schemas and the console types them with `z.infer`.
 */

import { z } from 'zod';
import { CURRENCIES } from '../dictionary/currencies';
import { DEAL_STATES, DEAL_TYPES } from '../dictionary/deals';
import { SUPPLY_PARTNERS } from '../dictionary/partners';

const ZMoney = z.string().meta({ description: 'Exact decimal amount in the deal\'s currency, e.g. "2.5"' });
const ZDay = z.string().meta({ description: 'A UTC day, YYYY-MM-DD (inclusive)' });

/** One row of the deals list (GET /deals). */
export const ZDealRow = z.object({
  id: z.number(),
  external_id: z.string().meta({ description: 'The id of the deal at the exchange (supply partner)' }),
  name: z.string(),
  organization: z.number(),
  organization_name: z.string(),
  supply_partner: z.enum(SUPPLY_PARTNERS),
  type: z.enum(DEAL_TYPES),
  floor_price: ZMoney,
  currency: z.enum(CURRENCIES),
  start_date: ZDay,
  end_date: ZDay.nullable(),
  state: z.enum(DEAL_STATES),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
});
export type TDealRow = z.infer<typeof ZDealRow>;

/** Requests and impressions of a deal over the days delivery data covers. */
export const ZDealMonitor = z.object({
  requests: z.number(),
  impressions: z.number(),
  from: ZDay,
  to: ZDay,
});

/** One deal (GET|POST|PUT /deal…): the row, when it was deleted, and its monitor numbers where they exist. */
export const ZDeal = ZDealRow.extend({
  deleted_at: z.string().nullable(),
  monitor: ZDealMonitor.nullable().meta({
    description: 'Requests and impressions; null while no delivery data exists (monitor_explanation says so)',
  }),
  monitor_explanation: z.string().nullable(),
});
export type TDeal = z.infer<typeof ZDeal>;
