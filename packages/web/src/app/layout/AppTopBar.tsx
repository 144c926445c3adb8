import { APP_BAR_HEIGHT, SIDE_MENU_SHORT_WIDTH, TOOLTIP_DELAY_MS } from '@beacon/domain/dictionary/constants';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';
import type { Session, SessionIdentity } from '../../api/session';
import { BrandLogo } from '../../components/BrandLogo';
import { HOME_PATH } from '../areas';
import { returnToRealUser } from '../session/session-actions';
import { useSessionStore } from '../session/session-store';
import { HelpMenu } from './HelpMenu';
import { UserMenu } from './UserMenu';

type AppTopBarProps = {
  readonly session: Session;
  readonly identity: SessionIdentity;
  readonly isMobile: boolean;
  readonly isCompact: boolean;
  readonly isMenuShort: boolean;
  readonly onMenuClick: () => void;
};

/** The app bar of §2 (64px): menu toggle, logo, simulation and demo indicators, help and user menus. */
export const AppTopBar = ({
  session,
  identity,
  isMobile,
  isCompact,
  isMenuShort,
  onMenuClick,
}: AppTopBarProps) => {
  const isDemo = useSessionStore((state) => state.isDemo);
  const simulation = session.simulation;
  const menuLabel = isMobile ? 'Open the menu' : isMenuShort ? 'Expand the menu' : 'Collapse the menu';
  return (
    <AppBar
      position="fixed"
      color="inherit"
      sx={{
        zIndex: (theme) => theme.zIndex.drawer + 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar
        disableGutters
        sx={{ minHeight: APP_BAR_HEIGHT, height: APP_BAR_HEIGHT, pr: { xs: 1, sm: 2 }, gap: 1 }}
      >
        <Box
          sx={{
            width: isMobile ? 'auto' : SIDE_MENU_SHORT_WIDTH,
            display: 'flex',
            justifyContent: 'center',
            pl: isMobile ? 1 : 0,
          }}
        >
          <Tooltip title={menuLabel} enterDelay={TOOLTIP_DELAY_MS}>
            <IconButton
              aria-label={menuLabel}
              onClick={onMenuClick}
              aria-expanded={isMobile ? undefined : !isMenuShort}
            >
              {!isMobile && !isMenuShort ? <MenuOpen /> : <MenuIcon />}
            </IconButton>
          </Tooltip>
        </Box>
        <Box
          component={RouterLink}
          to={HOME_PATH}
          aria-label="Home"
          sx={{ display: 'flex', alignItems: 'center', borderRadius: 1 }}
        >
          <BrandLogo height={isCompact ? 28 : 32} />
        </Box>
        <Box sx={{ flex: 1 }} />
        {simulation && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Chip
              icon={<SupervisorAccountOutlined />}
              label={isCompact ? simulation.user.name : `Simulating ${simulation.user.name}`}
              color="warning"
              variant="outlined"
              sx={{ fontWeight: 600, maxWidth: { xs: 140, sm: 320 } }}
            />
            <Button size="small" variant="outlined" color="warning" onClick={() => void returnToRealUser()}>
              {isCompact ? 'Return' : `Return to ${session.user.name}`}
            </Button>
          </Box>
        )}
        {isDemo && (
          <Chip
            icon={<ScienceOutlined />}
            label={isCompact ? 'Demo' : 'Demo mode'}
            color="secondary"
            variant="outlined"
            sx={{ fontWeight: 600 }}
          />
        )}
        <HelpMenu hideDocs={identity.hide_docs} />
        <UserMenu session={session} identity={identity} isCompact={isCompact} />
      </Toolbar>
    </AppBar>
  );
};
