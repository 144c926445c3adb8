import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CampaignRow } from './api/campaign-row';

/** How many names a confirmation lists before it says how many more. */
const LISTED_NAMES = 8;

/** The campaigns a confirmation is about, by name and id. */
export const CampaignNameList = ({ campaigns }: { readonly campaigns: readonly CampaignRow[] }) => {
  const listed = campaigns.slice(0, LISTED_NAMES);
  return (
    <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
      {listed.map((campaign) => (
        <li key={campaign.id}>
          {campaign.name}{' '}
          <Typography component="span" color="text.secondary">
            #{campaign.id}
          </Typography>
        </li>
      ))}
      {campaigns.length > listed.length && <li>and {campaigns.length - listed.length} more</li>}
    </Box>
  );
};
