/** The console-wide dialogs, loaded on first use so that they stay out of the first page's code. */
import { Suspense } from 'react';
import { lazy } from '../../lib/lazy';
import { useDialogStack } from '../dialogs/dialog-stack';

const ChangePasswordDialog = lazy(() =>
  import('../../components/ChangePasswordDialog').then((module) => ({
    default: module.ChangePasswordDialog,
  })),
);
const ContactSupportDialog = lazy(() =>
  import('../../components/ContactSupportDialog').then((module) => ({
    default: module.ContactSupportDialog,
  })),
);
const InviteUserChooserDialog = lazy(() =>
  import('../../features/account/users/InviteUserChooserDialog').then((module) => ({
    default: module.InviteUserChooserDialog,
  })),
);
const SimulateUserDialog = lazy(() =>
  import('./SimulateUserDialog').then((module) => ({ default: module.SimulateUserDialog })),
);

export const useAppDialogs = () => {
  const stack = useDialogStack();
  return {
    openChangePassword: () =>
      stack.open(
        'change-password',
        <Suspense fallback={null}>
          <ChangePasswordDialog />
        </Suspense>,
      ),
    openContactSupport: () =>
      stack.open(
        'contact-support',
        <Suspense fallback={null}>
          <ContactSupportDialog />
        </Suspense>,
      ),
    /** New user (§2 user menu): the roles the user may give, each opening its invite dialog. */
    openInviteUser: () =>
      stack.open(
        'invite-user',
        <Suspense fallback={null}>
          <InviteUserChooserDialog />
        </Suspense>,
      ),
    openSimulateUser: () =>
      stack.open(
        'simulate-user',
        <Suspense fallback={null}>
          <SimulateUserDialog />
        </Suspense>,
      ),
  };
};
