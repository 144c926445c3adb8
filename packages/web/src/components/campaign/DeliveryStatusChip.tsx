import {
  DELIVERY_STATUS_SEVERITY,
  deliveryStatusLabel,
  hasNotStarted,
  utcToday,
} from '@beacon/domain/campaigns/delivery-status';
import type { DeliveryStatus } from '@beacon/domain/dictionary/campaigns';
import { TOOLTIP_DELAY_MS } from '@beacon/domain/dictionary/constants';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';

export type DeliveryStatusChipProps = {
  readonly status: DeliveryStatus;
  /** The campaign's first day: one that has not come yet shows "Starts <day>" instead of "On track". */
  readonly startDate: string | null;
  /** The last hour with an impression: null (never delivered) makes "Not bidding" read "No delivery yet". */
  readonly lastDeliveryHour?: string | null;
  /** Why the campaign delivers or not, as the server computed it; shown on hover and focus. */
  readonly explanation: string;
  /** Tab order inside a grid cell (the grid moves focus between cells itself). */
  readonly tabIndex?: number;
};

/**
 * A campaign's delivery status as a coloured chip (docs/decisions/014-campaigns.md), in the domain's severity colours: green on track,
 * amber or red when something holds it back, grey when it does not run. The explanation is the chip's tooltip
 * and its accessible description.
 */
export const DeliveryStatusChip = ({
  status,
  startDate,
  lastDeliveryHour,
  explanation,
  tabIndex,
}: DeliveryStatusChipProps) => {
  const campaign = { delivery_status: status, start_date: startDate, last_delivery_hour: lastDeliveryHour };
  const today = utcToday();
  const tone = hasNotStarted(campaign, today) ? 'info' : DELIVERY_STATUS_SEVERITY[status];
  return (
    <Tooltip title={explanation} enterDelay={TOOLTIP_DELAY_MS} describeChild arrow>
      <Chip
        size="small"
        color={tone}
        variant={tone === 'default' ? 'outlined' : 'filled'}
        label={deliveryStatusLabel(campaign, today)}
        tabIndex={tabIndex}
        sx={{ fontWeight: 600, maxWidth: '100%' }}
      />
    </Tooltip>
  );
};
