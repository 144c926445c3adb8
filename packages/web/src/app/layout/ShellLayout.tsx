import { APP_BAR_HEIGHT } from '@beacon/domain/dictionary/constants';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Outlet } from 'react-router';
import type { Session } from '../../api/session';
import { useSessionStore } from '../session/session-store';
import { AppTopBar } from './AppTopBar';
import { PasswordExpiryBanner } from './PasswordExpiryBanner';
import { SideMenu } from './SideMenu';
import { useSideMenuStore } from './side-menu-store';

const SKIP_LINK_SX = {
  position: 'absolute',
  left: 8,
  top: -48,
  zIndex: 2100,
  px: 2,
  py: 1,
  borderRadius: 1,
  bgcolor: 'background.paper',
  boxShadow: 3,
  '&:focus': { top: 8 },
} as const;

const AppShell = ({ session }: { readonly session: Session }) => {
  const theme = useTheme();
  // Below md the side menu would take too much of the page: it opens over it instead.
  const isMobile = useMediaQuery(theme.breakpoints.down('md'));
  const isCompact = useMediaQuery(theme.breakpoints.down('sm'));
  const isShort = useSideMenuStore((state) => state.isShort);
  const toggleShort = useSideMenuStore((state) => state.toggle);
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const identity = session.simulation ?? session;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link href="#main-content" sx={SKIP_LINK_SX}>
        Skip to content
      </Link>
      <AppTopBar
        session={session}
        identity={identity}
        isMobile={isMobile}
        isCompact={isCompact}
        isMenuShort={isShort}
        onMenuClick={() => (isMobile ? setIsMobileOpen(true) : toggleShort())}
      />
      <SideMenu
        identity={identity}
        isShort={isShort}
        isMobile={isMobile}
        isMobileOpen={isMobileOpen}
        onMobileClose={() => setIsMobileOpen(false)}
      />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flex: 1,
          minWidth: 0,
          pt: `${APP_BAR_HEIGHT}px`,
          outline: 'none',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {!session.simulation && (
          <PasswordExpiryBanner
            expiresAt={session.password_expires_at}
            warningAt={session.password_warning_at}
          />
        )}
        <Box sx={{ flex: 1, p: { xs: 2, sm: 3, md: 4 }, width: '100%', maxWidth: 1440, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
};

/**
 * The signed-in layout: app bar, side menu and the page. A visitor without a session only reaches the empty path
 * here (§2), whose page draws its own public layout.
 */
export const ShellLayout = () => {
  const session = useSessionStore((state) => state.session);
  return session ? <AppShell session={session} /> : <Outlet />;
};
