/** The colour of each delivery status chip: green on track, amber when something the user can fix stops it. */
import { deliveryStatusLabel, hasNotStarted, utcToday } from '@beacon/domain/campaigns/delivery-status';
import type { DeliveryStatus } from '@beacon/domain/dictionary/campaigns';

export type ChipColor = 'default' | 'success' | 'warning' | 'error' | 'info';

export const DELIVERY_STATUS_COLORS = {
  draft: 'default',
  ended: 'default',
  stopped: 'default',
  no_creatives: 'warning',
  paused_strategies: 'warning',
  paused_creatives: 'warning',
  pending_approval: 'info',
  not_bidding: 'error',
  not_winning: 'warning',
  on_track: 'success',
} as const satisfies Record<DeliveryStatus, ChipColor>;

/** The campaign page's delivery chip: its label and colour, "Starts <day>" in info for one not started yet. */
export const deliveryChipOf = (campaign: {
  readonly delivery_status: DeliveryStatus;
  readonly start_date: string | null;
  readonly last_delivery_hour?: string | null;
}): { label: string; color: ChipColor } => {
  const today = utcToday();
  return {
    label: deliveryStatusLabel(campaign, today),
    color: hasNotStarted(campaign, today) ? 'info' : DELIVERY_STATUS_COLORS[campaign.delivery_status],
  };
};
