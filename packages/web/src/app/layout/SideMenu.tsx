import {
  CLIENT_VERSION,
  SIDE_MENU_SHORT_WIDTH,
  SIDE_MENU_WIDTH,
  TOOLTIP_DELAY_MS,
} from '@beacon/domain/dictionary/constants';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { NavLink, useLocation } from 'react-router';
import type { SessionIdentity } from '../../api/session';
import { isMenuEntryActive, visibleAreas } from '../areas';

type SideMenuProps = {
  readonly identity: SessionIdentity;
  readonly isShort: boolean;
  readonly isMobile: boolean;
  readonly isMobileOpen: boolean;
  readonly onMobileClose: () => void;
};

const MenuEntries = ({
  identity,
  isShort,
  onNavigate,
}: {
  identity: SessionIdentity;
  isShort: boolean;
  onNavigate?: () => void;
}) => {
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <List sx={{ px: 1, py: 1.5, flex: 1, overflowY: 'auto' }}>
        {visibleAreas({
          role: identity.role,
          organizationRole: identity.organization.role,
          isTest: identity.test,
        }).map((area) => {
          const Icon = area.icon;
          const button = (
            <ListItemButton
              component={NavLink}
              to={area.path}
              end={area.path === '/'}
              className={isMenuEntryActive(area, pathname) ? 'active' : undefined}
              onClick={onNavigate}
              aria-label={isShort ? area.label : undefined}
              sx={{
                flex: 1,
                borderRadius: 1.5,
                mb: 0.5,
                minHeight: 44,
                justifyContent: isShort ? 'center' : 'flex-start',
                px: isShort ? 0 : 1.5,
                color: 'text.secondary',
                '&.active': {
                  bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1),
                  color: 'primary.dark',
                  '& .MuiListItemIcon-root': { color: 'primary.dark' },
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: isShort ? 0 : 40, color: 'inherit', justifyContent: 'center' }}>
                <Icon />
              </ListItemIcon>
              {!isShort && (
                <ListItemText primary={area.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
              )}
            </ListItemButton>
          );
          return (
            <ListItem key={area.path} disablePadding>
              {isShort ? (
                <Tooltip title={area.label} placement="right" enterDelay={TOOLTIP_DELAY_MS}>
                  {button}
                </Tooltip>
              ) : (
                button
              )}
            </ListItem>
          );
        })}
      </List>
      {!isShort && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 3, py: 2 }}>
          Version {CLIENT_VERSION}
        </Typography>
      )}
    </Box>
  );
};

/**
 * The side menu of §2: 240px, or 70px in its short form, under the app bar. On phones it is a temporary drawer
 * opened from the app bar.
 */
export const SideMenu = ({ identity, isShort, isMobile, isMobileOpen, onMobileClose }: SideMenuProps) => {
  if (isMobile) {
    return (
      <Drawer
        variant="temporary"
        open={isMobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { 'aria-label': 'Menu', sx: { width: SIDE_MENU_WIDTH } } }}
      >
        <Toolbar />
        <MenuEntries identity={identity} isShort={false} onNavigate={onMobileClose} />
      </Drawer>
    );
  }
  const width = isShort ? SIDE_MENU_SHORT_WIDTH : SIDE_MENU_WIDTH;
  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          borderRight: 1,
          borderColor: 'divider',
          transition: (theme) => theme.transitions.create('width'),
        },
      }}
    >
      <Toolbar />
      <MenuEntries identity={identity} isShort={isShort} />
    </Drawer>
  );
};
