import { usePageTitle } from '../../app/branding';
import { selectActiveIdentity, useSessionStore } from '../../app/session/session-store';
import { CampaignsGrid } from '../../components/campaign/CampaignsGrid';

/**
 * The grid keeps the rest of the viewport: below the app bar, the page padding, the heading and the grid's
 * toolbar. It never gets shorter than a handful of rows.
 */
const GRID_HEIGHT = 'max(440px, calc(100dvh - 300px))';

/**
 * `/campaigns`, the landing page after login (§2): the campaigns of the organization and its advertisers, with
 * search, filters, sort and paging in the URL, bulk state changes, duplicate, export and the CSV of the view.
 */
export const CampaignsPage = () => {
  usePageTitle('Campaigns');
  // The operator's staff see every organization's campaigns: which one each belongs to is a column.
  const isOperatorStaff = useSessionStore(selectActiveIdentity)?.operator_staff ?? false;
  return (
    <CampaignsGrid title="Campaigns" canCreate height={GRID_HEIGHT} showOrganization={isOperatorStaff} />
  );
};
