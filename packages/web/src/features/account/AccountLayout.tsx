import { canAccess } from '@beacon/domain/access/permissions';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { selectActiveIdentity, useSessionStore } from '../../app/session/session-store';

type Section = { readonly path: string; readonly label: string };

const PROFILE: Section = { path: '/account/profile', label: 'Profile' };
const USERS: Section = { path: '/account/users', label: 'Users' };

/**
 * /account/{section} (spec §2): the account's heading and a tab per section the user may open; Users needs the
 * §6 "account users" resource. Billing joins when its page exists.
 */
export const AccountLayout = () => {
  const identity = useSessionStore(selectActiveIdentity);
  const { pathname } = useLocation();
  if (!identity) return null;
  const sections = canAccess('account-users', identity.role, identity.organization.role, {
    isTestEnvironment: identity.test,
  })
    ? [PROFILE, USERS]
    : [PROFILE];
  const current = sections.find((section) => pathname.startsWith(section.path)) ?? PROFILE;
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 0.5 }}>
        Account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {identity.organization.name}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current.path}
          aria-label="Account sections"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {sections.map((section) => (
            <Tab
              key={section.path}
              value={section.path}
              label={section.label}
              component={RouterLink}
              to={section.path}
              id={`account-tab-${section.label.toLowerCase()}`}
              aria-controls="account-section"
            />
          ))}
        </Tabs>
      </Box>
      <Box
        id="account-section"
        role="tabpanel"
        aria-labelledby={`account-tab-${current.label.toLowerCase()}`}
      >
        <Outlet />
      </Box>
    </Box>
  );
};
