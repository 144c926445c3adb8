/** The status dialog (§2): the delivery status, why, and the facts it comes from. */
import { CAMPAIGN_STATE_LABELS, CAMPAIGN_STATUS_LABELS } from '@beacon/domain/dictionary/campaigns';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { formatDateTime } from '../../../lib/format';
import type { Campaign } from '../api/get-campaign';
import { deliveryChipOf } from './delivery-status';

export const StatusDialog = ({ campaign }: { campaign: Campaign }) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const deliveryChip = deliveryChipOf(campaign);
  return (
    <Dialog {...dialogProps} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Delivery status</DialogTitle>
      <DialogContent>
        <Chip label={deliveryChip.label} color={deliveryChip.color} sx={{ mb: 1.5 }} />
        <Typography sx={{ mb: 2 }}>{campaign.delivery_explanation}</Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            State
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {CAMPAIGN_STATE_LABELS[campaign.state]}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Status
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {CAMPAIGN_STATUS_LABELS[campaign.status]}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Strategies bidding
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {campaign.strategies_bidding} of {campaign.strategies_count}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Flight
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {campaign.start_date ?? 'no start date'} to {campaign.end_date ?? 'until stopped'}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Last {campaign.delivery.recent_hours} hours
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {campaign.delivery.recent_bids} bids, {campaign.delivery.recent_wins} won
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Last delivery
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {campaign.last_delivery_hour === null
              ? 'never'
              : `${formatDateTime(campaign.last_delivery_hour)} (UTC hour)`}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
