import { canSimulate, canUseDemo } from '@beacon/domain/access/permissions';
import { USER_ROLE_LABELS } from '@beacon/domain/dictionary/roles';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Session, SessionIdentity } from '../../api/session';
import { invitableRoles, userManagerOf } from '../../features/account/users/roles';
import { lazy } from '../../lib/lazy';
import { isAvailablePath } from '../areas';
import { useDialogStack } from '../dialogs/dialog-stack';
import { EXTERNAL_LINKS } from '../external-links';
import { logout, returnToRealUser, setDemoMode } from '../session/session-actions';
import { useSessionStore } from '../session/session-store';
import { hasUnsavedChanges, useUnsavedChangesStore } from '../unsaved-changes';
import { useAppDialogs } from './app-dialogs';
import { initialsOf } from './initials';

const DiscardChangesDialog = lazy(() =>
  import('../../components/DiscardChangesDialog').then((module) => ({
    default: module.DiscardChangesDialog,
  })),
);

const ACCOUNT_PROFILE_PATH = '/account/profile';
const ACCOUNT_BILLING_PATH = '/account/billing';
const ACCOUNT_USERS_PATH = '/account/users';

type UserMenuProps = {
  readonly session: Session;
  readonly identity: SessionIdentity;
  readonly isCompact: boolean;
};

type Entry = {
  readonly key: string;
  readonly label: string;
  readonly icon: ReactNode;
  readonly onSelect?: () => void;
  readonly href?: string;
};

/**
 * The user menu of §2. Entries whose area does not exist yet (My account, Billing, New user) appear once their
 * pages are routed; Privacy policy and Terms of use once the installation configures their addresses.
 */
export const UserMenu = ({ session, identity, isCompact }: UserMenuProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const dialogs = useDialogStack();
  const { openChangePassword, openInviteUser, openSimulateUser } = useAppDialogs();
  const isDemo = useSessionStore((state) => state.isDemo);
  const simulation = session.simulation;
  const close = () => setAnchor(null);

  const confirmLogout = () => {
    if (!hasUnsavedChanges()) {
      void logout();
      return;
    }
    dialogs.open(
      'discard-changes',
      <Suspense fallback={null}>
        <DiscardChangesDialog
          onDiscard={() => {
            useUnsavedChangesStore.getState().clearAll();
            void logout();
          }}
          onKeepEditing={() => undefined}
        />
      </Suspense>,
    );
  };

  const mayOfferSimulation = canSimulate({
    role: identity.role,
    realRole: simulation ? session.role : null,
    isSimulating: simulation !== null,
  });

  const groups: Entry[][] = [
    [
      ...(isAvailablePath(ACCOUNT_PROFILE_PATH)
        ? [
            {
              key: 'account',
              label: 'My account',
              icon: <AccountCircleOutlined />,
              onSelect: () => navigate(ACCOUNT_PROFILE_PATH),
            },
          ]
        : []),
      ...(isAvailablePath(ACCOUNT_BILLING_PATH)
        ? [
            {
              key: 'billing',
              label: 'Billing',
              icon: <ReceiptLongOutlined />,
              onSelect: () => navigate(ACCOUNT_BILLING_PATH),
            },
          ]
        : []),
      // A simulated session's password is not the real user's to change.
      ...(simulation
        ? []
        : [
            {
              key: 'password',
              label: 'Change password',
              icon: <KeyOutlined />,
              onSelect: openChangePassword,
            },
          ]),
    ],
    [
      ...(isAvailablePath(ACCOUNT_USERS_PATH) && invitableRoles(userManagerOf(identity)).length > 0
        ? [
            {
              key: 'new-user',
              label: 'New user',
              icon: <PersonAddAlt1Outlined />,
              onSelect: openInviteUser,
            },
          ]
        : []),
      ...(mayOfferSimulation
        ? [
            {
              key: 'simulate',
              label: 'Simulated User',
              icon: <SupervisorAccountOutlined />,
              onSelect: openSimulateUser,
            },
          ]
        : []),
      ...(simulation
        ? [
            {
              key: 'return',
              label: `Return to ${session.user.name}`,
              icon: <UndoOutlined />,
              onSelect: () => void returnToRealUser(),
            },
          ]
        : []),
      ...(canUseDemo(identity.role)
        ? [
            {
              key: 'demo',
              label: isDemo ? 'Exit demo mode' : 'Demo mode',
              icon: <ScienceOutlined />,
              onSelect: () => void setDemoMode(!isDemo),
            },
          ]
        : []),
    ],
    [
      ...(EXTERNAL_LINKS.privacy
        ? [
            {
              key: 'privacy',
              label: 'Privacy policy',
              icon: <PolicyOutlined />,
              href: EXTERNAL_LINKS.privacy,
            },
          ]
        : []),
      ...(EXTERNAL_LINKS.terms
        ? [{ key: 'terms', label: 'Terms of use', icon: <GavelOutlined />, href: EXTERNAL_LINKS.terms }]
        : []),
    ],
    [{ key: 'logout', label: 'Log out', icon: <Logout />, onSelect: confirmLogout }],
  ].filter((group) => group.length > 0);

  const items = groups.flatMap((group, index) => [
    ...(index > 0 ? [<Divider key={`divider-${group[0]?.key}`} />] : []),
    ...group.map((entry) => (
      <MenuItem
        key={entry.key}
        {...(entry.href
          ? { component: 'a', href: entry.href, target: '_blank', rel: 'noopener noreferrer' }
          : {})}
        onClick={() => {
          close();
          entry.onSelect?.();
        }}
      >
        <ListItemIcon sx={{ '& svg': { fontSize: 20 } }}>{entry.icon}</ListItemIcon>
        <ListItemText>{entry.label}</ListItemText>
      </MenuItem>
    )),
  ]);

  return (
    <>
      <ButtonBase
        aria-label={`Account menu of ${identity.user.name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          borderRadius: 6,
          pl: 0.5,
          pr: isCompact ? 0.5 : 1,
          py: 0.5,
          gap: 1,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Avatar
          src={identity.image || undefined}
          alt=""
          sx={{ width: 34, height: 34, fontSize: 14, fontWeight: 600, bgcolor: 'primary.main' }}
        >
          {initialsOf(identity.user.name)}
        </Avatar>
        {!isCompact && (
          <>
            <Box sx={{ textAlign: 'left', lineHeight: 1.2 }}>
              <Typography component="span" sx={{ display: 'block', fontSize: 14, fontWeight: 600 }}>
                {identity.user.name}
              </Typography>
              <Typography component="span" color="text.secondary" sx={{ display: 'block', fontSize: 12 }}>
                {identity.organization.name}
              </Typography>
            </Box>
            <ExpandMore fontSize="small" sx={{ color: 'text.secondary' }} />
          </>
        )}
      </ButtonBase>
      <Popover
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-label': 'Account', sx: { mt: 1, minWidth: 260, maxWidth: 320 } },
        }}
      >
        <Box sx={{ px: 2, pt: 2, pb: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{identity.user.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {identity.user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {USER_ROLE_LABELS[identity.role]} · {identity.organization.name}
          </Typography>
        </Box>
        <Divider />
        <MenuList id={menuId} autoFocusItem={anchor !== null} aria-label="Account">
          {items}
        </MenuList>
      </Popover>
    </>
  );
};
