/**
 * The delivery status of a campaign (§3 delivery statuses): what keeps it from delivering, checked
 * in a fixed order so that the first blocking reason is the one shown. The server computes the same order in
 * SQL for the grid (a server test compares both over a table of cases); this is the reference.
 *
 * Order:
 * 1. state preview → draft
 * 2. state deleted, inactive or imported → stopped
 * 3. end_date before today → ended
 * 4. no strategy bidding (none at all, or all paused) → paused_strategies
 * 5. creatives known (null until the creatives issue):
 *    no active, paused nor pending creative (none at all, or only rejected ones) → no_creatives;
 *    no active and no pending one (so some paused) → paused_creatives;
 *    no active one but some pending → pending_approval
 * 6. start_date after today → on_track ("starts on …"; delivery data is not expected yet)
 * 7. delivery (the rollups' bids and wins of the last hours, docs/engine.md "Delivery figures"): no bid →
 *    not_bidding (explained as "No delivery yet" when the campaign never delivered an impression), bids but no
 *    win → not_winning
 * 8. otherwise → on_track
 */
import { type CampaignState, DELIVERY_STATUS_LABELS, type DeliveryStatus } from '../dictionary/campaigns';

export type DeliveryStatusInput = {
  readonly state: CampaignState;
  /** `YYYY-MM-DD`; a draft may have none. */
  readonly start_date: string | null;
  /** `YYYY-MM-DD`, inclusive; null = no end. */
  readonly end_date: string | null;
  /** `YYYY-MM-DD` (UTC) of the day the status is computed for. */
  readonly today: string;
  /** The campaign's strategies that are not deleted, and how many of them are bidding. */
  readonly strategies: { readonly total: number; readonly bidding: number };
  /** The campaign's creative links by state, or null while creatives are not known. */
  readonly creatives: {
    readonly total: number;
    readonly active: number;
    readonly paused: number;
    readonly pending: number;
  } | null;
  /**
   * Whether the campaign bid and won recently, and whether it ever delivered an impression (absent: it did);
   * null when unknown.
   */
  readonly delivery: {
    readonly bidding: boolean;
    readonly winning: boolean;
    readonly delivered?: boolean;
  } | null;
};

export type DeliveryStatusResult = { readonly status: DeliveryStatus; readonly explanation: string };

export const DELIVERY_EXPLANATIONS = {
  draft: 'The campaign is a draft: complete it and activate it to start delivering',
  deleted: 'The campaign is deleted',
  inactive: 'The campaign is inactive: activate it to start delivering',
  imported: 'The campaign was imported and is not run by this platform',
  ended: (end: string): string => `The campaign ended on ${end}`,
  no_strategies: 'The campaign has no strategies: add one to start delivering',
  paused_strategies: 'All the strategies of the campaign are paused',
  no_creatives: 'The campaign has no active creatives',
  paused_creatives: 'All the creatives of the campaign are paused',
  pending_approval: 'The creatives of the campaign are pending approval',
  starts: (start: string): string => `The campaign starts on ${start}`,
  not_bidding: 'The campaign is not bidding: check its targeting, bid and budget',
  no_delivery_yet:
    'No delivery yet: the campaign has never delivered an impression and is not bidding; check its targeting, bid and budget',
  not_winning: 'The campaign bids but does not win auctions: consider raising the bid',
  on_track: 'The campaign is delivering',
} as const;

const result = (status: DeliveryStatus, explanation: string): DeliveryStatusResult => ({
  status,
  explanation,
});

export const deliveryStatus = (input: DeliveryStatusInput): DeliveryStatusResult => {
  const { state, start_date: start, end_date: end, today, strategies, creatives, delivery } = input;
  if (state === 'preview') return result('draft', DELIVERY_EXPLANATIONS.draft);
  if (state === 'deleted' || state === 'inactive' || state === 'imported') {
    return result('stopped', DELIVERY_EXPLANATIONS[state]);
  }
  if (end !== null && end < today) return result('ended', DELIVERY_EXPLANATIONS.ended(end));
  if (strategies.bidding < 1) {
    return result(
      'paused_strategies',
      strategies.total < 1 ? DELIVERY_EXPLANATIONS.no_strategies : DELIVERY_EXPLANATIONS.paused_strategies,
    );
  }
  if (creatives !== null && creatives.active < 1) {
    if (creatives.paused < 1 && creatives.pending < 1)
      return result('no_creatives', DELIVERY_EXPLANATIONS.no_creatives);
    if (creatives.pending < 1) return result('paused_creatives', DELIVERY_EXPLANATIONS.paused_creatives);
    return result('pending_approval', DELIVERY_EXPLANATIONS.pending_approval);
  }
  if (start !== null && start > today) return result('on_track', DELIVERY_EXPLANATIONS.starts(start));
  if (delivery !== null) {
    if (!delivery.bidding) {
      return result(
        'not_bidding',
        delivery.delivered === false
          ? DELIVERY_EXPLANATIONS.no_delivery_yet
          : DELIVERY_EXPLANATIONS.not_bidding,
      );
    }
    if (!delivery.winning) return result('not_winning', DELIVERY_EXPLANATIONS.not_winning);
  }
  return result('on_track', DELIVERY_EXPLANATIONS.on_track);
};

/** Chip colours of the grid: what needs the user's attention stands out. */
export const DELIVERY_STATUS_SEVERITY = {
  draft: 'default',
  ended: 'default',
  stopped: 'default',
  no_creatives: 'error',
  paused_strategies: 'warning',
  paused_creatives: 'warning',
  pending_approval: 'info',
  not_bidding: 'error',
  not_winning: 'warning',
  on_track: 'success',
} as const satisfies Record<DeliveryStatus, 'default' | 'error' | 'warning' | 'info' | 'success'>;

/**
 * Whether a campaign that nothing holds back has simply not started yet (rule 6 above): §3's statuses call it
 * on_track, but its chip must not say "On track" before a single day of delivery.
 */
export const hasNotStarted = (
  campaign: { readonly delivery_status: DeliveryStatus; readonly start_date: string | null },
  today: string,
): boolean =>
  campaign.delivery_status === 'on_track' && campaign.start_date !== null && campaign.start_date > today;

/** The chip's label of a live campaign that does not bid and never delivered an impression. */
export const NO_DELIVERY_YET_LABEL = 'No delivery yet';

/**
 * What a delivery status chip says: the status's label, "Starts <day>" for a campaign not started yet, or "No
 * delivery yet" for one not bidding that never delivered (`last_delivery_hour` null; absent: unknown).
 */
export const deliveryStatusLabel = (
  campaign: {
    readonly delivery_status: DeliveryStatus;
    readonly start_date: string | null;
    readonly last_delivery_hour?: string | null;
  },
  today: string,
): string => {
  if (hasNotStarted(campaign, today)) return `Starts ${campaign.start_date}`;
  if (campaign.delivery_status === 'not_bidding' && campaign.last_delivery_hour === null) {
    return NO_DELIVERY_YET_LABEL;
  }
  return DELIVERY_STATUS_LABELS[campaign.delivery_status];
};

/** Today's day (UTC), as the server computes delivery statuses. */
export const utcToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);
