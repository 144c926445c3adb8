/**
 * The campaign page's delivery figures, as the grid shows them (from the rollups the event intake writes):
 * impressions, clicks, CTR, conversions, spend, and today's spend against what an even spend of the budget
 * expects by now. Money in the campaign's currency, numbers with the session's decimal mark.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { ctrText, moneyText } from '../../../components/campaign/campaign-list';
import { formatNumber, toDecimalMark } from '../../../lib/format';
import type { Campaign } from '../api/get-campaign';

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
        label="Spend today (UTC)"
        value={moneyText(campaign.spend_today, campaign, decimalMark)}
        detail={
          expected === null
            ? 'No expected spend today'
            : `Expected by now: ${moneyText(expected, campaign, decimalMark)}`
        }
      />
    </Box>
  );
};
