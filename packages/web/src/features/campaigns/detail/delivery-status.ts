/** The colour of each delivery status chip: green on track, amber when something the user can fix stops it. */
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
