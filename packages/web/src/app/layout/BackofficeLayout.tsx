import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { biddingQueryOptions } from '../../features/backoffice/api/exchanges';
import { AREAS } from '../areas';

/** The labels of the back-office sections (§2 `/backoffice/{section}`). */
const SECTION_LABELS: Readonly<Record<string, string>> = {
  organizations: 'Organizations',
  campaigns: 'Campaigns',
  creatives: 'Creatives',
  notifications: 'Notifications',
  exchanges: 'Exchanges',
  bidding: 'Bidding',
  outbox: 'Outbox',
};

const BACKOFFICE_PATH = '/backoffice';

/** The sections built so far (the Back office area's list), in their order. */
const builtSections = (): string[] =>
  AREAS.find((area) => area.path === BACKOFFICE_PATH)?.sections?.filter(
    (section) => section in SECTION_LABELS,
  ) ?? [];

/**
 * The back office's frame: a tab per section built (organizations, campaigns, creatives…), so that the
 * operator's staff move between them without typing addresses, above the section's page.
 */
export const BackofficeLayout = () => {
  const { pathname } = useLocation();
  const sections = builtSections();
  const current = sections.find((section) => pathname.startsWith(`${BACKOFFICE_PATH}/${section}`)) ?? false;
  const tabId = (section: string) => `backoffice-tab-${section}`;
  // A stopped platform is said on every back-office page (spec §4 "Stop bidding"), not only on its own.
  const bidding = useQuery(biddingQueryOptions());
  const isBiddingStopped = bidding.data?.enabled === false && current !== 'bidding';
  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={current} aria-label="Back office sections" variant="scrollable" allowScrollButtonsMobile>
          {sections.map((section) => (
            <Tab
              key={section}
              value={section}
              label={SECTION_LABELS[section]}
              component={RouterLink}
              to={`${BACKOFFICE_PATH}/${section}`}
              id={tabId(section)}
              aria-controls="backoffice-section"
            />
          ))}
        </Tabs>
      </Box>
      {isBiddingStopped && (
        <Alert severity="error" variant="filled" sx={{ mb: 3 }}>
          Platform bidding is stopped: no campaign buys anything.{' '}
          <Link component={RouterLink} to={`${BACKOFFICE_PATH}/bidding`} color="inherit">
            Open Bidding
          </Link>
        </Alert>
      )}
      <Box
        id="backoffice-section"
        role="tabpanel"
        {...(current ? { 'aria-labelledby': tabId(current) } : { 'aria-label': 'Back office' })}
      >
        <Outlet />
      </Box>
    </Box>
  );
};
