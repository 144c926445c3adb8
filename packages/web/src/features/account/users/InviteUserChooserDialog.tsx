import { ROLE_DESCRIPTIONS } from '@beacon/domain/dictionary/role-descriptions';
import { USER_ROLE_LABELS, type UserRole } from '@beacon/domain/dictionary/roles';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useDialogStack, useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { InviteUserDialog } from './InviteUserDialog';
import { invitableRoles, userManagerOf } from './roles';

/** Opens the invite dialog of one role (§2: one invite dialog per role) over whatever is open. */
export const useOpenInviteUser = () => {
  const stack = useDialogStack();
  return (role: UserRole, organization: { readonly id: number; readonly name: string }) =>
    stack.open(
      `invite-user-${role}`,
      <InviteUserDialog role={role} organizationId={organization.id} organizationName={organization.name} />,
    );
};

/**
 * "New user" (§2 user menu) and the users page's invite button: the roles the user may give in its
 * organization, each with what it can do; choosing one opens that role's invite dialog.
 */
export const InviteUserChooserDialog = () => {
  const { dialogProps, close } = useStackedDialog();
  const identity = useSessionStore(selectActiveIdentity);
  const openInvite = useOpenInviteUser();
  const roles = identity ? invitableRoles(userManagerOf(identity)) : [];

  return (
    <Dialog {...dialogProps} aria-labelledby="invite-user-title" maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id="invite-user-title">Invite a user</DialogTitle>
      <DialogContent dividers>
        {identity && roles.length > 0 ? (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              Choose the role of the new user in {identity.organization.name}. Each role opens only what it
              needs.
            </Typography>
            <List aria-label="Roles">
              {roles.map((role) => (
                <ListItem key={role} disablePadding>
                  <ListItemButton
                    onClick={() => {
                      close();
                      openInvite(role, identity.organization);
                    }}
                    sx={{ borderRadius: 1.5, alignItems: 'flex-start' }}
                  >
                    <ListItemText
                      primary={USER_ROLE_LABELS[role]}
                      secondary={ROLE_DESCRIPTIONS[role]}
                      slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                    />
                    <ChevronRight sx={{ color: 'text.secondary', mt: 1.5, ml: 1 }} aria-hidden />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </>
        ) : (
          <Typography color="text.secondary">Your role cannot invite users to this organization.</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={close}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
};
