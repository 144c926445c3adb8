import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { AREAS } from '../areas';

/** The labels of the back-office sections (§2 `/backoffice/{section}`). */
const SECTION_LABELS: Readonly<Record<string, string>> = {
  organizations: 'Organizations',
  campaigns: 'Campaigns',
  creatives: 'Creatives',
  notifications: 'Notifications',
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
