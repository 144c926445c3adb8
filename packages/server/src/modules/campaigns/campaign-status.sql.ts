import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * The delivery status and the status of a campaign as SQL expressions, so that the campaign list filters and
 * sorts on them (decision 014). They mirror `deliveryStatus` of `domain/campaigns/delivery-status.ts` and
 * `campaignStatus` below, branch for branch; campaign-status.test.ts evaluates both over a table of cases and
 * requires the same answer.
 */

export type DeliveryStatusInputs = {
  state: Expression<unknown>;
  startDate: Expression<unknown>;
  endDate: Expression<unknown>;
  /** The UTC day the status is computed for. */
  today: string;
  strategiesBidding: Expression<unknown>;
  /**
   * Creative counts of the campaign, when known (the creatives module links them): total, active, paused, pending.
   * Absent: unknown, as the domain's `creatives: null`.
   */
  creatives?: {
    total: Expression<unknown>;
    active: Expression<unknown>;
    paused: Expression<unknown>;
    pending: Expression<unknown>;
  };
  /** Delivery data, when known (bidding and winning flags). Absent: unknown. */
  delivery?: { bidding: Expression<unknown>; winning: Expression<unknown> };
};

/** `CASE … END` giving one of DELIVERY_STATUSES, in the domain function's order. */
export const deliveryStatusSql = (inputs: DeliveryStatusInputs): RawBuilder<string> => {
  const { state, startDate, endDate, today, strategiesBidding, creatives, delivery } = inputs;
  const creativeBranches = creatives
    ? sql`
      WHEN ${creatives.active} < 1 AND ${creatives.paused} < 1 AND ${creatives.pending} < 1 THEN 'no_creatives'
      WHEN ${creatives.active} < 1 AND ${creatives.pending} < 1 THEN 'paused_creatives'
      WHEN ${creatives.active} < 1 THEN 'pending_approval'`
    : sql``;
  const deliveryBranches = delivery
    ? sql`
      WHEN NOT ${delivery.bidding} THEN 'not_bidding'
      WHEN NOT ${delivery.winning} THEN 'not_winning'`
    : sql``;
  return sql<string>`(CASE
      WHEN ${state} = 'preview' THEN 'draft'
      WHEN ${state} IN ('deleted', 'inactive', 'imported') THEN 'stopped'
      WHEN ${endDate} IS NOT NULL AND ${endDate} < ${today}::date THEN 'ended'
      WHEN ${strategiesBidding} < 1 THEN 'paused_strategies'${creativeBranches}
      WHEN ${startDate} IS NOT NULL AND ${startDate} > ${today}::date THEN 'on_track'${deliveryBranches}
      ELSE 'on_track'
    END)`;
};

export type CampaignStatusInputs = {
  state: Expression<unknown>;
  endDate: Expression<unknown>;
  today: string;
};

/**
 * The second status family of §3: deleted → deleted, end date passed → closed, draft → incomplete,
 * active → active, anything else (inactive, imported) → pending.
 */
export const campaignStatusSql = ({ state, endDate, today }: CampaignStatusInputs): RawBuilder<string> =>
  sql<string>`(CASE
      WHEN ${state} = 'deleted' THEN 'deleted'
      WHEN ${endDate} IS NOT NULL AND ${endDate} < ${today}::date THEN 'closed'
      WHEN ${state} = 'preview' THEN 'incomplete'
      WHEN ${state} = 'active' THEN 'active'
      ELSE 'pending'
    END)`;
