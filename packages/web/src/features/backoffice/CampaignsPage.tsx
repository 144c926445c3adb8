import { BACKOFFICE_TABLE_HEIGHT } from '@beacon/domain/dictionary/constants';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { usePageTitle } from '../../app/branding';
import { CampaignsGrid } from '../../components/campaign/CampaignsGrid';

/** Below the medium breakpoint the page is narrow and short: the grid keeps room for the toolbar. */
const SMALL_TABLE_HEIGHT = 520;

/** §9: the back-office table is 850px high on large screens and 600px on medium ones. */
const useTableHeight = (): number => {
  const theme = useTheme();
  const isLarge = useMediaQuery(theme.breakpoints.up('lg'));
  const isMedium = useMediaQuery(theme.breakpoints.up('md'));
  if (isLarge) return BACKOFFICE_TABLE_HEIGHT.large;
  return isMedium ? BACKOFFICE_TABLE_HEIGHT.medium : SMALL_TABLE_HEIGHT;
};

/**
 * `/backoffice/campaigns`: every organization's campaigns for the operator's staff, with the organization's id
 * and name as columns and filters, bulk state changes, duplicate, export and the CSV of the view.
 */
export const CampaignsPage = () => {
  usePageTitle('Campaigns · Back office');
  const height = useTableHeight();
  return (
    <CampaignsGrid
      title="Campaigns"
      overline="Back office"
      description="Every organization's campaigns"
      showOrganization
      height={height}
    />
  );
};
