/**
 * The campaign page's delivery figures, as the grid shows them (from the rollups the event intake writes):
 * impressions, clicks, CTR, conversions, spend, and today's spend against what an even spend of the budget
 * expects by now, today's target (pacing) and where today's spend is heading, and why it is behind. Money in the campaign's currency, numbers with the session's decimal mark.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { ctrText, moneyText } from '../../../components/campaign/campaign-list';
import { formatNumber, toDecimalMark } from '../../../lib/format';
import { biddingQueryOptions } from '../api/bidding';
import type { Campaign } from '../api/get-campaign';
import { behindReason } from './pace-reason';

const Figure = ({ label, value, detail }: { label: string; value: string; detail?: string }) => (
  <Box sx={{ minWidth: 112 }}>
    <Typography component="dt" variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="h6" sx={{ m: 0, lineHeight: 1.3 }}>
      {value}
    </Typography>
    {detail && (
      <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
        {detail}
      </Typography>
    )}
  </Box>
);

export const DeliverySummary = ({ campaign }: { campaign: Campaign }) => {
  const identity = useSessionStore(selectActiveIdentity);
  const decimalMark = toDecimalMark(identity?.decimal_mark);
  const count = (value: number) => formatNumber(value, { decimalMark });
  const expected = campaign.expected_spend_today;
  const target = campaign.delivery.target_spend_today;
  const projected = campaign.delivery.projected_spend_today;
  const isBehind =
    campaign.state === 'active' &&
    expected !== null &&
    Number(expected) > 0 &&
    Number(campaign.spend_today) < Number(expected) * BEHIND_SHARE;
  return (
    <Box
      component="dl"
      aria-label="Delivery figures"
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1.5, m: 0, mb: 2 }}
    >
      <Figure label="Impressions" value={count(campaign.impressions)} />
      <Figure label="Clicks" value={count(campaign.clicks)} />
      <Figure label="CTR" value={ctrText(campaign.ctr, decimalMark)} />
      <Figure label="Conversions" value={count(campaign.conversions)} />
      <Figure label="Spend" value={moneyText(campaign.spend, campaign, decimalMark)} />
      <Figure
        label={`Spend today (${campaign.time_zone})`}
        value={moneyText(campaign.spend_today, campaign, decimalMark)}
        detail={
          expected === null
            ? 'No expected spend today'
            : `Expected by now: ${moneyText(expected, campaign, decimalMark)}`
        }
      />
      {target !== null && (
        <Figure
          label="Today's target"
          value={moneyText(target, campaign, decimalMark)}
          {...(projected === null
            ? {}
            : { detail: `Heading for ${moneyText(projected, campaign, decimalMark)} by midnight` })}
        />
      )}
      {isBehind && <BehindReason campaignId={campaign.id} />}
    </Box>
  );
};

/** Less than this share of the expected spend by now is behind. */
const BEHIND_SHARE = 0.9;

/** Why the campaign is behind, from the bidding dialog's figures (fetched only when it is). */
const BehindReason = ({ campaignId }: { campaignId: number }) => {
  const query = useQuery(biddingQueryOptions(campaignId));
  if (query.data === undefined) return null;
  return (
    <Box sx={{ flexBasis: '100%' }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        Why today's spend is behind
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {behindReason(query.data)}
      </Typography>
    </Box>
  );
};
